import { fieldProblem } from '@numbernest/contracts';
import type { WebhookDelivery } from '@numbernest/contracts';
import { NotFoundError, ValidationError } from '../../shared/errors';
import { log } from '../../shared/log';
import type { RentalItem } from '../../rentals';
import { findConfig } from './config';
import { createDelivery, findDelivery, toDeliveryView } from './deliveries';
import type { WebhookDeliveryItem } from './items';
import { rentSmsPayload, smsPayload, testPayload, type SmsOfRental } from './payload';
import { serviceCatalog } from '../../catalogue';
import { enqueue } from './queue';

/** Making a delivery: a record first (the retry job's safety net), then the queue. `url`: a rent's own URL. */
async function createAndEnqueue(sub: string, kind: WebhookDeliveryItem['kind'], body: string, now: number, url?: string): Promise<WebhookDeliveryItem> {
  const delivery = await createDelivery(sub, kind, body, now, url);
  try {
    await enqueue({ sub, id: delivery.id }, now);
  } catch (error) {
    // Stored and due: the retry job picks it up after the lease.
    log.error('webhook enqueue failed', { sub, id: delivery.id, error: String(error) });
  }
  return delivery;
}

/**
 * After an SMS is stored for a rental (deliverInbound): a delivery to the renter's webhook, if any,
 * and to the rent's own URL (the rent API's `url`) in SMS-Activate's rent form. Never throws; the
 * SMS path does not wait for the receiver.
 */
export async function enqueueSmsWebhook(rental: RentalItem, message: SmsOfRental & { id?: string }, now = Date.now()): Promise<void> {
  // Only what getRentStatus lists: a text-only match on a Shared number is not the rent's SMS.
  if (rental.rentUrl && rental.rentId !== undefined && message.id && message.verified !== false) {
    const body = JSON.stringify(rentSmsPayload(rental.rentId, { ...message, id: message.id }));
    await createAndEnqueue(rental.sub, 'sms', body, now, rental.rentUrl).catch((error: unknown) =>
      log.error('rent webhook not queued', { sub: rental.sub, rentalId: rental.id, error: String(error) }),
    );
  }
  try {
    const config = await findConfig(rental.sub);
    if (!config?.url) return;
    const serviceCode = rental.serviceId === undefined ? undefined : (await serviceCatalog()).byId.get(rental.serviceId)?.protocolCode;
    await createAndEnqueue(rental.sub, 'sms', JSON.stringify(smsPayload(rental, message, serviceCode)), now);
  } catch (error) {
    log.error('webhook not queued', { sub: rental.sub, rentalId: rental.id, error: String(error) });
  }
}

/** Send test: a sample SMS payload to the saved URL, through the same queue. */
export async function sendTestWebhook(sub: string, now = Date.now()): Promise<WebhookDelivery> {
  const config = await findConfig(sub);
  if (!config?.url) throw new ValidationError('Save a webhook URL first', { url: [fieldProblem('WEBHOOK_URL_MISSING')] });
  return toDeliveryView(await createAndEnqueue(sub, 'test', JSON.stringify(testPayload(now)), now));
}

/** Redeliver: the same body again, as a new delivery (the old record stays as it was). */
export async function redeliverWebhook(sub: string, id: string, now = Date.now()): Promise<WebhookDelivery> {
  const old = await findDelivery(sub, id);
  if (!old) throw new NotFoundError('Delivery not found', 'DELIVERY_NOT_FOUND');
  // A rent's delivery goes to its rent's URL again; any other to the saved one.
  const config = old.url ? undefined : await findConfig(sub);
  if (!old.url && !config?.url) throw new ValidationError('Save a webhook URL first', { url: [fieldProblem('WEBHOOK_URL_MISSING')] });
  return toDeliveryView(await createAndEnqueue(sub, old.kind, old.body, now, old.url));
}
