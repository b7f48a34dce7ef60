import { cutText } from '../shared/cut-text';
import type { InboundSms } from './items';
import { extractCode } from './otp';

/**
 * The longest SMS text kept, in UTF-16 units (JavaScript's `length`). Real concatenated SMS stay far
 * below it: Twilio cuts what it receives at 1,600 characters, carriers pass 4 to 10 parts (1,530
 * GSM-7 or 670 UCS-2 characters at 10), and the standard's 255 parts would be 39,015. Why 4,000:
 * packages/core/README.md, *Inbound SMS text*.
 */
export const maxSmsTextLength = 4000;

/** How much of a text the code is looked for in, so a code past the cut still shows; extraction is linear, so this costs milliseconds. */
export const codeSearchLength = 64 * 1024;

/**
 * An inbound SMS as it is kept, and its code: the code from the text as received (its first 64 K
 * characters), the text cut to `maxSmsTextLength` ending in "…", with its length as received
 * when it was longer.
 */
export function keptSms(sms: InboundSms): { sms: InboundSms; code: string | null } {
  const code = extractCode(sms.body.slice(0, codeSearchLength));
  if (sms.body.length <= maxSmsTextLength) return { sms, code };
  return { sms: { ...sms, body: cutText(sms.body, maxSmsTextLength), receivedLength: sms.body.length }, code };
}
