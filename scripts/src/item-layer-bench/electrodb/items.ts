/** The item types of the comparison with ElectroDB: its own schema, keys as templates over composite attributes. */
import { Entity, Service } from 'electrodb';
import { documentClient, ledgerKinds, tableName } from '../shared';

// ElectroDB takes the table when an entity is made (or per call): here, when the module loads.
const configuration = { table: tableName(), client: documentClient };
const model = (entity: string) => ({ entity, version: '1', service: 'numbernest' });

export const account = new Entity(
  {
    model: model('account'),
    attributes: {
      sub: { type: 'string', required: true },
      email: { type: 'string', required: true },
      balanceCents: { type: 'number', required: true },
      ledgerSeq: { type: 'number' },
      createdAt: { type: 'string', required: true },
    },
    indexes: {
      primary: {
        pk: { field: 'pk', composite: ['sub'], template: 'USER#${sub}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
      },
    },
  },
  configuration,
);

export const ledgerEntry = new Entity(
  {
    model: model('ledgerEntry'),
    attributes: {
      sub: { type: 'string', required: true },
      seq: { type: 'number', required: true, padding: { length: 10, char: '0' } },
      id: { type: 'string', required: true },
      kind: { type: ledgerKinds, required: true },
      amountCents: { type: 'number', required: true },
      balanceAfterCents: { type: 'number', required: true },
      reference: { type: 'string', required: true },
      description: {
        type: 'map',
        required: true,
        properties: { key: { type: 'string', required: true }, params: { type: 'any' } },
      },
      createdAt: { type: 'string', required: true },
    },
    indexes: {
      primary: {
        pk: { field: 'pk', composite: ['sub'], template: 'USER#${sub}', casing: 'none' },
        sk: { field: 'sk', composite: ['seq'], template: 'LEDGER#${seq}', casing: 'none' },
      },
    },
  },
  configuration,
);

export const idempotencyMarker = new Entity(
  {
    model: model('idempotencyMarker'),
    attributes: {
      idempotencyKey: { type: 'string', required: true },
      sub: { type: 'string', required: true },
      seq: { type: 'number', required: true },
      createdAt: { type: 'string', required: true },
    },
    indexes: {
      primary: {
        pk: { field: 'pk', composite: ['idempotencyKey'], template: 'LEDGER_KEY#${idempotencyKey}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'LEDGER_KEY', casing: 'none' },
      },
    },
  },
  configuration,
);

/**
 * A top-up, for how an index and a TTL are declared: the sparse `dueByTime` queue as an index whose
 * keys are templates (`condition` keeps the item out of it unless pending), the TTL an attribute
 * computed on write (ElectroDB has no TTL of its own).
 */
export const topUp = new Entity(
  {
    model: model('topUp'),
    attributes: {
      id: { type: 'string', required: true },
      sub: { type: 'string', required: true },
      amountCents: { type: 'number', required: true },
      status: { type: ['pending', 'paid', 'failed', 'expired'] as const, required: true },
      createdAt: { type: 'string', required: true },
      expiresAtIso: { type: 'string', required: true },
      expiresAt: {
        type: 'number',
        watch: ['createdAt'],
        set: (_, { createdAt }) => Math.floor(Date.parse(createdAt as string) / 1000) + 365 * 24 * 3600,
      },
    },
    indexes: {
      primary: {
        pk: { field: 'pk', composite: ['id'], template: 'TOPUP#${id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'TOPUP', casing: 'none' },
      },
      dueByTime: {
        index: 'dueByTime',
        condition: (topUp) => topUp.status === 'pending',
        pk: { field: 'dueQueue', composite: [], template: 'TOPUP_EXPIRY', casing: 'none' },
        sk: { field: 'dueAt', composite: ['expiresAtIso'], template: '${expiresAtIso}', casing: 'none' },
      },
    },
  },
  configuration,
);

export const ledger = new Service({ account, ledgerEntry, idempotencyMarker });
