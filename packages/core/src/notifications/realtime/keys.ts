import { socketByIdItem, socketOfUserItem, socketPrefix } from '../../shared/db/items/sockets';

/** A browser tab's open WebSocket is stored twice: in the user's partition, for publishing, and under its connection id, for its owner. */
export const socketKeys = {
  prefix: socketPrefix,
  ofUser: (sub: string, connectionId: string) => socketOfUserItem.key({ sub, connectionId }),
  owner: (connectionId: string) => socketByIdItem.key({ connectionId }),
};
