import { randomBytes } from 'node:crypto';
import { fieldProblem } from '@numbernest/contracts';
import { type OperatorRef } from '@numbernest/contracts/ops';
import { sourceOf, type NumberSource } from '../../catalogue';
import * as z from 'zod/mini';
import { readItem, readItems, readPartition, transact, txPutNew, txUpdate, type Conditions, type TransactPart } from '../../shared/db';
import { numberByPhoneItem } from '../../shared/db/items/catalogue-number-by-phone';
import { numberFactsItem } from '../../shared/db/items/catalogue-number-facts';
import { gatewayDeviceItem } from '../../shared/db/items/supply';
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../../shared/errors';
import { gatewayDeviceKey } from './device-signing';
import { auditPart } from '../../accounts';
import { secret, smsWebhookBaseUrl } from '../../shared/settings';

/**
 * The android-sms-gateway phones operators register. A registered phone gets an id of ours
 * (`gw-<random>`), which its webhook URL carries (`?device=<id>`), and a signing key derived from
 * it (`gatewayDeviceKey`, as for every phone): the app signs each event with that key, so the key
 * picked by the URL's id proves which phone reported. Registering points each SIM's number at the
 * phone (the number's `source` on its `PHONE#` and `NUMBER_ID#` facts), so the phone may report
 * SMS for exactly those numbers; unregistering marks it, and its webhooks are refused from then on.
 * Each webhook call it makes sets its `lastSeenAt`.
 */

export type DeviceItem = z.infer<typeof gatewayDeviceItem.schema>;

export const gatewayWebhookPath = '/api/webhooks/sms/gateway';
export const deviceWebhookUrl = (id: string) => `${smsWebhookBaseUrl()}${gatewayWebhookPath}?device=${encodeURIComponent(id)}`;

/** Every registered phone, newest first. */
export async function listDevices(): Promise<DeviceItem[]> {
  const items = await readPartition(gatewayDeviceItem, { id: '' });
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

const numberChanged = () => new ConflictError('A number changed while the phone was being registered; try again', 'CONCURRENT_CHANGE');

/** The facts' source is still `source` as read (absent, Twilio, that SIM of that phone, or that agent). */
const sourceIs = (source: NumberSource | undefined): Conditions<{ source?: NumberSource }> => {
  if (!source) return { source: { absent: true } };
  switch (source.provider) {
    case 'twilio':
      return { nested: { 'source.provider': { equals: 'twilio' } } };
    case 'gateway':
      return {
        nested: { 'source.provider': { equals: 'gateway' }, 'source.deviceId': { equals: source.deviceId }, 'source.simNumber': { equals: source.simNumber } },
      };
    case 'agent':
      return { nested: { 'source.provider': { equals: 'agent' }, 'source.agentId': { equals: source.agentId } } };
    case 'upstream':
      return { nested: { 'source.provider': { equals: 'upstream' }, 'source.upstreamId': { equals: source.upstreamId } } };
  }
};

/** Sets a number's source on its facts by E.164 and by id, only if it is still what was read. */
function setSource(facts: { e164: string; numberId: number }, before: NumberSource | undefined, after: NumberSource): TransactPart[] {
  const change = { set: { source: after }, when: sourceIs(before), onConditionFailed: numberChanged };
  return [txUpdate(numberByPhoneItem, facts, change), txUpdate(numberFactsItem, facts, change)];
}

/**
 * Registers a phone: its item, each SIM's number pointed at it, and the audit entry, in one
 * transaction. Each number must be ours; one hosted by another registered phone that is still
 * registered is refused (unregister that phone first), so two phones never claim one SIM.
 */
export async function registerDevice(
  input: { name: string; sims: Array<{ slot: number; e164: string }> },
  operator: OperatorRef,
  now = new Date(),
): Promise<{ device: DeviceItem; signingKey: string }> {
  const phones = await readItems(
    numberByPhoneItem,
    input.sims.map((s) => ({ e164: s.e164 })),
  );
  const byE164 = new Map(phones.map((p) => [p.e164, p]));
  const missing: FieldErrors = {};
  input.sims.forEach((s, i) => {
    if (!byE164.has(s.e164)) missing[`sims.${i}.e164`] = [fieldProblem('INVALID_VALUE', { e164: s.e164 }, 'Not one of our numbers')];
  });
  if (Object.keys(missing).length) throw new ValidationError('Invalid request', missing);

  const otherDevices = [...new Set(phones.flatMap((p) => (p.source?.provider === 'gateway' ? [p.source.deviceId] : [])))];
  const registered = await readItems(
    gatewayDeviceItem,
    otherDevices.map((id) => ({ id })),
  );
  const live = new Set(registered.filter((d) => !d.unregisteredAt).map((d) => d.id));
  for (const phone of phones) {
    const source = phone.source;
    if (source?.provider === 'gateway' && live.has(source.deviceId)) {
      throw new ConflictError(`${phone.e164} is a SIM of registered phone ${source.deviceId}`, 'NUMBER_HOSTED_ELSEWHERE', {
        e164: phone.e164,
        device: source.deviceId,
      });
    }
  }

  const device: DeviceItem = {
    id: `gw-${randomBytes(6).toString('hex')}`,
    name: input.name,
    sims: [...input.sims].sort((a, b) => a.slot - b.slot),
    createdAt: now.toISOString(),
    createdBy: operator.email,
  };
  const updates = input.sims.flatMap((sim) => {
    const phone = byE164.get(sim.e164)!;
    const after: NumberSource = { provider: 'gateway', deviceId: device.id, simNumber: sim.slot };
    return setSource(phone, phone.source, after);
  });
  const before = Object.fromEntries(phones.map((p) => [p.e164, sourceOf(p)]));
  await transact([
    txPutNew(gatewayDeviceItem, device, numberChanged),
    ...updates,
    auditPart(
      { operator, action: 'sources.device-register', target: { type: 'gateway-device', id: device.id }, before: { sources: before }, after: device },
      now,
      numberChanged,
    ),
  ]);
  return { device, signingKey: gatewayDeviceKey(secret('SmsGatewaySigningKey'), device.id) };
}

/** Unregisters a phone (with its audit entry): its webhooks are refused from now on; its numbers keep naming it until re-pointed. */
export async function unregisterDevice(id: string, operator: OperatorRef, now = new Date()): Promise<DeviceItem> {
  const device = await readItem(gatewayDeviceItem, { id });
  if (!device) throw new NotFoundError(`No phone ${id} is registered`, 'DEVICE_NOT_FOUND', { id });
  if (device.unregisteredAt) throw new ConflictError(`Phone ${id} is already unregistered`, 'DEVICE_UNREGISTERED', { id });
  const after: DeviceItem = { ...device, unregisteredAt: now.toISOString(), unregisteredBy: operator.email };
  const alreadyUnregistered = () => new ConflictError(`Phone ${id} is already unregistered`, 'DEVICE_UNREGISTERED', { id });
  await transact([
    txUpdate(
      gatewayDeviceItem,
      { id },
      {
        set: { unregisteredAt: after.unregisteredAt, unregisteredBy: operator.email },
        when: { unregisteredAt: { absent: true } },
        onConditionFailed: alreadyUnregistered,
      },
    ),
    auditPart({ operator, action: 'sources.device-unregister', target: { type: 'gateway-device', id }, before: device, after }, now, alreadyUnregistered),
  ]);
  return after;
}
