import { UpstreamError } from '../../shared/errors';
import { log } from '../../shared/log';
import { secret, setting } from '../../shared/settings';
import { messengerSettingDefaults, type MessengerSettingName } from '../../shared/settings/messenger-names';

/**
 * Messenger's Send API, the one call this app makes: `POST {MessengerApiUrl}/{version}/me/messages
 * ?access_token=<Page access token>` with `{ recipient: { id: PSID }, messaging_type, message: { text } }`
 * (and `tag` for a MESSAGE_TAG). Plain fetch, as WhatsApp's client. Locally the base URL is the
 * stand-in of the local cloud.
 */

/** A Messenger setting of this stage, or its default (the real Graph URL). */
export const messengerSetting = (name: MessengerSettingName) => setting(name, messengerSettingDefaults[name] || undefined);

/**
 * RESPONSE: inside the 24 hours after the person's last message to the Page. MESSAGE_TAG with
 * ACCOUNT_UPDATE: after it (Meta's tag for a change to the person's account).
 */
export type MessengerDelivery = { messaging_type: 'RESPONSE' } | { messaging_type: 'MESSAGE_TAG'; tag: 'ACCOUNT_UPDATE' };

/** Graph's answer to a sent message. */
interface SentReply {
  recipient_id?: string;
  message_id?: string;
  error?: { message?: string; code?: number; error_subcode?: number };
}

/** The person cannot be messaged any more (blocked the Page, or left Messenger): Graph's #551, or its subcodes saying so. */
export class MessengerRecipientGoneError extends UpstreamError {
  constructor() {
    super('The person no longer takes messages from the Page', 'MESSENGER_NOT_SENT');
  }
}

const goneSubcodes = new Set([1545041, 2018108]);

/** Graph's limit on a text message. */
export const maxMessengerTextLength = 2000;

const graphTimeoutMs = 10_000;

/** Sends one text to a person (PSID) and answers Messenger's message id; a refusal is an UpstreamError (502). */
export async function sendMessengerText(psid: string, text: string, delivery: MessengerDelivery = { messaging_type: 'RESPONSE' }): Promise<{ id: string }> {
  const base = messengerSetting('MessengerApiUrl').replace(/\/$/, '');
  const url = `${base}/${messengerSetting('MessengerApiVersion')}/me/messages?access_token=${encodeURIComponent(secret('MessengerPageAccessToken'))}`;
  const body = { recipient: { id: psid }, ...delivery, message: { text: text.slice(0, maxMessengerTextLength) } };
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(graphTimeoutMs),
    });
  } catch (error) {
    log.warn('Messenger unreachable', { error: error instanceof Error ? error.message : String(error) });
    throw new UpstreamError('Messenger could not be reached; try again in a minute', 'MESSENGER_NOT_SENT');
  }
  const reply = (await response.json().catch(() => ({}))) as SentReply;
  if (response.ok && reply.message_id) return { id: reply.message_id };
  // Graph's own words stay in the log (they may name our Page); the caller gets a stable code.
  log.warn('Messenger refused a message', {
    status: response.status,
    code: reply.error?.code,
    subcode: reply.error?.error_subcode,
    reason: reply.error?.message,
  });
  if (reply.error?.code === 551 || goneSubcodes.has(reply.error?.error_subcode ?? 0)) throw new MessengerRecipientGoneError();
  throw new UpstreamError('Messenger did not take the message', 'MESSENGER_NOT_SENT');
}
