import type { ContactMessageReplyRequest, ContactMessageResult } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/contact-messages/{id}/reply: the answer is e-mailed to the sender and kept; the message is handled. */
export const replyToContactMessage = (id: string, body: ContactMessageReplyRequest) =>
  apiRequest<ContactMessageResult>(`/ops/contact-messages/${encodeURIComponent(id)}/reply`, { method: 'POST', body });
