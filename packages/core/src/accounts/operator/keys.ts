/** Keys: docs/access-patterns.md. The audit list is one partition, newest last (sk is a time id). */
export const auditKeys = {
  partition: 'AUDIT',
  entry: (id: string) => ({ pk: 'AUDIT', sk: `ENTRY#${id}` }),
  /** The sort key every entry made at or after `ms` (epoch milliseconds) sorts after: an id's leading time. */
  entryPrefix: (ms: number) => `ENTRY#${ms.toString(36).padStart(9, '0')}`,
};
