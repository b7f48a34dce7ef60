/**
 * The client side of upstream providers' APIs, for reselling their Temporary activations: the
 * SMS-Activate protocol (`/stubs/handler_api.php`, spoken by HeroSMS, Grizzly, SMSHub, DaisySMS…) and
 * 5sim's v1 API, behind one interface (`upstreamPrices`, `upstreamBalance`, `upstreamBuy`,
 * `upstreamStatus`, `upstreamEnd`), and the tables between our codes and theirs. Every call goes
 * through the SSRF guard (http or https, public addresses; locally this machine too), connects only
 * to the addresses checked and ends by its deadline; an upstream's misbehaviour (slow, down, an HTTP
 * error, an answer outside its protocol, a refused key) is a result, never an exception. Prices and
 * balances are the decimals the upstream wrote, never floats. A kernel module of its own that every
 * caller imports lazily (`await import(...)`): undici and lossless-json stay out of cold starts.
 */
export * from './types';
export * from './client';
export * from './codes';
export { compareDecimals } from './fivesim';
export { upstreamUserAgent, maxUpstreamReplyBytes } from './transport';
