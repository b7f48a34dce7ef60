import { cutText } from '../../shared/cut-text';
import { sendWhatsAppMessage, whatsappSetting } from './graph';

/** What one forwarded SMS shows. */
export interface WhatsAppSms {
  /** The service's name ("Telegram"), or null (a Private number gets SMS from anyone). */
  service: string | null;
  /** The one-time code found in the text, or null. */
  code: string | null;
  text: string;
}

/** Graph's limit on one template parameter's text is 1024 characters in all; the SMS text gets most of it. */
const maxTextLength = 900;

/**
 * A template parameter from untrusted text: sent as text, never interpreted by us. Graph refuses
 * a parameter with a line break, a tab or more than 4 spaces in a row (error 132018), or an empty
 * one, so whitespace runs become one space and an empty value a dash.
 */
export function templateText(value: string | null, max = 200): string {
  const flat = (value ?? '').replace(/\s+/g, ' ').trim();
  if (!flat) return '—';
  return cutText(flat, max);
}

/**
 * Forwards one SMS to a WhatsApp number by the SMS template (WhatsAppSmsTemplate, body
 * "{{1}} … {{2}} … {{3}}": service, code, text). A template, because the user's last message may be
 * older than WhatsApp's 24-hour window for free-form messages. Answers WhatsApp's message id.
 */
export function sendWhatsAppSms(to: string, sms: WhatsAppSms): Promise<{ id: string }> {
  return sendWhatsAppMessage(to, {
    type: 'template',
    template: {
      name: whatsappSetting('WhatsAppSmsTemplate'),
      language: { code: whatsappSetting('WhatsAppSmsTemplateLanguage') },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: templateText(sms.service, 60) },
            { type: 'text', text: templateText(sms.code, 32) },
            { type: 'text', text: templateText(sms.text, maxTextLength) },
          ],
        },
      ],
    },
  });
}

/** A free-form text reply: allowed inside the 24-hour window the user's own message opened. */
export function sendWhatsAppText(to: string, body: string): Promise<{ id: string }> {
  return sendWhatsAppMessage(to, { type: 'text', text: { body: body.slice(0, 4096), preview_url: false } });
}
