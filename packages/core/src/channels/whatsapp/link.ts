import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { fieldProblem } from '@numbernest/contracts';
import { whatsappCodeLength, type WhatsAppState } from '@numbernest/contracts/whatsapp';
import { db, failedCondition, tableName, transactWrite, type TransactItem } from '../../shared/db';
import { ConflictError, ValidationError } from '../../shared/errors';
import { requireWithinLimit, whatsappCodeLimit, whatsappCodeNumberLimit } from '../../shared/rate-limit';
import { sendWhatsAppMessage, whatsappSetting } from './graph';
import { digitsOf, whatsappKeys, type WhatsAppCodeItem, type WhatsAppNumberItem, type WhatsAppOwnerItem } from './keys';

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
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: whatsappKeys.number(sub), ConsistentRead: true }));
  return (Item as WhatsAppNumberItem | undefined)?.number ?? null;
}

/** The account a number is verified for, if any (the pointer is checked against the account's own item). */
export async function accountOfWhatsApp(digits: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: whatsappKeys.owner(digits) }));
  const sub = (Item as WhatsAppOwnerItem | undefined)?.sub;
  if (!sub) return undefined;
  const number = await whatsappNumberOf(sub);
  return number && digitsOf(number) === digits ? sub : undefined;
}

/** What Account setting shows: the verified number and a code waiting, if any. */
export async function whatsappState(sub: string, now = Date.now()): Promise<WhatsAppState> {
  const [numberItem, codeItem] = await Promise.all(
    [whatsappKeys.number(sub), whatsappKeys.code(sub)].map(
      async (Key) => (await db.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item,
    ),
  );
  const verified = numberItem as WhatsAppNumberItem | undefined;
  const code = codeItem as WhatsAppCodeItem | undefined;
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
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...whatsappKeys.code(sub), ...item } }));
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
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: whatsappKeys.code(sub),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'codeHash = :hash AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':hash': seen.codeHash, ':max': maxCodeAttempts },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return (Attributes?.attempts as number | undefined) ?? maxCodeAttempts;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return maxCodeAttempts;
    throw error;
  }
}

/**
 * Checks the code; the right one (once, within 10 minutes and 5 tries) makes its number the
 * account's WhatsApp number, in one transaction with the number's pointer. A number is verified for
 * one account: verifying it elsewhere moves it there.
 */
export async function confirmWhatsAppVerification(sub: string, code: string, now = Date.now()): Promise<WhatsAppState> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: whatsappKeys.code(sub), ConsistentRead: true }));
  const pending = Item as WhatsAppCodeItem | undefined;
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

async function linkNumber(sub: string, pending: WhatsAppCodeItem, now: number): Promise<void> {
  const digits = digitsOf(pending.number);
  const [previous, owner] = await Promise.all([
    whatsappNumberOf(sub),
    db
      .send(new GetCommand({ TableName: tableName(), Key: whatsappKeys.owner(digits), ConsistentRead: true }))
      .then(({ Item }) => Item as WhatsAppOwnerItem | undefined),
  ]);
  const at = new Date(now).toISOString();
  const items: TransactItem[] = [
    // One-time: the code goes with its use, and only the code that was checked.
    {
      Delete: {
        TableName: tableName(),
        Key: whatsappKeys.code(sub),
        ConditionExpression: 'codeHash = :hash AND attempts < :max',
        ExpressionAttributeValues: { ':hash': pending.codeHash, ':max': maxCodeAttempts },
      },
    },
    { Put: { TableName: tableName(), Item: { ...whatsappKeys.number(sub), number: pending.number, verifiedAt: at } } },
    {
      Put: {
        TableName: tableName(),
        Item: { ...whatsappKeys.owner(digits), sub, linkedAt: at },
        ...(owner
          ? { ConditionExpression: '#sub = :owner', ExpressionAttributeNames: { '#sub': 'sub' }, ExpressionAttributeValues: { ':owner': owner.sub } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
  ];
  if (previous && digitsOf(previous) !== digits) items.push(deletePointer(digitsOf(previous), sub));
  if (owner && owner.sub !== sub) {
    items.push({
      Delete: {
        TableName: tableName(),
        Key: whatsappKeys.number(owner.sub),
        ConditionExpression: 'attribute_not_exists(pk) OR #number = :number',
        ExpressionAttributeNames: { '#number': 'number' },
        ExpressionAttributeValues: { ':number': pending.number },
      },
    });
  }
  try {
    await transactWrite(items);
  } catch (error) {
    if (failedCondition(error)) throw new ConflictError('The code was used or replaced meanwhile; ask for a new one', 'WHATSAPP_NO_CODE');
    throw error;
  }
}

/** The pointer of a number, only while it names this account. */
const deletePointer = (digits: string, sub: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: whatsappKeys.owner(digits),
    ConditionExpression: 'attribute_not_exists(pk) OR #sub = :sub',
    ExpressionAttributeNames: { '#sub': 'sub' },
    ExpressionAttributeValues: { ':sub': sub },
  },
});

/** Removes the account's WhatsApp number (and a code waiting); nothing to remove is fine. */
export async function removeWhatsAppNumber(sub: string): Promise<WhatsAppState> {
  const number = await whatsappNumberOf(sub);
  await db.send(new DeleteCommand({ TableName: tableName(), Key: whatsappKeys.code(sub) }));
  if (number) {
    await transactWrite([{ Delete: { TableName: tableName(), Key: whatsappKeys.number(sub) } }, deletePointer(digitsOf(number), sub)]).catch(
      (error: unknown) => {
        // The number moved to another account meanwhile: only ours goes.
        if (!failedCondition(error)) throw error;
        return db.send(new DeleteCommand({ TableName: tableName(), Key: whatsappKeys.number(sub) }));
      },
    );
  }
  return whatsappState(sub);
}
