// Back from a provider: the outcome comes from the API (the wallet's return page), not from the URL.
export { default } from './TopUpReturnPage';
