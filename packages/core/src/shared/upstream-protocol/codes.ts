import { countryCodes } from '@numbernest/contracts/handler-api';

/**
 * Our codes and the upstreams'. Countries are ours by ISO code: SMS-Activate numbers them (the
 * protocol's table, `countryCodes`: 0 Russia, 16 United Kingdom, 187 USA), 5sim names them in lower
 * case (its `/v1/guest/countries` keys: `russia`, `england`, `usa`, `southafrica`…). Services are ours
 * by their SMS-Activate code (a catalogue service's `protocolCode`: `tg`, `wa`, `go`), 5sim's by its
 * product name (`telegram`, `whatsapp`, `google`). A code in neither table is not carried: the helpers
 * answer undefined, never a guess.
 */

/** 5sim's country names, by our ISO code: every country of the seed and of the `countryCodes` table. */
export const fiveSimCountries: ReadonlyArray<readonly [iso: string, name: string]> = [
  ['ru', 'russia'],
  ['ua', 'ukraine'],
  ['kz', 'kazakhstan'],
  ['ph', 'philippines'],
  ['id', 'indonesia'],
  ['my', 'malaysia'],
  ['vn', 'vietnam'],
  ['pl', 'poland'],
  ['gb', 'england'],
  ['ng', 'nigeria'],
  ['eg', 'egypt'],
  ['in', 'india'],
  ['za', 'southafrica'],
  ['co', 'colombia'],
  ['ca', 'canada'],
  ['ar', 'argentina'],
  ['de', 'germany'],
  ['se', 'sweden'],
  ['nl', 'netherlands'],
  ['th', 'thailand'],
  ['mx', 'mexico'],
  ['es', 'spain'],
  ['tr', 'turkey'],
  ['pk', 'pakistan'],
  ['br', 'brazil'],
  ['fr', 'france'],
  ['it', 'italy'],
  ['pt', 'portugal'],
  ['ge', 'georgia'],
  ['au', 'australia'],
  ['jp', 'japan'],
  ['us', 'usa'],
];

/**
 * 5sim's product names, by the SMS-Activate code of our services (catalogue/protocol-codes.ts's
 * `serviceCodes`). X keeps its old product name, `twitter`.
 */
export const fiveSimProducts: ReadonlyArray<readonly [code: string, product: string]> = [
  ['tg', 'telegram'],
  ['wa', 'whatsapp'],
  ['go', 'google'],
  ['fb', 'facebook'],
  ['ig', 'instagram'],
  ['lf', 'tiktok'],
  ['am', 'amazon'],
  ['ub', 'uber'],
  ['mm', 'microsoft'],
  ['wx', 'apple'],
  ['ds', 'discord'],
  ['tw', 'twitter'],
  ['nf', 'netflix'],
  ['ts', 'paypal'],
  ['uk', 'airbnb'],
  ['tn', 'linkedin'],
  ['fu', 'snapchat'],
  ['vi', 'viber'],
  ['wb', 'wechat'],
  ['mb', 'yahoo'],
  ['oi', 'tinder'],
  ['mt', 'steam'],
  ['alj', 'spotify'],
  ['dh', 'ebay'],
  ['aon', 'binance'],
  ['re', 'coinbase'],
  ['dr', 'openai'],
  ['ka', 'shopee'],
  ['tu', 'lyft'],
  ['bw', 'signal'],
];

const lookup = <K, V>(pairs: ReadonlyArray<readonly [K, V]>) => new Map(pairs.map(([k, v]) => [k, v]));
const fiveSimByIso = lookup(fiveSimCountries);
const isoByFiveSim = lookup(fiveSimCountries.map(([iso, name]) => [name, iso] as const));
const smsActivateByIso = lookup(countryCodes.map(([id, iso]) => [iso, String(id)] as const));
const isoBySmsActivate = lookup(countryCodes.map(([id, iso]) => [String(id), iso] as const));
const productByCode = lookup(fiveSimProducts);
const codeByProduct = lookup(fiveSimProducts.map(([code, product]) => [product, code] as const));

/** Our country (ISO, any case) -> SMS-Activate's numeric id as a string (`gb` -> `16`). */
export const smsActivateCountryOfIso = (iso: string) => smsActivateByIso.get(iso.toLowerCase());
/** SMS-Activate's country id -> our ISO code (`187` -> `us`). */
export const isoOfSmsActivateCountry = (id: string) => isoBySmsActivate.get(id.trim());
/** Our country (ISO) -> 5sim's name (`gb` -> `england`). */
export const fiveSimCountryOfIso = (iso: string) => fiveSimByIso.get(iso.toLowerCase());
/** 5sim's country name -> our ISO code (`usa` -> `us`). */
export const isoOfFiveSimCountry = (name: string) => isoByFiveSim.get(name.toLowerCase());
/** Our service's SMS-Activate code -> 5sim's product (`tg` -> `telegram`). */
export const fiveSimProductOfCode = (code: string) => productByCode.get(code);
/** 5sim's product -> our service's SMS-Activate code (`whatsapp` -> `wa`). */
export const codeOfFiveSimProduct = (product: string) => codeByProduct.get(product.toLowerCase());

/** Our country and service in an upstream's codes (undefined when either is not carried). */
export function upstreamCodesOf(kind: 'sms-activate' | '5sim', iso: string, serviceCode: string): { country: string; service: string } | undefined {
  if (kind === 'sms-activate') {
    const country = smsActivateCountryOfIso(iso);
    return country === undefined ? undefined : { country, service: serviceCode };
  }
  const country = fiveSimCountryOfIso(iso);
  const service = fiveSimProductOfCode(serviceCode);
  return country === undefined || service === undefined ? undefined : { country, service };
}

/** An upstream's country and service in ours: ISO code and SMS-Activate service code (undefined when either is not carried). */
export function ourCodesOf(kind: 'sms-activate' | '5sim', country: string, service: string): { iso: string; serviceCode: string } | undefined {
  if (kind === 'sms-activate') {
    const iso = isoOfSmsActivateCountry(country);
    return iso === undefined ? undefined : { iso, serviceCode: service };
  }
  const iso = isoOfFiveSimCountry(country);
  const serviceCode = codeOfFiveSimProduct(service);
  return iso === undefined || serviceCode === undefined ? undefined : { iso, serviceCode };
}
