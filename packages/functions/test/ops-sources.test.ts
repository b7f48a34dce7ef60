import { apiUrl, expectError, expectFieldErrors, send } from './api'; // first: points this process at the local cloud
import { randomInt, randomUUID } from 'node:crypto';
import { rentalReplySchema } from '@numbernest/contracts';
import {
  auditReplySchema,
  devicesReplySchema,
  registerDeviceReplySchema,
  twilioImportReplySchema,
  twilioNumbersReplySchema,
  unregisterDeviceReplySchema,
  type AuditEntry,
} from '@numbernest/contracts/ops';
import { seedCatalog } from '@numbernest/core/seed';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { localSmsValue } from '@numbernest/local/sms/settings';
import { gatewayInboundRequest, localDeviceKey, post as postUpstream } from '@numbernest/local/sms/upstream';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';
import { openCountryIds, ownNumbers } from './own-numbers';

/**
 * Number sources: the Twilio account's numbers through the real `twilio` client against the local
 * cloud's Twilio stand-in (its state read back through /_local/sms/twilio-numbers), and the
 * android-sms-gateway phones operators register (their webhooks signed as the app signs).
 */

let operator: TestUser;
beforeAll(async () => {
  operator = await createOperator();
}, 60_000);

const ops = () => as(operator.idToken);

interface StandInNumber {
  sid: string;
  e164: string;
  smsUrl: string;
  smsMethod: string;
}

async function standIn(path: string, init?: RequestInit): Promise<Response> {
  return fetch(`${apiUrl}/_local/sms${path}`, init);
}

async function addToAccount(e164s: string[]): Promise<StandInNumber[]> {
  const response = await standIn('/twilio-numbers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ numbers: e164s.map((e164) => ({ e164 })) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as StandInNumber[];
}

const accountState = async () => (await (await standIn('/twilio-numbers')).json()) as StandInNumber[];

/** Countries libphonenumber tells apart by their calling code alone (not +1, +7), open to this file, with a private offer. */
const privateCountries = openCountryIds.filter((id) => {
  const country = seedCatalog.countries.find((c) => c.id === id)!;
  return !['1', '7'].includes(country.dialCode) && seedCatalog.privateOffers.some((p) => p.countryId === id);
});

/** A fresh E.164 shaped like the country's seeded numbers, one libphonenumber places in that country (as the import will). */
function freshE164(countryId: number): string {
  const iso = seedCatalog.countries.find((c) => c.id === countryId)!.iso.toUpperCase();
  const models = seedCatalog.numbers.filter((n) => n.countryId === countryId);
  for (;;) {
    const model = models[randomInt(models.length)]!.e164;
    const tail = Math.min(7, model.length - 4);
    const e164 = model.slice(0, model.length - tail) + String(randomInt(10 ** tail)).padStart(tail, '0');
    if (parsePhoneNumberFromString(e164)?.country === iso) return e164;
  }
}

async function auditEntries(action: string): Promise<AuditEntry[]> {
  const reply = await ops().get('/ops/audit?limit=200');
  expect(reply.status).toBe(200);
  return auditReplySchema.parse(reply.json).data.filter((e) => e.action === action && e.operator.sub === operator.sub);
}

/** A number's `PHONE#` facts, read back from the table. */
async function findPhone(e164: string) {
  const { getItem } = await import('@numbernest/core/db');
  const { catalogKeys } = await import('@numbernest/core/catalogue');
  return getItem<{ numberId: number; countryId: number; typeId: number; source?: unknown }>(catalogKeys.numberByPhone(e164));
}

const basic = () => `Basic ${Buffer.from(`${localSmsValue('TwilioAccountSid')}:${localSmsValue('TwilioAuthToken')}`).toString('base64')}`;

describe('the Twilio stand-in speaks IncomingPhoneNumbers', () => {
  it('lists pages with page, page_size and next_page_uri, and refuses without Basic auth', async () => {
    await addToAccount([freshE164(privateCountries[0]!), freshE164(privateCountries[0]!), freshE164(privateCountries[0]!)]);
    const base = `/twilio/2010-04-01/Accounts/${localSmsValue('TwilioAccountSid')}/IncomingPhoneNumbers.json`;
    expect((await standIn(`${base}?PageSize=2`)).status).toBe(401);

    const seen: string[] = [];
    let next: string | null = '/2010-04-01/Accounts/' + localSmsValue('TwilioAccountSid') + '/IncomingPhoneNumbers.json?PageSize=2';
    let pages = 0;
    while (next) {
      const response = await standIn(`/twilio${next}`, { headers: { authorization: basic() } });
      expect(response.status).toBe(200);
      const page = (await response.json()) as {
        page: number;
        page_size: number;
        next_page_uri: string | null;
        incoming_phone_numbers: Array<{ phone_number: string; sid: string }>;
      };
      expect(page.page).toBe(pages);
      expect(page.page_size).toBe(2);
      expect(page.incoming_phone_numbers.length).toBeLessThanOrEqual(2);
      seen.push(...page.incoming_phone_numbers.map((n) => n.phone_number));
      next = page.next_page_uri;
      pages++;
    }
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe((await accountState()).length);
  });
});

describe('import from the Twilio account', () => {
  it('lists every number (through pages), adds the chosen ones once, points their webhook at us, and routes their SMS', async () => {
    const countryId = privateCountries[randomInt(privateCountries.length)]!;
    // More than one of Twilio's default pages (50), so the client pages through the stand-in.
    const filler = await addToAccount(Array.from({ length: 52 }, () => freshE164(countryId)));
    const [chosen] = await addToAccount([freshE164(countryId)]);
    const [foreign] = await addToAccount([`+4740${String(randomInt(10 ** 6)).padStart(6, '0')}`]); // Norway: not in the catalogue

    const listed = await ops().get('/ops/sources/twilio/numbers');
    expect(listed.status, JSON.stringify(listed.json)).toBe(200);
    const list = twilioNumbersReplySchema.parse(listed.json);
    expect(list.webhook_url).toBe(`${apiUrl}/api/webhooks/sms/twilio`);
    expect(list.data.length).toBe((await accountState()).length);
    expect(list.data.map((n) => n.sid)).toEqual(expect.arrayContaining(filler.map((n) => n.sid)));
    const row = list.data.find((n) => n.sid === chosen!.sid)!;
    expect(row).toMatchObject({ e164: chosen!.e164, already_added: false, country_id: countryId, sms_url: null, sms_url_ours: false });
    expect(list.data.find((n) => n.sid === foreign!.sid)).toMatchObject({ country_id: null, country_iso: 'no' });

    const body = {
      numbers: [
        { sid: chosen!.sid, mobile_number_type_id: 2 },
        { sid: foreign!.sid, mobile_number_type_id: 2 },
      ],
    };
    const first = await ops().post('/ops/sources/twilio/import', body);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(twilioImportReplySchema.parse(first.json)).toEqual({
      created: 1,
      skipped: [{ e164: foreign!.e164, reason: 'unknown-country' }],
      webhooks_set: 1,
      webhook_failures: [],
    });
    // Twilio (the stand-in) now posts this number's SMS to our webhook.
    const state = (await accountState()).find((n) => n.sid === chosen!.sid)!;
    expect(state).toMatchObject({ smsUrl: `${apiUrl}/api/webhooks/sms/twilio`, smsMethod: 'POST' });
    expect((await accountState()).find((n) => n.sid === foreign!.sid)!.smsUrl).toBe('');

    // Again: nothing is created twice.
    const again = twilioImportReplySchema.parse((await ops().post('/ops/sources/twilio/import', body)).json);
    expect(again.created).toBe(0);
    expect(again.skipped).toEqual(expect.arrayContaining([{ e164: chosen!.e164, reason: 'duplicate' }]));
    const relisted = twilioNumbersReplySchema.parse((await ops().get('/ops/sources/twilio/numbers')).json);
    expect(relisted.data.find((n) => n.sid === chosen!.sid)).toMatchObject({ already_added: true, sms_url_ours: true });

    const phone = await findPhone(chosen!.e164);
    expect(phone).toMatchObject({ countryId, typeId: 2, source: { provider: 'twilio' } });

    // On sale at once: rent it as Private and have Twilio (the stand-in) post an SMS to it.
    const user = await userWithBalance(100_00);
    const bought = await send('POST', '/user/rentals', {
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ mobile_number_type_id: 2, mobile_number_id: phone!.numberId, rent_time_id: 1 }),
    });
    expect(bought.status, JSON.stringify(bought.json)).toBe(201);
    const rental = rentalReplySchema.parse(bought.json).data;
    const sms = (await (
      await standIn('/send', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: chosen!.e164, from: 'Google', body: 'G-482913 is your code' }),
      })
    ).json()) as { status: number; url: string; record: { outcome: string; rentalId?: string } | null };
    expect(sms.url).toBe(`${apiUrl}/api/webhooks/sms/twilio`);
    expect(sms.status).toBe(200);
    expect(sms.record).toMatchObject({ outcome: 'delivered', rentalId: rental.id });

    const audits = await auditEntries('sources.twilio-import');
    expect(audits.length).toBe(2);
    expect(audits[1]!.after).toMatchObject({ added: [chosen!.e164] });
  }, 60_000);

  it('adds a number named twice in one import once', async () => {
    const [twice] = await addToAccount([freshE164(privateCountries[0]!)]);
    const reply = await ops().post('/ops/sources/twilio/import', {
      numbers: [
        { sid: twice!.sid, mobile_number_type_id: 1 },
        { sid: twice!.sid, mobile_number_type_id: 1 },
      ],
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(twilioImportReplySchema.parse(reply.json)).toMatchObject({ created: 1, skipped: [{ e164: twice!.e164, reason: 'duplicate' }], webhooks_set: 1 });
  }, 30_000);

  it('refuses a malformed import before anything happens', async () => {
    expectFieldErrors(await ops().post('/ops/sources/twilio/import', { numbers: [{ sid: 'nope', mobile_number_type_id: 4 }] }), [
      'numbers.0.sid',
      'numbers.0.mobile_number_type_id',
    ]);
    expectFieldErrors(await ops().post('/ops/sources/twilio/import', { numbers: [] }), ['numbers']);
  });
});

describe('android-sms-gateway phones', () => {
  const smsFrom = (device: { id: string; webhook_url: string }, to: string, simNumber: number, key = localDeviceKey(device.id)) => {
    // The app puts its own deviceId in the body; our id for it is in the URL registered on it.
    const request = gatewayInboundRequest({
      appUrl: apiUrl,
      to,
      from: 'Telegram',
      body: `Telegram code 55${randomInt(1000)}`,
      deviceId: `app-${randomUUID()}`,
      simNumber,
      key,
    });
    return postUpstream({ ...request, url: device.webhook_url });
  };

  it('registers a phone: its SIMs host their numbers, its webhook is accepted and it is seen; unregistered, it is refused', async () => {
    const countryId = openCountryIds[randomInt(openCountryIds.length)]!;
    const [a, b] = await ownNumbers(1, countryId, 2);
    const registered = await ops().post('/ops/sources/devices', {
      name: '  Rack 3, phone 1 ',
      sims: [
        { slot: 2, e164: b!.e164 },
        { slot: 1, e164: a!.e164 },
      ],
    });
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);
    const { data: device, signing_key } = registerDeviceReplySchema.parse(registered.json);
    expect(device).toMatchObject({
      name: 'Rack 3, phone 1',
      sims: [
        { slot: 1, e164: a!.e164 },
        { slot: 2, e164: b!.e164 },
      ],
      last_seen_at: null,
      unregistered_at: null,
    });
    expect(device.webhook_url).toBe(`${apiUrl}/api/webhooks/sms/gateway?device=${device.id}`);
    expect(signing_key).toBe(localDeviceKey(device.id));
    expect((await findPhone(a!.e164))?.source).toEqual({ provider: 'gateway', deviceId: device.id, simNumber: 1 });

    // Its SMS for its own SIM is taken (nobody rents the number: kept for operators), and it is seen.
    const accepted = await smsFrom(device, a!.e164, 1);
    expect(accepted.status, accepted.body).toBe(200);
    const listed = devicesReplySchema.parse((await ops().get('/ops/sources/devices')).json).data.find((d) => d.id === device.id)!;
    expect(listed.last_seen_at).not.toBeNull();
    expect(Date.now() - Date.parse(listed.last_seen_at!)).toBeLessThan(60_000);
    // Another key, or its other SIM's number in the wrong slot: refused as before.
    expect((await smsFrom(device, a!.e164, 1, localDeviceKey('gw-someone-else'))).status).toBe(403);
    expect((await smsFrom(device, a!.e164, 2)).status).toBe(403);

    // A second phone cannot claim a SIM the first still hosts.
    expectError(await ops().post('/ops/sources/devices', { name: 'Thief', sims: [{ slot: 1, e164: a!.e164 }] }), 409, 'NUMBER_HOSTED_ELSEWHERE');

    const gone = await ops().delete(`/ops/sources/devices/${device.id}`);
    expect(gone.status, JSON.stringify(gone.json)).toBe(200);
    expect(unregisterDeviceReplySchema.parse(gone.json).data.unregistered_at).not.toBeNull();
    const refused = await smsFrom(device, a!.e164, 1);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ message: 'This device is unregistered' });
    expectError(await ops().delete(`/ops/sources/devices/${device.id}`), 409, 'DEVICE_UNREGISTERED');

    // Its numbers may go to a new phone now.
    const successor = await ops().post('/ops/sources/devices', { name: 'Rack 3, phone 1 (new)', sims: [{ slot: 1, e164: a!.e164 }] });
    expect(successor.status, JSON.stringify(successor.json)).toBe(201);

    const registers = await auditEntries('sources.device-register');
    expect(registers.map((e) => e.target.id)).toContain(device.id);
    const unregisters = await auditEntries('sources.device-unregister');
    expect(unregisters.map((e) => e.target.id)).toEqual([device.id]);
  }, 60_000);

  it('refuses a phone whose SIM is not one of our numbers, a slot twice, and an unknown phone', async () => {
    expectFieldErrors(await ops().post('/ops/sources/devices', { name: 'X', sims: [{ slot: 1, e164: '+19995550100' }] }), ['sims.0.e164']);
    expectFieldErrors(
      await ops().post('/ops/sources/devices', {
        name: 'X',
        sims: [
          { slot: 1, e164: '+447700900001' },
          { slot: 1, e164: '+447700900002' },
        ],
      }),
      ['sims'],
    );
    expectFieldErrors(await ops().post('/ops/sources/devices', { name: '', sims: [] }), ['name', 'sims']);
    expectError(await ops().delete('/ops/sources/devices/gw-000000000000'), 404, 'DEVICE_NOT_FOUND');
  });
});
