/** The operator console's service edits: adding a service and changing its name, slug, code or SMS patterns. */
import { fieldProblem } from '@numbernest/contracts';
import type { OpsService, ServiceCreate, ServicePatch } from '@numbernest/contracts/ops';
import { cancellationReasons, putNew, tableName, transactWrite, updateExpression, type UpdateParts } from '../shared/db';
import { ConflictError, ValidationError } from '../shared/errors';
import { audit, catalogueWrite, mark, maxItemsPerWrite, put, readServices, serviceOf, type Editor, type Stored } from './catalogue-write';
import type { ServiceItem } from './items';
import { keys } from './keys';
import { toOpsService } from './ops-shapes';
import { parseServiceRouting, routedAfter, routingOf, serviceRoutingUpdate } from './service-routing';

const serviceAudit = (s: ServiceItem) => ({ name: s.name, slug: s.slug, ...routingOf(s) });
const routingInput = (input: { code?: string | null | undefined; patterns?: { from: string; body: string } | undefined }) => ({
  ...(input.code !== undefined ? { code: input.code } : {}),
  ...(input.patterns !== undefined ? { patterns: input.patterns } : {}),
});

/** Adds a service (offered nowhere until an offer is set). Code and patterns are checked as setServiceRouting checks them. */
export async function addService(input: ServiceCreate, by: Editor, now = new Date()): Promise<OpsService> {
  const services = await readServices();
  const routing = input.code !== undefined || input.patterns !== undefined ? parseServiceRouting(routingInput(input)) : {};
  const id = Math.max(0, ...services.map((s) => s.id)) + 1;
  const clash = services.find((s) => s.slug === input.slug);
  if (clash) throw new ConflictError(`The slug ${input.slug} is already ${clash.name}'s`, 'SERVICE_EXISTS', { service: clash.name });
  if (routing.code !== undefined) serviceRoutingUpdate(services, id, routing); // refuses a code another service has
  const service: Stored<ServiceItem> = { ...routedAfter({ id, name: input.name, slug: input.slug }, routing), ...mark(by, now) };
  try {
    await transactWrite([
      putNew({ ...keys.service(id), ...service }),
      audit(by, 'catalogue.service.add', { type: 'service', id: String(id) }, null, serviceAudit(service)),
    ]);
  } catch (error) {
    if (cancellationReasons(error).includes('ConditionalCheckFailed'))
      throw new ConflictError('Another service was added meanwhile; try again', 'CONCURRENT_CHANGE');
    throw error;
  }
  return toOpsService(service);
}

/**
 * Changes a service's name, slug, SMS-Activate code and/or SMS patterns. Offers repeat the name and
 * slug (a country's list is one Query), so a rename rewrites each of its offers in the same transaction.
 */
export async function updateService(serviceId: number, input: ServicePatch, by: Editor, now = new Date()): Promise<OpsService> {
  const hasRouting = input.code !== undefined || input.patterns !== undefined;
  const routing = hasRouting ? parseServiceRouting(routingInput(input)) : {};
  return catalogueWrite(async (state) => {
    const services = await readServices();
    const before = serviceOf(services, serviceId);
    const slugClash = input.slug !== undefined ? services.find((s) => s.slug === input.slug && s.id !== serviceId) : undefined;
    if (slugClash) throw new ConflictError(`The slug ${input.slug} is already ${slugClash.name}'s`, 'SERVICE_EXISTS', { service: slugClash.name });
    const parts: UpdateParts = hasRouting ? serviceRoutingUpdate(services, serviceId, routing) : { set: [], remove: [], values: {} };
    const name = input.name ?? before.name;
    const slug = input.slug ?? before.slug;
    const marked = mark(by, now);
    parts.set.push('#name = :name', 'slug = :slug', 'editedAt = :editedAt', 'editedBy = :editedBy');
    Object.assign(parts.values, { ':name': name, ':slug': slug, ':editedAt': marked.editedAt, ':editedBy': marked.editedBy });
    const after: ServiceItem = { ...routedAfter(before, routing), name, slug };
    const renamed = name !== before.name || slug !== before.slug ? state.offers.filter((o) => o.serviceId === serviceId) : [];
    if (renamed.length > maxItemsPerWrite)
      throw new ValidationError('Invalid request', { name: [fieldProblem('TOO_BIG', { count: maxItemsPerWrite }, `Offered in ${renamed.length} countries.`)] });
    return {
      items: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.service(serviceId),
            UpdateExpression: updateExpression(parts),
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#name': 'name' },
            ExpressionAttributeValues: parts.values,
          },
        },
        ...renamed.map((o) => put({ ...keys.offer(o.countryId, serviceId), ...o, name, slug, ...marked })),
        audit(by, 'catalogue.service.update', { type: 'service', id: String(serviceId) }, serviceAudit(before), serviceAudit(after)),
      ],
      result: toOpsService(after),
    };
  });
}
