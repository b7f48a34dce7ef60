/**
 * Test-only: numbers that belong to one test file. Test files run in parallel against one local
 * cloud; when they rented from the seeded numbers, one file's outcome could depend on what another
 * had just bought (a 409, an empty list). Each file instead adds its own numbers to the table,
 * under fresh ids and E.164s, and rents only those: nobody else knows their ids.
 *
 * They go into seeded countries (so the prices, services and private offers are the seeded ones),
 * but never into the countries whose free numbers other tests count or have the server pick: the
 * catalogue fixtures, the handler API's getNumber countries (43 Germany, 54 Mexico, 73 Brazil,
 * 86 Italy; 15 Poland, handler-api-activations.test.ts's alone; the Netherlands, fivesim-api.test.ts's alone; 46 Sweden, max-prices.test.ts's alone; Argentina, hoarding.test.ts's alone; Japan,
 * delivery.test.ts's alone, as it counts a country's deliveries), the countries where "any number" is
 * bought and our own must run out or be skipped first (the US, agents-supply.test.ts's; Thailand,
 * any-number.test.ts's; Colombia, router.test.ts's),
 * and the last four countries and the phones' countries (gatewayCountries), where sms.test.ts rents
 * seeded numbers.
 */
import './api'; // first: points this process at the local cloud
import { randomInt } from 'node:crypto';
import { NumberType, standingFigures, type PurchaseRequest } from '@numbernest/contracts';
import type { NumberSource } from '@numbernest/core/catalogue';
import { catalogFixture, gatewayCountries, seedCatalog } from '@numbernest/core/seed';

export interface OwnNumber {
  numberId: number;
  countryId: number;
  typeId: NumberType;
  e164: string;
}

const reservedIsos = new Set(['de', 'mx', 'br', 'it', 'pl', 'nl', 'se', 'ar', 'jp', 'us', 'th', 'co', ...gatewayCountries]);
const reservedCountryIds = new Set([
  catalogFixture.shared.countryId,
  catalogFixture.temporary.countryId,
  catalogFixture.private.countryId,
  catalogFixture.temporaryNotOffered.countryId,
  catalogFixture.serviceWithoutDiscounts.countryId,
  catalogFixture.serviceWithDiscounts.countryId,
  ...seedCatalog.countries.filter((c) => reservedIsos.has(c.iso)).map((c) => c.id),
  ...seedCatalog.countries.slice(-4).map((c) => c.id),
]);

/** Seeded countries whose numbers no test counts or has the server pick: where own numbers go. */
export const openCountryIds = seedCatalog.countries.map((c) => c.id).filter((id) => !reservedCountryIds.has(id));
const open = new Set(openCountryIds);

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

type SeedOffer = (typeof seedCatalog.offers)[number];

/** A seeded service offer in an open country (Temporary-priced when asked, and as `where` wants). */
export function openOffer(options: { temporary?: boolean; serviceId?: number; where?: (offer: SeedOffer) => boolean } = {}): SeedOffer {
  const offers = seedCatalog.offers.filter(
    (o) =>
      open.has(o.countryId) &&
      (!options.temporary || o.temporaryPriceCents !== undefined) &&
      (options.serviceId === undefined || o.serviceId === options.serviceId) &&
      (options.where?.(o) ?? true),
  );
  if (!offers.length) throw new Error('No seeded offer in an open country fits');
  return pick(offers);
}

/** A seeded private offer in an open country. */
export const openPrivateOffer = () => pick(seedCatalog.privateOffers.filter((p) => open.has(p.countryId)));

const ownIds = new Map<string, number>();
const ownById = new Map<number, OwnNumber>();

/** A number this process added, by its id (its country and E.164). */
export function ownNumber(numberId: number): OwnNumber {
  const number = ownById.get(numberId);
  if (!number) throw new Error(`${numberId} is not a number this test file added`);
  return number;
}

/** The id of a number this process added, by its E.164 (a rental shows the number, not its id). */
export function numberIdOf(e164: string): number {
  const id = ownIds.get(e164);
  if (id === undefined) throw new Error(`${e164} is not a number this test file added`);
  return id;
}

/** A fresh E.164 shaped like the country's seeded ones (same length and leading digits). */
function freshE164(countryId: number): string {
  const model = pick(seedCatalog.numbers.filter((n) => n.countryId === countryId)).e164;
  const tail = Math.min(7, model.length - 4);
  return model.slice(0, model.length - tail) + String(randomInt(10 ** tail)).padStart(tail, '0');
}

/**
 * `count` new available numbers of a type in a seeded country, with their lookup items (by id for a
 * purchase, by E.164 for inbound SMS). Written only if no item has those keys yet: a clash draws again.
 */
export async function ownNumbers(typeId: NumberType, countryId: number, count = 1, source: NumberSource = { provider: 'twilio' }): Promise<OwnNumber[]> {
  const { tableName, transactWrite, failedCondition } = await import('@numbernest/core/db');
  const { catalogKeys } = await import('@numbernest/core/catalogue');
  const put = (item: object) => ({ Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } });
  const make = async (): Promise<OwnNumber> => {
    for (;;) {
      // Seeded ids are small and sequential: these start far above them.
      const number: OwnNumber = { numberId: 10_000_000 + randomInt(80_000_000), countryId, typeId, e164: freshE164(countryId) };
      const facts = { ...number, source };
      try {
        await transactWrite([
          put({
            ...catalogKeys.number(countryId, typeId, number.numberId),
            ...number,
            status: 'available',
            pickerList: catalogKeys.pickerList(countryId, typeId),
          }),
          put({ ...catalogKeys.numberById(number.numberId), ...facts }),
          put({ ...catalogKeys.numberByPhone(number.e164), ...facts }),
        ]);
        ownIds.set(number.e164, number.numberId);
        ownById.set(number.numberId, number);
        return number;
      } catch (error) {
        if (!failedCondition(error)) throw error;
      }
    }
  };
  return Promise.all(Array.from({ length: count }, make));
}

/**
 * How many numbers a slice (country, type, service) needs for one account to hold `count` of them:
 * an account holds at most a quarter of a slice's stock beyond its first two (standing rules).
 */
export const stockFor = (count: number) => (count <= standingFigures.sliceFloor ? count : Math.ceil(count / standingFigures.sliceShare));

/** Purchase requests for own Shared numbers in an open country offering the service (a random one when not given). */
export async function ownShared(count = 1, serviceId?: number): Promise<Extract<PurchaseRequest, { mobile_number_type_id: 1 }>[]> {
  const offer = openOffer({ serviceId });
  const numbers = await ownNumbers(NumberType.Shared, offer.countryId, count);
  return numbers.map((n) => ({ mobile_number_type_id: 1 as const, mobile_number_id: n.numberId, service_provider_id: offer.serviceId, rent_time_id: 1 }));
}

/** Purchase requests for own Temporary activations in an open country. */
export async function ownTemporary(count = 1, serviceId?: number): Promise<PurchaseRequest[]> {
  const offer = openOffer({ temporary: true, serviceId });
  const numbers = await ownNumbers(NumberType.Temporary, offer.countryId, count);
  return numbers.map((n) => ({ mobile_number_type_id: 3, mobile_number_id: n.numberId, service_provider_id: offer.serviceId }));
}

/** Purchase requests for own Private numbers (one week) in an open country with a private offer. */
export async function ownPrivate(count = 1): Promise<PurchaseRequest[]> {
  const offer = openPrivateOffer();
  const numbers = await ownNumbers(NumberType.Private, offer.countryId, count);
  return numbers.map((n) => ({ mobile_number_type_id: 2, mobile_number_id: n.numberId, rent_time_id: 1 }));
}
