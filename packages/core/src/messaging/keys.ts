import { userPartition } from '../accounts';

/** Keys: docs/access-patterns.md. An orphan SMS is nobody's: for operators, never shown to a user. */
export const messageKeys = {
  prefix: 'MESSAGE#',
  item: (sub: string, id: string) => ({ pk: userPartition(sub), sk: `MESSAGE#${id}` }),
  /** Open orphans only (their count is a Query COUNT of this partition); an operator's decision moves one to its own partition. */
  orphans: 'ORPHAN_SMS',
  orphan: (id: string) => ({ pk: 'ORPHAN_SMS', sk: id }),
  assignedOrphan: (id: string) => ({ pk: 'ORPHAN_SMS_ASSIGNED', sk: id }),
  dismissedOrphan: (id: string) => ({ pk: 'ORPHAN_SMS_DISMISSED', sk: id }),
  inbound: (provider: string, providerMessageId: string) => ({ pk: `SMS#${provider}#${providerMessageId}`, sk: 'SMS' }),
  /** `day` is the UTC date, YYYY-MM-DD. */
  sentDay: (sub: string, day: string) => ({ pk: userPartition(sub), sk: `SMS_DAY#${day}` }),
};

/** How long an inbound record keeps answering replays (upstreams retry for up to 2 days). */
export const inboundRecordSeconds = 30 * 24 * 3600;
