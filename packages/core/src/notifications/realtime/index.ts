/** The push events are the contract's (@numbernest/contracts pushEventSchema). */
export type { PushEvent } from '@numbernest/contracts';
export { publish } from './publish';
export { socketKeys } from './keys';
export {
  saveConnection,
  touchConnection,
  removeConnection,
  connectionsOf,
  forgetGoneConnection,
  socketLifetimeSeconds,
  mayHaveOpenSockets,
  type SocketItem,
} from './connections';
export { managementEndpoint, postToConnection, closeConnection } from './management';
export { closeConnectionsOf, sessionMarks, socketRevoked, type SessionMarks } from './sessions';
export { verifySocketToken, resetSocketTokenVerifier, type SocketIdentity } from './token';
