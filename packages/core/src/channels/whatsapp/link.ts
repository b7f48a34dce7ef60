import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { fieldProblem } from '@numbernest/contracts';
import { whatsappCodeLength, type WhatsAppState } from '@numbernest/contracts/whatsapp';
import { deleteItem, readItem, transact, txDelete, txUpdate, updateItem, type TransactPart } from '../../shared/db/item';
import { whatsappCodeItem, whatsappNumberItem, whatsappOwnerItem } from '../../shared/db/items/channels';
import { ConflictError, ValidationError } from '../../shared/errors';
import { requireWithinLimit, whatsappCodeLimit, whatsappCodeNumberLimit } from '../../shared/rate-limit';
import { sendWhatsAppMessage, whatsappSetting } from './graph';
import { digitsOf, type WhatsAppCodeItem } from './keys';

/** A code is good for 10 minutes and 5 tries; then a new one must be asked for. */
export const codeLifetimeMs = 10 * 60_000;
export const maxCodeAttempts = 5;

const hashOf = (sub: string, number: string, code: string) => createHash('sha256').update(`${sub}\n${number}\n${code}`).digest('hex');

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The number as E.164 if libphonenumber-js takes it as a valid number (loaded on first use: its metadata is large). */
export async function normaliseWhatsAppNumber(input: string): Promise<string> {
  const { parsePhoneNumberFromString } = await import('../../shared/phone-numbers');
  const parsed = parsePhoneNumberFromString(input.replace(/[\s().-]/g, ''));
  if (!parsed?.isValid()) {
    throw new ValidationError('Invalid request', { number: [fieldProblem('INVALID_FORMAT', undefined, 'Not a valid phone number.')] });
  }
  return parsed.number;
}

/** The account's verified WhatsApp number (E.164), or null: what forwarding sends to. */
export async function whatsappNumberOf(sub: string): Promise<string | null> {
  return (await readItem(whatsappNumberItem, { sub }, { consistent: true }))?.number ?? null;
}

/** The account a number is verified for, if any (the pointer is checked against the account's own item). */
export async function accountOfWhatsApp(digits: string): Promise<string | undefined> {
  const sub = (await readItem(whatsappOwnerItem, { digits }))?.sub;
  if (!sub) return undefined;
  const number = await whatsappNumberOf(sub);
  return number && digitsOf(number) === digits ? sub : undefined;
}

/** What Account setting shows: the verified number and a code waiting, if any. */
export async function whatsappState(sub: string, now = Date.now()): Promise<WhatsAppState> {
  const [verified, code] = await Promise.all([
    readItem(whatsappNumberItem, { sub }, { consistent: true }),
    readItem(whatsappCodeItem, { sub }, { consistent: true }),
  ]);
  const pending = code && Date.parse(code.codeExpiresAt) > now && code.attempts < maxCodeAttempts;
  return {
    number: verified?.number ?? null,
    verified_at: verified?.verifiedAt ?? null,
    pending: pending ? { number: code.number, expires_at: code.codeExpiresAt } : null,
  };
}

/**
 * Sends a 6-digit code to the number by WhatsApp's authentication template (the code in the body
 * and in its copy-code button) and keeps its hash for 10 minutes; a new code replaces the last.
 * Counted per account and per number (429 above either), before anything is sent.
 */
export async function startWhatsAppVerification(sub: string, input: string, now = Date.now()): Promise<WhatsAppState> {
  const number = await normaliseWhatsAppNumber(input);
  await requireWithinLimit(whatsappCodeLimit, sub, now);
  await requireWithinLimit(whatsappCodeNumberLimit, number, now);
  const code = String(randomInt(0, 10 ** whatsappCodeLength)).padStart(whatsappCodeLength, '0');
  const codeExpiresAt = new Date(now + codeLifetimeMs).toISOString();
  const item: WhatsAppCodeItem = {
    number,
    codeHash: hashOf(sub, number, code),
    codeExpiresAt,
    attempts: 0,
    sentAt: new Date(now).toISOString(),
    expiresAt: Math.floor((now + codeLifetimeMs) / 1000) + 86_400,
  };
  // Every attribute set (as a Put would): the account stays in the key only.
  await updateItem(whatsappCodeItem, { sub }, { set: item, ifExists: false });
  const parameter = [{ type: 'text' as const, text: code }];
  await sendWhatsAppMessage(number, {
    type: 'template',
    template: {
      name: whatsappSetting('WhatsAppCodeTemplate'),
      language: { code: whatsappSetting('WhatsAppCodeTemplateLanguage') },
      components: [
        { type: 'body', parameters: parameter },
        { type: 'button', sub_type: 'url', index: '0', parameters: parameter },
      ],
    },
  });
  return whatsappState(sub, now);
}

const codeError = (message: string, code: 'WHATSAPP_CODE_EXPIRED' | 'WHATSAPP_CODE_USED_UP') =>
  new ValidationError(message, { code: [fieldProblem('INVALID_VALUE', undefined, message)] }, code);

/** One wrong try counted, if the code still has tries left (concurrent tries cannot count past 5). */
async function countWrongTry(sub: string, seen: WhatsAppCodeItem): Promise<number> {
  const counted = await updateItem(
    whatsappCodeItem,
    { sub },
    {
      add: { attempts: 1 },
      when: { codeHash: { equals: seen.codeHash }, attempts: { lessThan: maxCodeAttempts } },
    },
  );
  return counted?.attempts ?? maxCodeAttempts;
}

/**
 * Checks the code; the right one (once, within 10 minutes and 5 tries) makes its number the
 * account's WhatsApp number, in one transaction with the number's pointer. A number is verified for
 * one account: verifying it elsewhere moves it there.
 */
export async function confirmWhatsAppVerification(sub: string, code: string, now = Date.now()): Promise<WhatsAppState> {
  const pending = await readItem(whatsappCodeItem, { sub }, { consistent: true });
  if (!pending) throw new ConflictError('No code is waiting; ask for a new one', 'WHATSAPP_NO_CODE');
  if (pending.attempts >= maxCodeAttempts) throw codeError('Too many wrong codes; ask for a new one', 'WHATSAPP_CODE_USED_UP');
  if (Date.parse(pending.codeExpiresAt) <= now) throw codeError('The code has expired; ask for a new one', 'WHATSAPP_CODE_EXPIRED');
  if (!sameHex(hashOf(sub, pending.number, code), pending.codeHash)) {
    const attempts = await countWrongTry(sub, pending);
    const left = Math.max(0, maxCodeAttempts - attempts);
    if (!left) throw codeError('Too many wrong codes; ask for a new one', 'WHATSAPP_CODE_USED_UP');
    const message = `Wrong code; ${left} ${left === 1 ? 'try' : 'tries'} left`;
    throw new ValidationError(message, { code: [fieldProblem('INVALID_VALUE', undefined, message)] }, 'WHATSAPP_CODE_WRONG', { attempts_left: left });
  }
  await linkNumber(sub, pending, now);
  return whatsappState(sub, now);
}

const usedMeanwhile = () => new ConflictError('The code was used or replaced meanwhile; ask for a new one', 'WHATSAPP_NO_CODE');

async function linkNumber(sub: string, pending: WhatsAppCodeItem, now: number): Promise<void> {
  const digits = digitsOf(pending.number);
  const [previous, owner] = await Promise.all([whatsappNumberOf(sub), readItem(whatsappOwnerItem, { digits }, { consistent: true })]);
  const at = new Date(now).toISOString();
  // Updates setting every attribute (as Puts would): the account and the digits stay in the keys only.
  const parts: TransactPart[] = [
    // One-time: the code goes with its use, and only the code that was checked.
    txDelete(
      whatsappCodeItem,
      { sub },
      {
        when: { codeHash: { equals: pending.codeHash }, attempts: { lessThan: maxCodeAttempts } },
        onConditionFailed: usedMeanwhile,
      },
    ),
    txUpdate(whatsappNumberItem, { sub }, { set: { number: pending.number, verifiedAt: at }, ifExists: false, onConditionFailed: usedMeanwhile }),
    txUpdate(
      whatsappOwnerItem,
      { digits },
      {
        set: { sub, linkedAt: at },
        when: owner ? { sub: { equals: owner.sub } } : { sub: { absent: true } },
        ifExists: false,
        onConditionFailed: usedMeanwhile,
      },
    ),
  ];
  if (previous && digitsOf(previous) !== digits) parts.push(deletePointer(digitsOf(previous), sub, usedMeanwhile));
  if (owner && owner.sub !== sub) {
    parts.push(
      txDelete(
        whatsappNumberItem,
        { sub: owner.sub },
        {
          when: { anyOf: [{ number: { absent: true } }, { number: { equals: pending.number } }] },
          onConditionFailed: usedMeanwhile,
        },
      ),
    );
  }
  await transact(parts);
}

/** The pointer of a number, only while it names this account. */
const deletePointer = (digits: string, sub: string, onConditionFailed: () => Error): TransactPart =>
  txDelete(whatsappOwnerItem, { digits }, { when: { anyOf: [{ sub: { absent: true } }, { sub: { equals: sub } }] }, onConditionFailed });

/** The number moved to another account meanwhile. */
class NumberMoved extends Error {}

/** Removes the account's WhatsApp number (and a code waiting); nothing to remove is fine. */
export async function removeWhatsAppNumber(sub: string): Promise<WhatsAppState> {
  const number = await whatsappNumberOf(sub);
  await deleteItem(whatsappCodeItem, { sub });
  if (number) {
    const moved = () => new NumberMoved('The WhatsApp number moved meanwhile');
    await transact([txDelete(whatsappNumberItem, { sub }, { onConditionFailed: moved }), deletePointer(digitsOf(number), sub, moved)]).catch(
      async (error: unknown) => {
        // The number moved to another account meanwhile: only ours goes.
        if (!(error instanceof NumberMoved)) throw error;
        await deleteItem(whatsappNumberItem, { sub });
      },
    );
  }
  return whatsappState(sub);
}
