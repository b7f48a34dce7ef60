import type { WebhookDelivery } from '@numbernest/contracts';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { opsUserApiPath } from './use-ops-user';

/** GET /ops/users/{sub}/webhook-deliveries: the customer's webhook deliveries, a page at a time. */
export const useUserWebhookDeliveries = (sub: string) => useCursorPages<WebhookDelivery>(`${opsUserApiPath(sub)}/webhook-deliveries`);
