export * from './handler-api';
export { apiKeyKeys } from './handler-api/keys';
export type { ApiKeyItem } from './handler-api/keys';
export { handleFiveSimRequest, type FiveSimRequest, type FiveSimAnswer } from './fivesim-api';
export { listMaxPrices, saveMaxPrice, removeMaxPrice, maxPriceCentsFor, maxPriceBounds, type MaxPrice } from './max-prices';
