/** Any Temporary number of a service in a country: our own free numbers first, then partners' agents (one way for the web and handler_api). */
export { buyAnyNumber, buyAnyTemporaryNumber, type AnyNumberOrder, type AnyTemporaryPurchase } from './buy';
export { avoidingPrefixes, buyFirstFree, candidateNumbers, earlierOrder, numberSampler, numberSearch, type SearchKey } from './search';
