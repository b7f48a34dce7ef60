/**
 * How many SMS segments a text is: pure (no AWS, no Node), so the web counts before sending
 * exactly what the server then charges for (the price per segment of each destination is in
 * `../tariff`). `@numbernest/core/sms-segments`.
 *
 * GSM-7 (GSM 03.38): a text made only of the basic alphabet's characters fits 160 in one SMS;
 * longer, it is split into segments of 153 (7 septets go to the concatenation header). The
 * extension table's characters (`€ [ ] { } \ ^ ~ |` and form feed) take two septets (escape +
 * character), and a segment never splits one. Any other character (Cyrillic, emoji, curly
 * quotes…) makes the whole text UCS-2: 70 UTF-16 units in one SMS, 67 a segment when longer; a
 * character outside the BMP (most emoji) takes two units, and a segment never splits it.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Segments the text is sent (and priced) as; 0 for an empty text. */
  segments: number;
  /** Septets (GSM-7) or UTF-16 units (UCS-2) the text takes. */
  units: number;
  /** Units a segment holds at this length: 160 / 70 for one segment, 153 / 67 for more. */
  perSegment: number;
  /** Units still free in the last segment before another one starts. */
  remaining: number;
}

const gsmBasic = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const gsmExtension = '\f^{}\\[~]|€';

const basic = new Set(gsmBasic);
const extension = new Set(gsmExtension);

export const smsLimits = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
} as const satisfies Record<SmsEncoding, { single: number; multi: number }>;

/** Septets of one character in GSM-7, or undefined when it has none (the text must be UCS-2). */
const septets = (char: string): number | undefined => (basic.has(char) ? 1 : extension.has(char) ? 2 : undefined);

/** The encoding a text needs: GSM-7 when every character is in the GSM 03.38 tables. */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (septets(char) === undefined) return 'UCS-2';
  return 'GSM-7';
}

/** Segments, units and room left of a text (as sent: trim it first as the API does). */
export function countSegments(text: string): SmsSegments {
  const encoding = smsEncoding(text);
  // Per character (code point): 1 or 2 septets, or 1 or 2 UTF-16 units.
  const costs = Array.from(text, (char) => (encoding === 'GSM-7' ? septets(char)! : char.length));
  const units = costs.reduce((sum, cost) => sum + cost, 0);
  const { single, multi } = smsLimits[encoding];
  if (units === 0) return { encoding, segments: 0, units, perSegment: single, remaining: single };
  if (units <= single) return { encoding, segments: 1, units, perSegment: single, remaining: single - units };
  // Longer: fill segments of `multi` in order; a two-unit character that does not fit starts the next one.
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > multi) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return { encoding, segments, units, perSegment: multi, remaining: multi - used };
}
