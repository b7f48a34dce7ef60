import type { OpsTopUp } from '@numbernest/contracts/ops';
import { useCursorPages } from '@/lib/use-cursor-pages';

/** GET /ops/top-ups?status=review: the top-ups waiting for an operator, newest first, a page at a time. */
export const useTopUpsInReview = () => useCursorPages<OpsTopUp>('/ops/top-ups?status=review');
