import { userPartition } from '../../accounts';

/** A user's notifications live in the user's partition; ids sort by time, so the newest come last. */
export const notificationKeys = {
  prefix: 'NOTIFICATION#',
  item: (sub: string, id: string) => ({ pk: userPartition(sub), sk: `NOTIFICATION#${id}` }),
};
