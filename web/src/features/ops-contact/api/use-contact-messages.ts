import type { ContactMessage, ContactMessageStatus } from '@numbernest/contracts/ops';
import { useCursorPages } from '@/lib/use-cursor-pages';

/** GET /ops/contact-messages?status=: one tab of the contact inbox, newest first, a page at a time. */
export const useContactMessages = (status: ContactMessageStatus) => useCursorPages<ContactMessage>(`/ops/contact-messages?status=${status}`);
