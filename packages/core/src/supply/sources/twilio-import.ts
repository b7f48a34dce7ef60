import type { NumberType } from '@numbernest/contracts';
import { listCountryItems } from '../../catalogue';
import type { OperatorRef } from '@numbernest/contracts/ops';
import { readItems } from '../../shared/db';
import { numberByPhoneItem } from '../../shared/db/items/catalogue-number-by-phone';
import { addNumbers } from '../inventory/import';
import { log } from '../../shared/log';
import { recordAudit } from '../../accounts';
import { setting, smsWebhookBaseUrl } from '../../shared/settings';
import { listTwilioIncomingNumbers, setTwilioSmsWebhook, type TwilioIncomingNumber } from './twilio-account';

/**
 * Importing the Twilio account's numbers: list them (which are ours already, which country of our
 * catalogue each is in, from the number by libphonenumber-js), add the chosen ones as Twilio-hosted
 * numbers of the type the operator chose, and point each one's inbound SMS at our webhook.
 */

/** Where Twilio must post our numbers' inbound SMS (the API's public URL). */
export const twilioWebhookUrl = () => `${smsWebhookBaseUrl()}/api/webhooks/sms/twilio`;

export interface TwilioAccountNumberView extends TwilioIncomingNumber {
  alreadyAdded: boolean;
  countryId: number | null;
  countryIso: string | null;
}

/** Each number's country (ISO alpha-2, lower case) by libphonenumber-js, loaded only here. */
async function countriesOf(e164s: readonly string[]): Promise<Map<string, string | null>> {
  const { parsePhoneNumberFromString } = await import('../../shared/phone-numbers');
  return new Map(e164s.map((e164) => [e164, parsePhoneNumberFromString(e164)?.country?.toLowerCase() ?? null]));
}

export async function listTwilioAccountNumbers(): Promise<TwilioAccountNumberView[]> {
  const numbers = await listTwilioIncomingNumbers();
  const [ours, countries, catalogue] = await Promise.all([readItems(numberByPhoneItem, numbers), countriesOf(numbers.map((n) => n.e164)), listCountryItems()]);
  const added = new Set(ours.map((p) => p.e164));
  const idOfIso = new Map(catalogue.map((c) => [c.iso.toLowerCase(), c.id]));
  return numbers.map((n) => {
    const iso = countries.get(n.e164) ?? null;
    return { ...n, alreadyAdded: added.has(n.e164), countryIso: iso, countryId: (iso ? idOfIso.get(iso) : undefined) ?? null };
  });
}

export interface TwilioImportResult {
  created: number;
  skipped: Array<{ e164: string; reason: string }>;
  webhooksSet: number;
  webhookFailures: Array<{ e164: string; reason: string }>;
}

/**
 * Adds the chosen numbers (by sid; one not in the account, or in a country we do not offer, is
 * skipped with why; one already ours is skipped as a duplicate) and sets the webhook of every
 * chosen number that is now a Twilio-hosted number of ours (so a re-import repairs a webhook a
 * failed first import left unset). One audit entry for the whole import.
 */
export async function importTwilioNumbers(chosen: ReadonlyArray<{ sid: string; typeId: NumberType }>, operator: OperatorRef): Promise<TwilioImportResult> {
  const account = new Map((await listTwilioAccountNumbers()).map((n) => [n.sid, n]));
  const skipped: TwilioImportResult['skipped'] = [];
  const rows = chosen.flatMap(({ sid, typeId }) => {
    const number = account.get(sid);
    if (!number) skipped.push({ e164: sid, reason: 'not-in-account' });
    else if (number.countryId === null) skipped.push({ e164: number.e164, reason: 'unknown-country' });
    else return [{ e164: number.e164, countryId: number.countryId, typeId, source: { provider: 'twilio' as const } }];
    return [];
  });
  // The same number chosen twice is added once: its second row is a duplicate, as one already ours is.
  const seen = new Set<string>();
  const distinct = rows.filter((row) => (seen.has(row.e164) ? (skipped.push({ e164: row.e164, reason: 'duplicate' }), false) : seen.add(row.e164)));
  const added = await addNumbers(distinct);
  skipped.push(...added.existing.map((e164) => ({ e164, reason: 'duplicate' })));

  const url = twilioWebhookUrl();
  const phones = await readItems(
    numberByPhoneItem,
    [...new Set(rows.map((r) => r.e164))].map((e164) => ({ e164 })),
  );
  const twilioHosted = new Set(phones.filter((p) => (p.source?.provider ?? 'twilio') === 'twilio').map((p) => p.e164));
  const targets = [...account.values()].filter((n) => twilioHosted.has(n.e164) && chosen.some((c) => c.sid === n.sid));
  let webhooksSet = 0;
  const webhookFailures: TwilioImportResult['webhookFailures'] = [];
  for (const number of targets) {
    if (number.smsUrl === url && number.smsMethod?.toUpperCase() === 'POST') {
      webhooksSet++;
      continue;
    }
    try {
      await setTwilioSmsWebhook(number.sid, url);
      webhooksSet++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn('twilio webhook not set', { sid: number.sid, e164: number.e164, reason });
      webhookFailures.push({ e164: number.e164, reason });
    }
  }
  const result = { created: added.created.length, skipped, webhooksSet, webhookFailures };
  await recordAudit({
    operator,
    action: 'sources.twilio-import',
    target: { type: 'twilio-account', id: setting('TwilioAccountSid') },
    before: null,
    after: { added: added.created, types: Object.fromEntries(rows.map((r) => [r.e164, r.typeId])), skipped, webhookUrl: url, webhooksSet, webhookFailures },
  });
  return result;
}
