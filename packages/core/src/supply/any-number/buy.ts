import { NumberType } from '@numbernest/contracts';
import { getServiceOffer, sampleNumbers, serviceCatalog, temporaryPriceOf, type CountryItem } from '../../catalogue';
import { ConflictError, notEnoughBalance } from '../../shared/errors';
import type { RentalItem } from '../../rentals';
import { findUser, type UserItem } from '../../accounts';
import { agentOffersFor } from '../agents/buy';
import { buyFromAgentOffer } from '../agents/agent-purchase';
import { buyFromUpstreamOffer, upstreamOffersFor } from '../upstreams/buy';
import { routePurchase, type RoutedSource } from '../router/route';
import type { SourceTry } from '../source-try';
import { buyFirstFree, candidateNumbers, earlierOrder, numberSampler, numberSearch, searchIdempotencyKey, type SearchKey } from './search';

export interface AnyTemporaryPurchase {
  user: UserItem;
  country: Pick<CountryItem, 'id' | 'iso' | 'dialCode'>;
  /** The service; `code` (its protocol code) lets partners' agents serve it, none leaves them out. */
  service: { id: number; code?: string };
  /** The activation's price now (the catalogue's): what an agent's share is reckoned from. */
  priceCents: number;
  /** Prefixes (country code first, as the number is written without its `+`) no number bought may start with. */
  exceptions?: readonly string[];
  key: SearchKey;
}

/**
 * THE way any Temporary number of a service in a country is bought: the router (supply/router)
 * asks our own numbers (a random sample, bought with the first still free), each partner's agent
 * with fresh stock for it and each upstream provider offering it within its margin, in the order
 * measured delivery, margin and speed give, within the operators' rules. Undefined when none sold. With an order key the purchase is idempotent: the
 * same key again, or a request running alongside with it, answers the one activation bought.
 * Limits, holds and balance refuse as any purchase does (their errors are thrown).
 */
export async function buyAnyTemporaryNumber({
  user,
  country,
  service,
  priceCents,
  exceptions = [],
  key,
}: AnyTemporaryPurchase): Promise<RentalItem | undefined> {
  const started = Date.now();
  const idempotencyKey = searchIdempotencyKey(key);
  const agentPurchase =
    service.code === undefined ? undefined : { user, country, service: { id: service.id, code: service.code }, exceptions, idempotencyKey, priceCents };
  const [agents, upstreams] = agentPurchase
    ? await Promise.all([agentOffersFor(agentPurchase), upstreamOffersFor(agentPurchase)])
    : [
        { offers: [], sumCents: 0 },
        { offers: [], skipped: [] },
      ];
  const sources: RoutedSource[] = [
    { source: 'own', marginCents: priceCents, callMs: 0, inHouse: true, ask: () => buyOwnNumber({ user, country, service, exceptions, key, idempotencyKey }) },
    ...agents.offers.map((offer): RoutedSource => ({
      source: `agent:${offer.agentId}`,
      marginCents: priceCents - agents.sumCents,
      callMs: offer.agent.lastLatencyMs ?? 0,
      ask: (deadlineMs) => buyFromAgentOffer({ ...agentPurchase!, sumCents: agents.sumCents }, offer, deadlineMs),
    })),
    ...upstreams.offers.map((offer): RoutedSource => ({
      source: `upstream:${offer.upstream.id}`,
      marginCents: priceCents - offer.costCents,
      callMs: offer.upstream.lastLatencyMs ?? 0,
      ask: (deadlineMs) => buyFromUpstreamOffer(agentPurchase!, offer, deadlineMs),
    })),
  ];
  return routePurchase({ user, countryId: country.id, serviceId: service.id, priceCents, started }, sources, upstreams.skipped).catch(
    async (error: unknown) => {
      // The same order bought meanwhile (a request running alongside): its activation is the answer.
      const earlier = 'order' in key && error instanceof ConflictError ? await earlierOrder(user, idempotencyKey) : undefined;
      if (earlier) return earlier;
      throw error;
    },
  );
}

/** A random sample of our own free numbers of the service, bought with the first still free. */
async function buyOwnNumber({
  user,
  country,
  service,
  exceptions,
  key,
  idempotencyKey,
}: Required<Pick<AnyTemporaryPurchase, 'user' | 'country' | 'service' | 'exceptions' | 'key'>> & { idempotencyKey: string }): Promise<SourceTry> {
  const started = Date.now();
  // Without exceptions one sample is enough; with them, room for the samples that follow (one bounded read either way).
  const sampled = exceptions.length ? numberSearch.sampleSize * numberSearch.samplesDrawn : numberSearch.sampleSize;
  const candidates = candidateNumbers(
    numberSampler(() => sampleNumbers(country.id, NumberType.Temporary, service.id, sampled)),
    exceptions,
  );
  const rental = await buyFirstFree(
    candidates,
    { user, request: (numberId) => ({ mobile_number_type_id: NumberType.Temporary, mobile_number_id: numberId, service_provider_id: service.id }) },
    key,
    idempotencyKey,
  );
  return rental ? { rental, outcome: 'bought', ms: Date.now() - started } : { outcome: 'no-numbers', ms: Date.now() - started };
}

export interface AnyNumberOrder {
  /** Reads the buyer's profile (consistent; refuses a blocked, deleted or unverified account). */
  loadUser: () => Promise<UserItem>;
  countryId: number;
  serviceId: number;
  /** The client's Idempotency-Key: the same key again answers the same activation and debits once. */
  idempotencyKey: string;
  exceptions?: readonly string[];
}

const noNumbers = (service: string, country: string) =>
  new ConflictError(`No ${service} numbers are free in ${country} right now`, 'NO_NUMBERS', { service, country });

/**
 * The web's "any number": a Temporary activation of the service in the country on whichever number
 * is free (`buyAnyTemporaryNumber`), at the catalogue's price. None free anywhere: ConflictError
 * NO_NUMBERS (409); short of balance: InsufficientFundsError (402) before any number is asked for.
 */
export async function buyAnyNumber({
  loadUser,
  countryId,
  serviceId,
  idempotencyKey,
  exceptions,
}: AnyNumberOrder): Promise<{ rental: RentalItem; balanceCents: number }> {
  const [user, { country, offer }, catalog] = await Promise.all([loadUser(), getServiceOffer(countryId, serviceId), serviceCatalog()]);
  const earlier = await earlierOrder(user, idempotencyKey);
  if (earlier) {
    if (earlier.typeId !== NumberType.Temporary || earlier.serviceId !== serviceId || earlier.countryId !== countryId)
      throw new ConflictError('This Idempotency-Key was already used for a different purchase', 'IDEMPOTENCY_KEY_REUSED');
    return { rental: earlier, balanceCents: (await findUser(user.sub))?.balanceCents ?? user.balanceCents };
  }
  const priceCents = temporaryPriceOf(country, offer);
  if (user.balanceCents < priceCents) throw notEnoughBalance(user.balanceCents, priceCents - user.balanceCents);
  const rental = await buyAnyTemporaryNumber({
    user,
    country,
    service: { id: serviceId, code: catalog.byId.get(serviceId)?.protocolCode },
    priceCents,
    exceptions,
    key: { order: idempotencyKey },
  });
  if (!rental) throw noNumbers(offer.name, country.name);
  const after = await findUser(user.sub);
  return { rental, balanceCents: after?.balanceCents ?? user.balanceCents - rental.priceCents };
}
