import type { PushPublicKeyReply } from '@numbernest/contracts/push';
import { vapidPublicKey } from '@numbernest/core/push';
import { httpHandler } from '../lib/http';

/** GET /api/user/push/public-key -> { data: { key } }: the VAPID key a browser subscribes with. */
export const handler = httpHandler({ auth: true }, async (): Promise<PushPublicKeyReply> => ({ data: { key: vapidPublicKey() } }));
