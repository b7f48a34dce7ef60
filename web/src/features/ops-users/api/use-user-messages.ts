import type { Message, MessageBox } from '@numbernest/contracts';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { opsUserApiPath } from './use-ops-user';

/** GET /ops/users/{sub}/messages?box=: the customer's SMS of one box, newest first, a page at a time. */
export const useUserMessages = (sub: string, box: MessageBox) => useCursorPages<Message>(`${opsUserApiPath(sub)}/messages?box=${box}`);
