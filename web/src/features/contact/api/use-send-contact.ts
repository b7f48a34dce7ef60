import useSWRMutation from 'swr/mutation';
import type { ContactRequest } from '@numbernest/contracts';
import { apiRequest, type ApiError } from '@/lib/api-client';

export interface ContactReply {
  message: string;
  /** Reference id shown to the visitor. */
  id: string;
}

/** POST /api/contact-us. `trigger` rejects with ApiError (field errors in `body.errors`). */
export function useSendContact() {
  return useSWRMutation<ContactReply, ApiError, string, ContactRequest>('/contact-us', (path, { arg }) =>
    apiRequest<ContactReply>(path, { method: 'POST', body: arg }),
  );
}
