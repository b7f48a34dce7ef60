import { UpstreamError } from '../../shared/errors';
import { log } from '../../shared/log';
import { secret, setting } from '../../shared/settings';
import { whatsappSettingDefaults, type WhatsAppSettingName } from '../../shared/settings/whatsapp-names';

/**
 * WhatsApp's Cloud API, the one call this app makes: `POST {WhatsAppApiUrl}/{version}/{phone
 * number id}/messages` with the system user's token (Bearer). Plain fetch: the Graph SDKs add
 * nothing for one JSON POST. Locally the base URL is the Graph stand-in of the local cloud.
 */

/** A WhatsApp setting of this stage, or its default (the real Graph URL, the template names). */
export const whatsappSetting = (name: WhatsAppSettingName) => setting(name, whatsappSettingDefaults[name]);

/** A template parameter of type text: WhatsApp shows it as given (no HTML, nothing interpreted but its own *bold*-style marks). */
export interface TextParameter {
  type: 'text';
  text: string;
}

export interface TemplateMessage {
  name: string;
  language: { code: string };
  components: Array<{ type: 'body'; parameters: TextParameter[] } | { type: 'button'; sub_type: 'url'; index: string; parameters: TextParameter[] }>;
}

export type OutgoingMessage = { type: 'template'; template: TemplateMessage } | { type: 'text'; text: { body: string; preview_url: boolean } };

/** Graph's answer to a sent message. */
interface SentReply {
  messages?: Array<{ id?: string }>;
  error?: { message?: string; code?: number };
}

const graphTimeoutMs = 10_000;

/** Sends one message to `to` (E.164 or its digits) and answers WhatsApp's message id (`wamid.…`); a refusal is an UpstreamError (502). */
export async function sendWhatsAppMessage(to: string, message: OutgoingMessage): Promise<{ id: string }> {
  const base = whatsappSetting('WhatsAppApiUrl').replace(/\/$/, '');
  const url = `${base}/${whatsappSetting('WhatsAppApiVersion')}/${encodeURIComponent(whatsappSetting('WhatsAppPhoneNumberId'))}/messages`;
  const body = { messaging_product: 'whatsapp', recipient_type: 'individual', to: to.replace(/\D/g, ''), ...message };
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret('WhatsAppToken')}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(graphTimeoutMs),
    });
  } catch (error) {
    log.warn('WhatsApp unreachable', { error: error instanceof Error ? error.message : String(error) });
    throw new UpstreamError('WhatsApp could not be reached; try again in a minute', 'WHATSAPP_NOT_SENT');
  }
  const reply = (await response.json().catch(() => ({}))) as SentReply;
  const id = reply.messages?.[0]?.id;
  if (!response.ok || !id) {
    // Graph's own words stay in the log (they may name our account); the caller gets a stable code.
    log.warn('WhatsApp refused a message', { status: response.status, code: reply.error?.code, reason: reply.error?.message });
    throw new UpstreamError('WhatsApp did not take the message', 'WHATSAPP_NOT_SENT');
  }
  return { id };
}
