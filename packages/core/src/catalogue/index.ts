export * from './items';
export { keys as catalogKeys } from './keys';
export { flagUrl, serviceLogoUrl } from '../shared/images';
export { listRentTimes } from './rent-times';
export { cachedReference, clearReferenceCache, forgetReference } from './reference-cache';
export { listCountries, getCountry } from './countries';
export { listServices, listCatalogServices, getServiceOffer, temporaryPriceOf } from './services';
export {
  serviceCatalog,
  setServiceRouting,
  compilePatterns,
  serviceRoutingInput,
  type ServiceCatalog,
  type CompiledPatterns,
  type ServiceRoutingInput,
} from './service-routing';
export { listPrivateCountries, getPrivateOffer } from './private-offers';
export { listNumbers, getNumberFacts, numberFactsOf, sourceOf, type NumberFacts } from './numbers';
export {
  readNumbersPage,
  sampleNumbers,
  availableCount,
  availableCounts,
  availableCountCap,
  temporaryAvailability,
  cachedDeliveryRates,
  budgetPerNumber,
  type NumbersPageRequest,
  type NumbersPage,
} from './picker';
export { summarizePrices, toPriceSummary, getPriceSummary } from './price-summary';
export { catalogCacheSeconds } from '../shared/settings';
export {
  opsCatalogue,
  opsOffersOf,
  putOffer,
  putPrivateOffer,
  deletePrivateOffer,
  bulkPrices,
  addCountry,
  updateCountry,
  addService,
  updateService,
  recomputePriceSummary,
  summaryOf,
  type Editor,
} from './admin';
export { listCountryItems } from './countries';
export { numberRecords } from './number-items';
export { countryCodes, countryIdOfIso, isoOfCountryId, russianCountryName, serviceCodes } from './protocol-codes';
export { listOfferItems } from './services';
export {
  recordAgentStock,
  dropAgentStock,
  agentStockIn,
  agentStockCounts,
  agentStockOf,
  stockByService,
  agentStockFreshMs,
  type AgentStock,
  type OperatorStock,
} from './agent-stock';
export { recordUpstreamStock, dropUpstreamStock, upstreamStockIn, upstreamStockFreshMs, type UpstreamOffer, type UpstreamStock } from './upstream-stock';
