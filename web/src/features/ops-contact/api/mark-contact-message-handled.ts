import type { ContactMessageHandledRequest, ContactMessageResult } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/contact-messages/{id}/handled: handled without an answer (409 CONTACT_MESSAGE_HANDLED when it was already). */
export const markContactMessageHandled = (id: string, body: ContactMessageHandledRequest = {}) =>
  apiRequest<ContactMessageResult>(`/ops/contact-messages/${encodeURIComponent(id)}/handled`, { method: 'POST', body });
