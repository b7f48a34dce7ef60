import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { fieldErrors } from '@numbernest/contracts';
import { db, queryPartition, tableName, withoutKeys } from '../db';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
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

export const listServiceItems = () => cachedReference(keys.services, () => queryPartition<ServiceItem>(keys.services));

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
    code: z.optional(z.nullable(z.string().check(z.trim(), z.regex(/^[a-z0-9]{2,8}$/, '2 to 8 lower-case letters or digits, as SMS-Activate writes them.')))),
    patterns: z.optional(z.object({ from: pattern('u'), body: pattern('iu') })),
  })
  .check(z.refine((input) => input.code !== undefined || input.patterns !== undefined, { message: 'Give a code, patterns or both.', path: ['code'] }));

export type ServiceRoutingInput = z.input<typeof serviceRoutingInput>;

/**
 * An operator sets a service's protocol code and/or its SMS patterns (the operator console calls
 * this; `npm run ops -- service-routing` until there is one). Refused: bad input (ValidationError
 * naming the fields), an unknown service (NotFoundError), a code another service has (ConflictError).
 * Lambdas see the change when their catalogue cache next reloads.
 */
export async function setServiceRouting(serviceId: number, input: unknown): Promise<ServiceItem> {
  const parsed = serviceRoutingInput.safeParse(input);
  if (!parsed.success) throw new ValidationError('Invalid request', fieldErrors(parsed.error.issues, 'input'));
  const { code, patterns } = parsed.data;
  // Read past the cache: the check is against what is stored now. Two operators giving one code to
  // two services at the same instant is the one race left; the lower id would win in lookups.
  const services = await queryPartition<ServiceItem>(keys.services);
  const service = services.find((s) => s.id === serviceId);
  if (!service) throw new NotFoundError(`Service ${serviceId} not found`, 'NOT_FOUND');
  const holder = code ? services.find((s) => s.protocolCode === code && s.id !== serviceId) : undefined;
  if (holder) throw new ConflictError(`The code ${code} is already ${holder.name}'s (service ${holder.id})`, 'CONFLICT');

  const set: string[] = [];
  const remove: string[] = [];
  const values: Record<string, unknown> = {};
  if (code === null) remove.push('protocolCode');
  else if (code !== undefined) {
    set.push('protocolCode = :code');
    values[':code'] = code;
  }
  if (patterns) {
    set.push('patterns = :patterns');
    values[':patterns'] = patterns;
  }
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.service(serviceId),
        UpdateExpression: [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''].join(' ').trim(),
        ConditionExpression: 'attribute_exists(pk)',
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys(Attributes as ServiceItem);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new NotFoundError(`Service ${serviceId} not found`, 'NOT_FOUND');
    throw error;
  }
}
