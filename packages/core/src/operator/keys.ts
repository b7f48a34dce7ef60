/** Keys: docs/access-patterns.md. The audit list is one partition, newest last (sk is a time id). */
export const auditKeys = {
  partition: 'AUDIT',
  entry: (id: string) => ({ pk: 'AUDIT', sk: `ENTRY#${id}` }),
};
