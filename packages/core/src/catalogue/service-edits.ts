/** The operator console's service edits: adding a service and changing its name, slug, code or SMS patterns. */
import { fieldProblem } from '@numbernest/contracts';
import type { OpsService, ServiceCreate, ServicePatch } from '@numbernest/contracts/ops';
import { transact, txPut, txPutNew, txUpdate } from '../shared/db';
import { serviceOfferItem } from '../shared/db/items/catalogue';
import { serviceItem } from '../shared/db/items/catalogue-services';
import { ConflictError, ValidationError } from '../shared/errors';
import { audit, catalogueWrite, changedMeanwhile, mark, maxItemsPerWrite, readServices, serviceOf, type Editor, type Stored } from './catalogue-write';
import type { ServiceItem } from './items';
import { toOpsService } from './ops-shapes';
import { parseServiceRouting, routedAfter, routingOf, serviceRoutingUpdate, type ServiceChange } from './service-routing';

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
  const addedMeanwhile = () => new ConflictError('Another service was added meanwhile; try again', 'CONCURRENT_CHANGE');
  await transact([
    txPutNew(serviceItem, service, addedMeanwhile),
    audit(by, 'catalogue.service.add', { type: 'service', id: String(id) }, null, serviceAudit(service), addedMeanwhile),
  ]);
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
    const routed: ServiceChange = hasRouting ? serviceRoutingUpdate(services, serviceId, routing) : { set: {}, remove: [] };
    const name = input.name ?? before.name;
    const slug = input.slug ?? before.slug;
    const marked = mark(by, now);
    const after: ServiceItem = { ...routedAfter(before, routing), name, slug };
    const renamed = name !== before.name || slug !== before.slug ? state.offers.filter((o) => o.serviceId === serviceId) : [];
    if (renamed.length > maxItemsPerWrite)
      throw new ValidationError('Invalid request', { name: [fieldProblem('TOO_BIG', { count: maxItemsPerWrite }, `Offered in ${renamed.length} countries.`)] });
    return {
      items: [
        txUpdate(serviceItem, { id: serviceId }, { set: { ...routed.set, name, slug, ...marked }, remove: routed.remove, onConditionFailed: changedMeanwhile }),
        ...renamed.map((o) => txPut(serviceOfferItem, { ...o, name, slug, ...marked }, { onConditionFailed: changedMeanwhile })),
        audit(by, 'catalogue.service.update', { type: 'service', id: String(serviceId) }, serviceAudit(before), serviceAudit(after)),
      ],
      result: toOpsService(after),
    };
  });
}
