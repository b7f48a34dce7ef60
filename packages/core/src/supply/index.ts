export * from './inventory';
export * from './sources';
export { backfillNumber } from './inventory/backfill';
export { touchDevice } from './sources/device-seen';
export * from './agents';
export * from './any-number';
export * from './upstreams';
export { deliveryBySourceView, purchaseDecisionsView } from './router/views';
