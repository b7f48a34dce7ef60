export * from './items';
export { keys as catalogKeys } from './keys';
export { flagUrl, serviceLogoUrl } from '../images';
export { listRentTimes } from './rent-times';
export { listCountries, getCountry } from './countries';
export { listServices, getServiceOffer } from './services';
export { listPrivateCountries, getPrivateOffer } from './private-offers';
export { listNumbers, getNumberById } from './numbers';
export { summarizePrices, toPriceSummary, getPriceSummary } from './price-summary';
