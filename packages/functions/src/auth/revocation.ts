import { closeConnectionsOf } from '@numbernest/core/notifications';
import { revokeTokens } from '@numbernest/core/accounts';

/**
 * The user's sessions end on every channel: the tokens issued so far are refused by every user
 * route and by `$connect` (core/accounts/user/sessions.ts), then every open WebSocket is closed. In this
 * order, so a socket connecting meanwhile is either closed here or refused by its own `$connect`.
 */
export async function endSessions(sub: string): Promise<void> {
  await revokeTokens(sub);
  await closeConnectionsOf(sub);
}
