import useSWR from 'swr';
import type { MessagesReply } from '@numbernest/contracts';
import { swrFetcher, type ApiError } from '@/lib/api-client';
import { messagesPath, type MessagesQuery } from './keys';

/**
 * One page of messages, newest first: a folder (inbox, sent), one rental's conversation, or both.
 * `refreshMs` asks again on a timer (a rental page waiting for a code, in case push is down).
 */
export function useMessages(query: MessagesQuery, { enabled = true, refreshMs = 0 } = {}) {
  return useSWR<MessagesReply, ApiError>(enabled ? messagesPath(query) : null, swrFetcher, { keepPreviousData: true, refreshInterval: refreshMs });
}
