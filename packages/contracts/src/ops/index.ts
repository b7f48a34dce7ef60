// The operator console's wire types (every route under /api/ops/), one file per part of the console. Imported as
// @numbernest/contracts/ops, so only the console's Lambdas and pages carry them.
export * from './shared';
export * from './audit';
export * from './inventory';
export * from './sources';
export * from './catalogue';
export * from './money';
export * from './users';
export * from './messages';
export * from './overview';
export * from './holds';
export * from './routing';
