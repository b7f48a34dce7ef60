import * as z from 'zod/mini';
import { fieldErrors, singleLine } from '@numbernest/contracts';
import type { OperatorRef } from '@numbernest/contracts/ops';
import { readPartition, transact, txUpdate, updateItem, type Change } from '../shared/db';
import { serviceItem } from '../shared/db/items/catalogue-services';
import { auditPart } from '../accounts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import type { SenderPatterns, ServiceItem } from './items';
import { keys } from './keys';
import { cachedReference } from './reference-cache';

/**
 * What ties a service to the outside world, kept on its catalogue item (SERVICES / SERVICE#…):
 * its SMS-Activate code and the patterns that route its SMS. Both are catalogue data, read and
 * cached like the rest of it, so a service added or edited at run time is routed and carried by
 * the protocol within the cache's lifetime, with or without the seed.
 */

export interface CompiledPatterns {
  from: RegExp;
  body: RegExp;
}

export interface ServiceCatalog {
  byId: ReadonlyMap<number, ServiceItem>;
  /** The service a protocol code names. */
  byCode: ReadonlyMap<string, ServiceItem>;
  /** The service's compiled patterns; undefined when it has none (or they do not compile). */
  patternsOf: (serviceId: number) => CompiledPatterns | undefined;
}

/** Compiles a service's patterns with the flags routing matches them with; throws on a bad one. */
export const compilePatterns = (patterns: SenderPatterns): CompiledPatterns => ({
  from: new RegExp(patterns.from, 'u'),
  body: new RegExp(patterns.body, 'iu'),
});

function compiledOrNone(service: ServiceItem): CompiledPatterns | undefined {
  if (!service.patterns) return undefined;
  try {
    return compilePatterns(service.patterns);
  } catch {
    return undefined; // written around setServiceRouting's checks: its SMS become orphans, never a failed delivery
  }
}

function buildCatalog(services: readonly ServiceItem[]): ServiceCatalog {
  const byId = new Map(services.map((s) => [s.id, s]));
  const byCode = new Map<string, ServiceItem>();
  for (const s of services) if (s.protocolCode && !byCode.has(s.protocolCode)) byCode.set(s.protocolCode, s); // the partition is in id order
  const compiled = new Map(services.map((s) => [s.id, compiledOrNone(s)]));
  return { byId, byCode, patternsOf: (serviceId) => compiled.get(serviceId) };
}

/** Built once per loaded list: the list is the reference cache's, so this lives as long as it does. */
const built = new WeakMap<readonly ServiceItem[], ServiceCatalog>();

export const listServiceItems = () => cachedReference(keys.services, () => readPartition(serviceItem, { id: 0 }));

/** Every service with its protocol code and compiled patterns (cached like the rest of the catalogue). */
export async function serviceCatalog(): Promise<ServiceCatalog> {
  const services = await listServiceItems();
  let catalog = built.get(services);
  if (!catalog) built.set(services, (catalog = buildCatalog(services)));
  return catalog;
}

/** Why a pattern cannot route SMS: it does not compile, or it matches an empty text (which would claim every SMS). */
function patternProblem(source: string, flags: string): string | undefined {
  try {
    return new RegExp(source, flags).test('') ? 'Matches an empty text, so it would match every SMS.' : undefined;
  } catch (error) {
    return `Not a valid regular expression: ${(error as Error).message}`;
  }
}

const pattern = (flags: string) =>
  z.string().check(
    z.trim(),
    singleLine(),
    z.minLength(1, 'Give a regular expression.'),
    z.maxLength(500, 'At most 500 characters.'),
    z.superRefine((source, ctx) => {
      const problem = patternProblem(source, flags);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: source });
    }),
  );

export const serviceRoutingInput = z
  .strictObject({
    /** null: the protocol stops carrying the service. */
    code: z.optional(
      z.nullable(z.string().check(z.trim(), singleLine(), z.regex(/^[a-z0-9]{2,8}$/, '2 to 8 lower-case letters or digits, as SMS-Activate writes them.'))),
    ),
    patterns: z.optional(z.object({ from: pattern('u'), body: pattern('iu') })),
  })
  .check(z.refine((input) => input.code !== undefined || input.patterns !== undefined, { message: 'Give a code, patterns or both.', path: ['code'] }));

export type ServiceRoutingInput = z.input<typeof serviceRoutingInput>;

export type ServiceRouting = z.output<typeof serviceRoutingInput>;

/** The routing input checked: bad input -> ValidationError naming the fields. */
export function parseServiceRouting(input: unknown): ServiceRouting {
  const parsed = serviceRoutingInput.safeParse(input);
  if (!parsed.success) throw new ValidationError('Invalid request', fieldErrors(parsed.error.issues, 'input'));
  return parsed.data;
}

/** A change of a stored service (its attributes set and removed). */
export type ServiceChange = { set: NonNullable<Change<ServiceItem>['set']>; remove: NonNullable<Change<ServiceItem>['remove']> };

/**
 * The routing change of one service: a code another of `services` has -> ConflictError. `services` is the list as stored
 * now (read past the cache). Shared by setServiceRouting and the console's service edit.
 */
export function serviceRoutingUpdate(services: readonly ServiceItem[], serviceId: number, routing: ServiceRouting): ServiceChange {
  const { code, patterns } = routing;
  // Two operators giving one code to two services at the same instant is the one race left; the lower id would win in lookups.
  const holder = code ? services.find((s) => s.protocolCode === code && s.id !== serviceId) : undefined;
  if (holder) throw new ConflictError(`The code ${code} is already ${holder.name}'s (service ${holder.id})`, 'CONFLICT');
  return {
    set: { ...(code ? { protocolCode: code } : {}), ...(patterns ? { patterns } : {}) },
    remove: code === null ? ['protocolCode'] : [],
  };
}

/**
 * An operator sets a service's protocol code and/or its SMS patterns (`npm run ops -- service-routing`;
 * the console's service edit uses serviceRoutingUpdate with its other changes). Refused: bad input
 * (ValidationError naming the fields), an unknown service (NotFoundError), a code another service
 * has (ConflictError). With `audit`, the change and its audit entry are one transaction.
 * Lambdas see the change when their catalogue cache next reloads.
 */
export async function setServiceRouting(serviceId: number, input: unknown, audit?: { operator: OperatorRef; reason?: string }): Promise<ServiceItem> {
  const routing = parseServiceRouting(input);
  // Read past the cache: the check is against what is stored now.
  const services = await readPartition(serviceItem, { id: 0 });
  const service = services.find((s) => s.id === serviceId);
  const notFound = () => new NotFoundError(`Service ${serviceId} not found`, 'NOT_FOUND');
  if (!service) throw notFound();
  const change = { ...serviceRoutingUpdate(services, serviceId, routing), onConditionFailed: notFound };
  if (!audit) return (await updateItem(serviceItem, { id: serviceId }, change))!;
  const after = routedAfter(service, routing);
  await transact([
    txUpdate(serviceItem, { id: serviceId }, change),
    auditPart(
      {
        ...audit,
        action: 'catalogue.service.routing',
        target: { type: 'service', id: String(serviceId) },
        before: routingOf(service),
        after: routingOf(after),
      },
      undefined,
      notFound,
    ),
  ]);
  return after;
}

/** A service's routing as the audit list shows it. */
export const routingOf = (s: ServiceItem) => ({ code: s.protocolCode ?? null, patterns: s.patterns ?? null });

/** The service with a (checked) routing input applied. */
export function routedAfter(service: ServiceItem, { code, patterns }: ServiceRouting): ServiceItem {
  const { protocolCode: _old, ...rest } = service;
  const protocolCode = code === undefined ? service.protocolCode : (code ?? undefined);
  return { ...rest, ...(protocolCode ? { protocolCode } : {}), ...(patterns ? { patterns } : {}) };
}
