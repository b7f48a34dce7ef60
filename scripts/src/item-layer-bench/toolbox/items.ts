/** The item types of the comparison with dynamodb-toolbox v2: its own schema, keys computed from key attributes. */
// Deep imports, as the library's docs advise for bundle size.
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { record } from 'dynamodb-toolbox/schema/record';
import { string } from 'dynamodb-toolbox/schema/string';
import { Table } from 'dynamodb-toolbox/table';
import { documentClient, ledgerKinds, tableName } from '../shared';

export const table = new Table({
  name: tableName,
  partitionKey: { name: 'pk', type: 'string' },
  sortKey: { name: 'sk', type: 'string' },
  indexes: { dueByTime: { type: 'global', partitionKey: { name: 'dueQueue', type: 'string' }, sortKey: { name: 'dueAt', type: 'string' } } },
  documentClient,
});

// No entity attribute (`_et`) nor timestamps (`_ct`, `_md`): the stored items stay as core writes them today.
const plain = { table, entityAttribute: false, timestamps: false } as const;
const userPartition = (sub: string) => `USER#${sub}`;

export const account = new Entity({
  ...plain,
  name: 'account',
  schema: item({
    sub: string().key(),
    email: string(),
    balanceCents: number(),
    ledgerSeq: number().optional(),
    createdAt: string(),
  }),
  computeKey: ({ sub }) => ({ pk: userPartition(sub), sk: 'PROFILE' }),
});

export const ledgerEntry = new Entity({
  ...plain,
  name: 'ledgerEntry',
  schema: item({
    sub: string().key(),
    seq: number().key(),
    id: string(),
    kind: string().enum(...ledgerKinds),
    amountCents: number(),
    balanceAfterCents: number(),
    reference: string(),
    description: map({ key: string(), params: record(string(), string()).optional() }),
    createdAt: string(),
  }),
  computeKey: ({ sub, seq }) => ({ pk: userPartition(sub), sk: `LEDGER#${String(seq).padStart(10, '0')}` }),
});

export const idempotencyMarker = new Entity({
  ...plain,
  name: 'idempotencyMarker',
  schema: item({ idempotencyKey: string().key(), sub: string(), seq: number(), createdAt: string() }),
  computeKey: ({ idempotencyKey }) => ({ pk: `LEDGER_KEY#${idempotencyKey}`, sk: 'LEDGER_KEY' }),
});

const topUpSchema = item({
  id: string().key(),
  sub: string(),
  amountCents: number(),
  status: string().enum('pending', 'paid', 'failed', 'expired'),
  createdAt: string(),
  expiresAtIso: string(),
});

/**
 * A top-up, for how an index and a TTL are declared: both are attributes linked to others (computed
 * on a Put); the table knows the index, the entity only writes its keys; no notion of TTL.
 */
export const topUp = new Entity({
  ...plain,
  name: 'topUp',
  schema: topUpSchema.and({
    dueQueue: string()
      .optional()
      .link<typeof topUpSchema>(({ status }) => (status === 'pending' ? 'TOPUP_EXPIRY' : undefined)),
    dueAt: string()
      .optional()
      .link<typeof topUpSchema>(({ status, expiresAtIso }) => (status === 'pending' ? expiresAtIso : undefined)),
    expiresAt: number().link<typeof topUpSchema>(({ createdAt }) => Math.floor(Date.parse(createdAt) / 1000) + 365 * 24 * 3600),
  }),
  computeKey: ({ id }) => ({ pk: `TOPUP#${id}`, sk: 'TOPUP' }),
});
