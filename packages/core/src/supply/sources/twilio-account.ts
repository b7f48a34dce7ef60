import type { Twilio } from 'twilio';
import type { RequestOptions } from 'twilio/lib/base/RequestClient';
import { UpstreamError } from '../../shared/errors';
import { secret, setting } from '../../shared/settings';

/**
 * The Twilio account's incoming phone numbers, through the official `twilio` package (its REST
 * client, paging by `next_page_uri`). The client talks to `TwilioApiUrl`: Twilio itself on a stage,
 * the local cloud's stand-in locally; the SDK builds every URL on https://api.twilio.com, so its
 * HTTP client is Twilio's own RequestClient with the origin swapped. Loaded on first use (the SDK
 * is large; no other route pays for it).
 */

export interface TwilioIncomingNumber {
  sid: string;
  e164: string;
  friendlyName: string | null;
  smsUrl: string | null;
  smsMethod: string | null;
}

const twilioOrigin = 'https://api.twilio.com';
/** Twilio's API answers within this or the console says it could not be reached. */
const timeoutMs = 10_000;

let cached: { key: string; client: Twilio } | undefined;

async function twilioClient(): Promise<Twilio> {
  const accountSid = setting('TwilioAccountSid');
  const authToken = secret('TwilioAuthToken');
  const apiUrl = setting('TwilioApiUrl').replace(/\/$/, '');
  const key = `${accountSid}|${authToken}|${apiUrl}`;
  if (cached?.key === key) return cached.client;
  const { default: twilio } = await import('twilio');
  class RebasedClient extends twilio.RequestClient {
    override request<T>(opts: RequestOptions<T>) {
      const uri = apiUrl === twilioOrigin || !opts.uri.startsWith(twilioOrigin) ? opts.uri : `${apiUrl}${opts.uri.slice(twilioOrigin.length)}`;
      return super.request<T>({ ...opts, uri });
    }
  }
  const client = twilio(accountSid, authToken, { httpClient: new RebasedClient({ timeout: timeoutMs }) });
  cached = { key, client };
  return client;
}

const upstream = (what: string, error: unknown) =>
  new UpstreamError(`Twilio could not ${what}: ${error instanceof Error ? error.message : String(error)}`, 'UPSTREAM_FAILED');

/** Every incoming number of the account (all pages), as Twilio lists them. UpstreamError when Twilio cannot be asked. */
export async function listTwilioIncomingNumbers(pageSize = 50): Promise<TwilioIncomingNumber[]> {
  const client = await twilioClient();
  try {
    const numbers = await client.incomingPhoneNumbers.list({ pageSize });
    return numbers.map((n) => ({
      sid: n.sid,
      e164: n.phoneNumber,
      friendlyName: n.friendlyName || null,
      smsUrl: n.smsUrl || null,
      smsMethod: n.smsMethod || null,
    }));
  } catch (error) {
    throw upstream('list the incoming numbers', error);
  }
}

/** Points a number's inbound SMS at `url` (POST). Throws what Twilio answered. */
export async function setTwilioSmsWebhook(sid: string, url: string): Promise<void> {
  const client = await twilioClient();
  await client.incomingPhoneNumbers(sid).update({ smsUrl: url, smsMethod: 'POST' });
}
