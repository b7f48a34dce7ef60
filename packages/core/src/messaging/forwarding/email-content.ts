/**
 * The words of a forwarded SMS e-mail (pure): the subject names the service and the code
 * ("Telegram code 123456"), or the service and the text's first words when it has no code; a plain
 * text part and an HTML part. The SMS text is the sender's: it is escaped in the HTML (shown as
 * text, never markup) and cleaned of control characters in the subject.
 */
import { oneLine } from '../../shared/mail/one-line';

export interface ForwardedSms {
  /** The service's name, else the sender (a Private number's SMS may come from anyone). */
  service: string;
  /** The code, when the SMS is the rental's (a verified sender) and one was found. */
  code: string | null;
  from: string;
  number: string;
  body: string;
  receivedAt: string;
  /** False: the sender is not one the service sends from (only the text matched). */
  verified: boolean;
  /** The rental's page, and the link that turns e-mail forwarding off. */
  rentalUrl: string;
  unsubscribeUrl: string;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** At most `max` characters, cut at a word where there is one, with an ellipsis when cut. */
export function firstWords(text: string, max = 40): string {
  const line = oneLine(text);
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function forwardedSmsEmail(sms: ForwardedSms): EmailContent {
  const service = firstWords(sms.service, 40) || 'SMS';
  const words = firstWords(sms.body) || '(no text)';
  const subject = sms.code ? `${service} code ${sms.code}` : `${service}: ${words}`;
  const unverified = sms.verified ? [] : ['Unverified sender: this SMS only looked like one from the service, so it is not counted as its code.', ''];
  const text = [
    ...(sms.code ? [`Code: ${sms.code}`, ''] : []),
    ...unverified,
    `From: ${oneLine(sms.from)}`,
    `To: ${sms.number}`,
    `Received: ${sms.receivedAt}`,
    '',
    sms.body,
    '',
    '--',
    `Open the number: ${sms.rentalUrl}`,
    'You get this because forwarding to e-mail is on in your NumberNest account.',
    `Turn e-mail forwarding off: ${sms.unsubscribeUrl}`,
    '',
  ].join('\n');
  const muted = 'color:#6b7280;font-size:13px';
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2937;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto">
${sms.code ? `<p style="${muted};margin:0">${escapeHtml(service)} code</p>\n<p style="font:700 32px/1.2 ui-monospace,Menlo,monospace;letter-spacing:4px;margin:4px 0 16px">${escapeHtml(sms.code)}</p>` : ''}
${sms.verified ? '' : `<p style="background:#fef3c7;color:#92400e;padding:8px 12px;border-radius:6px">Unverified sender: this SMS only looked like one from the service, so it is not counted as its code.</p>`}
<p style="${muted}">From <strong>${escapeHtml(oneLine(sms.from))}</strong> to ${escapeHtml(sms.number)} · ${escapeHtml(sms.receivedAt)}</p>
<p style="white-space:pre-wrap;border-left:3px solid #e5e7eb;padding-left:12px;margin:16px 0">${escapeHtml(sms.body)}</p>
<p><a href="${escapeHtml(sms.rentalUrl)}">Open the number in NumberNest</a></p>
<p style="${muted};border-top:1px solid #e5e7eb;padding-top:12px;margin-top:24px">You get this because forwarding to e-mail is on in your NumberNest account. <a href="${escapeHtml(sms.unsubscribeUrl)}" style="color:#6b7280">Turn e-mail forwarding off</a></p>
</div></body></html>
`;
  return { subject, text, html };
}
