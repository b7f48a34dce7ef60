import { randomBytes, randomInt } from 'node:crypto';
import { NumberType, type PurchaseRequest, type ReportReason } from '@numbernest/contracts';
// The ESM web build: global fetch (Node 22 has it) and tree-shakeable, where the node build drags in node-fetch.
import { Bot, GrammyError, InlineKeyboard, type Context } from 'grammy/web';
import type { Update } from 'grammy/types';
import { getPrivateOffer, sampleNumbers, getServiceOffer, listCountries, listPrivateCountries, listRentTimes, listServices } from '../../catalogue';
import { ConflictError, DomainError, InsufficientFundsError, RateLimitedError } from '../../shared/errors';
import { log } from '../../shared/log';
import { formatDollars as plainDollars, rentalPrice, type Cents } from '../../shared/pricing';
import { EarlyCancelError, findRental, listRentals, purchaseRental, reportRental } from '../../rentals';
import { findUser, AccountBlockedError, AccountDeletedError, EmailNotVerifiedError } from '../../accounts';
import type { UserItem } from '../../accounts';
import { secret, setting } from '../../shared/settings';
import { telegramBot } from './api';
import { accountOfChat, redeemLinkCode, unlinkChat, type LinkOutcome } from './link';
import { escapeHtml, languageOf, words } from './words';

type Words = (typeof words)['en'];
const html = { parse_mode: 'HTML' } as const;
const perPage = 20;
const formatDollars = (cents: Cents) => `$${plainDollars(cents)}`;

const wordsOf = (ctx: Context): Words => words[languageOf(ctx.from?.language_code)];

const linkReplies: Record<LinkOutcome, keyof Words> = {
  linked: 'linked',
  'already-linked': 'alreadyLinked',
  'unknown-code': 'unknownCode',
  'expired-code': 'expiredCode',
  'chat-taken': 'chatTaken',
};

/** The linked account of a private chat, or a reply saying how to link (and undefined). */
async function accountOf(ctx: Context): Promise<string | undefined> {
  const sub = ctx.chat?.type === 'private' ? await accountOfChat(ctx.chat.id) : undefined;
  if (!sub) await ctx.reply(wordsOf(ctx).notLinked);
  return sub;
}

/** The buyer as purchaseRental wants it: refused as the web refuses (blocked, deleted, e-mail unverified). */
async function buyer(sub: string): Promise<UserItem> {
  const user = await findUser(sub);
  if (!user || user.deletedAt) throw new AccountDeletedError();
  if (user.blocked) throw new AccountBlockedError();
  if (!user.emailVerifiedAt) throw new EmailNotVerifiedError();
  return user;
}

/** Two buttons a row, and a "More" button when the list goes on. */
function pagedKeyboard(items: { label: string; data: string }[], page: number, moreData: string, more: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  items.slice(page * perPage, (page + 1) * perPage).forEach((item, i) => {
    keyboard.text(item.label, item.data);
    if (i % 2 === 1) keyboard.row();
  });
  if (items.length > (page + 1) * perPage) keyboard.row().text(more, moreData);
  return keyboard;
}

/** Replaces the keyboard message of a button press (the conversation stays one message). */
async function show(ctx: Context, text: string, keyboard?: InlineKeyboard): Promise<void> {
  try {
    await ctx.editMessageText(text, { ...html, ...(keyboard ? { reply_markup: keyboard } : {}) });
  } catch (error) {
    // A double tap edits to the same words: Telegram refuses the second edit, and nothing is amiss.
    if (!(error instanceof GrammyError && error.description.includes('message is not modified'))) throw error;
  }
}

async function showCountries(ctx: Context, type: NumberType, page: number): Promise<void> {
  const w = wordsOf(ctx);
  const countries = type === NumberType.Private ? await listPrivateCountries() : await listCountries();
  if (!countries.length) return show(ctx, w.noCountries);
  const items = countries.map((c) => ({ label: c.name, data: `s:${type}:${c.id}:0` }));
  await show(ctx, w.chooseCountry, pagedKeyboard(items, page, `c:${type}:${page + 1}`, w.more));
}

async function showServices(ctx: Context, type: NumberType, countryId: number, page: number): Promise<void> {
  const w = wordsOf(ctx);
  if (type === NumberType.Private) return showPeriods(ctx, type, countryId, 0);
  const services = (await listServices(countryId)).filter((s) => type !== NumberType.Temporary || s.temporary_price !== null);
  if (!services.length) return show(ctx, w.noServices);
  const next = type === NumberType.Temporary ? 'r' : 'p';
  const items = services.map((s) => ({ label: s.name, data: `${next}:${type}:${countryId}:${s.id}:0` }));
  await show(ctx, w.chooseService, pagedKeyboard(items, page, `s:${type}:${countryId}:${page + 1}`, w.more));
}

async function showPeriods(ctx: Context, type: NumberType, countryId: number, serviceId: number): Promise<void> {
  const w = wordsOf(ctx);
  const periods = await listRentTimes();
  const items = periods.map((p) => ({ label: p.name, data: `r:${type}:${countryId}:${serviceId}:${p.id}` }));
  await show(ctx, w.choosePeriod, pagedKeyboard(items, 0, 'x', w.more));
}

/** The price now and what is bought, from the catalogue (as purchaseRental will price it). */
async function offerOf(type: NumberType, countryId: number, serviceId: number, rentTimeId: number): Promise<{ what: string; priceCents: Cents }> {
  if (type === NumberType.Private) {
    const { country, offer } = await getPrivateOffer(countryId);
    return { what: `${country.name} · ${rentTimeId}`, priceCents: rentalPrice(offer, rentTimeId).totalCents };
  }
  const { country, offer } = await getServiceOffer(countryId, serviceId);
  const priceCents = type === NumberType.Temporary ? (offer.temporaryPriceCents ?? 0) : rentalPrice(offer, rentTimeId).totalCents;
  return { what: `${offer.name} · ${country.name}`, priceCents };
}

/**
 * The confirmation: one free number picked (at random among the free ones, so two buyers at once
 * rarely reach for the same), its price, and a Confirm button whose data carries a nonce: the
 * purchase's idempotency key, so pressing it twice buys once.
 */
async function showConfirm(ctx: Context, type: NumberType, countryId: number, serviceId: number, rentTimeId: number): Promise<void> {
  const w = wordsOf(ctx);
  const [{ what, priceCents }, free, periods] = await Promise.all([
    offerOf(type, countryId, serviceId, rentTimeId),
    // A few free numbers from a random place in the picker's list (for this service: Shared and Temporary).
    sampleNumbers(countryId, type, type === NumberType.Private ? undefined : serviceId, 5),
    listRentTimes(),
  ]);
  if (!free.length) return show(ctx, w.noNumbersFree);
  const number = free[randomInt(free.length)]!;
  const period = type === NumberType.Temporary ? '' : ` · ${periods.find((p) => p.id === rentTimeId)?.name ?? ''}`;
  const label = `${w.types[type]!}\n${escapeHtml(type === NumberType.Private ? what.split(' · ')[0]! : what)}${escapeHtml(period)}`;
  const nonce = randomBytes(6).toString('base64url');
  const keyboard = new InlineKeyboard()
    .text(w.confirmButton, `k:${type}:${number.numberId}:${serviceId}:${rentTimeId}:${nonce}`)
    .row()
    .text(w.cancelButton, 'x');
  await show(ctx, w.confirm(label, number.e164, formatDollars(priceCents)), keyboard);
}

const requestOf = (type: NumberType, numberId: number, serviceId: number, rentTimeId: number): PurchaseRequest =>
  type === NumberType.Private
    ? { mobile_number_type_id: 2, mobile_number_id: numberId, rent_time_id: rentTimeId }
    : type === NumberType.Temporary
      ? { mobile_number_type_id: 3, mobile_number_id: numberId, service_provider_id: serviceId }
      : { mobile_number_type_id: 1, mobile_number_id: numberId, service_provider_id: serviceId, rent_time_id: rentTimeId };

/** A 429 of a purchase in the chat's words: the holding limits and the standing name themselves, the rest is "too many". */
function limitWords(w: ReturnType<typeof wordsOf>, error: RateLimitedError): string {
  if (error.code === 'HOLDING_LIMIT') return w.holdingLimit(Number(error.params?.limit));
  if (error.code === 'SLICE_SHARE_LIMIT') return w.sliceShare;
  if (error.code === 'STANDING_PAUSED') return w.standingPaused(String(error.params?.until).slice(0, 16).replace('T', ' '));
  return w.rateLimited;
}

/** Buys through the web's own purchaseRental; its refusals (402, 409, 429, 403) said in words. */
async function buy(ctx: Context, sub: string, request: PurchaseRequest, nonce: string): Promise<void> {
  const w = wordsOf(ctx);
  try {
    const { rental, balanceCents } = await purchaseRental({
      loadUser: () => buyer(sub),
      request,
      idempotencyKey: `telegram:${ctx.chat!.id}:${nonce}`,
    });
    // An activation's message carries Report number, as the web's activation does.
    const report = rental.typeId === NumberType.Temporary ? new InlineKeyboard().text(w.reportButton, `n:${rental.id}`) : undefined;
    await show(ctx, w.bought(rental.e164, formatDollars(balanceCents)), report);
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      const user = await findUser(sub);
      const balance = user?.balanceCents ?? 0;
      return show(ctx, w.insufficient(formatDollars(balance + error.shortfallCents), formatDollars(balance)));
    }
    if (error instanceof RateLimitedError) return show(ctx, limitWords(w, error));
    if (error instanceof DomainError && error.code === 'NUMBER_TAKEN') return show(ctx, w.taken);
    if (error instanceof AccountBlockedError || error instanceof AccountDeletedError || error instanceof EmailNotVerifiedError) return show(ctx, w.refused);
    if (error instanceof DomainError && error.code === 'IDEMPOTENCY_KEY_REUSED') return show(ctx, w.taken);
    throw error;
  }
}

async function numbersReply(sub: string, w: Words): Promise<{ text: string; keyboard?: InlineKeyboard }> {
  const { rentals } = await listRentals(sub, { status: 'active', page: 0 });
  if (!rentals.length) return { text: w.noNumbers };
  const lines = rentals.map((r) => {
    const service = r.serviceName ?? w.anyService;
    const code = r.lastMessage?.code ? `<code>${escapeHtml(r.lastMessage.code)}</code>` : w.noCodeYet;
    return `• <code>${escapeHtml(r.e164)}</code> · ${escapeHtml(service)} · ${escapeHtml(r.countryName)}\n   ${code} · ${w.until} ${r.expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  });
  // Each active activation gets its Report number button.
  const activations = rentals.filter((r) => r.typeId === NumberType.Temporary);
  const keyboard = activations.length ? new InlineKeyboard() : undefined;
  for (const r of activations) keyboard!.text(`${w.reportButton} ${r.e164}`, `n:${r.id}`).row();
  return { text: [w.numbersTitle, '', ...lines].join('\n'), ...(keyboard ? { keyboard } : {}) };
}

/** Report number's two reasons (the web's), each a button; the rental's own id in the data. */
function askReport(ctx: Context, rentalId: string, e164: string): Promise<void> {
  const w = wordsOf(ctx);
  const keyboard = new InlineKeyboard()
    .text(w.reportNotDelivered, `q:${rentalId}:n`)
    .row()
    .text(w.reportAlreadyUsed, `q:${rentalId}:u`)
    .row()
    .text(w.cancelButton, 'x');
  return show(ctx, w.reportAsk(e164), keyboard);
}

/** Reports through the web's own reportRental (its refund and its refusals), said in words. */
async function report(ctx: Context, sub: string, rentalId: string, reason: ReportReason): Promise<void> {
  const w = wordsOf(ctx);
  try {
    const { rental, balanceCents } = await reportRental(sub, rentalId, reason);
    const balance = balanceCents ?? (await findUser(sub))?.balanceCents ?? 0;
    await show(ctx, w.reported(rental.e164, formatDollars(balance)));
  } catch (error) {
    if (error instanceof EarlyCancelError) return show(ctx, w.reportEarly(error.closableFrom.slice(0, 16).replace('T', ' ')));
    if (error instanceof RateLimitedError) return show(ctx, w.rateLimited);
    if (error instanceof ConflictError && error.code === 'REPORT_AFTER_CODE') return show(ctx, w.reportAfterCode);
    if (error instanceof DomainError) return show(ctx, w.reportEnded);
    throw error;
  }
}

function build(botInfo: Awaited<ReturnType<typeof telegramBot>>): Bot {
  const bot = new Bot(secret('TelegramBotToken'), { botInfo, client: { apiRoot: setting('TelegramApiUrl') } });
  // Commands only in private chats: a chat links to one person's account.
  const dm = bot.chatType('private');

  dm.command('start', async (ctx) => {
    const code = ctx.match.trim();
    const w = wordsOf(ctx);
    if (!code) return void (await ctx.reply((await accountOfChat(ctx.chat.id)) ? w.help : w.notLinked, html));
    const outcome = await redeemLinkCode(code, ctx.chat.id);
    await ctx.reply(w[linkReplies[outcome]] as string, html);
  });
  dm.command('stop', async (ctx) => {
    const w = wordsOf(ctx);
    await ctx.reply((await unlinkChat(ctx.chat.id)) ? w.stopped : w.stoppedNothing);
  });
  dm.command('help', (ctx) => ctx.reply(wordsOf(ctx).help, html));
  dm.command('balance', async (ctx) => {
    const sub = await accountOf(ctx);
    const user = sub && (await findUser(sub));
    if (user) await ctx.reply(wordsOf(ctx).balance(formatDollars(user.balanceCents)), html);
  });
  dm.command('numbers', async (ctx) => {
    const sub = await accountOf(ctx);
    if (!sub) return;
    const { text, keyboard } = await numbersReply(sub, wordsOf(ctx));
    await ctx.reply(text, { ...html, ...(keyboard ? { reply_markup: keyboard } : {}) });
  });
  dm.command('buy', async (ctx) => {
    if (!(await accountOf(ctx))) return;
    const w = wordsOf(ctx);
    const keyboard = new InlineKeyboard()
      .text(w.types[NumberType.Shared]!, `c:${NumberType.Shared}:0`)
      .row()
      .text(w.types[NumberType.Private]!, `c:${NumberType.Private}:0`)
      .row()
      .text(w.types[NumberType.Temporary]!, `c:${NumberType.Temporary}:0`);
    await ctx.reply(w.chooseType, { reply_markup: keyboard });
  });

  // The /buy keyboards. Data (<= 64 bytes): c:type:page, s:type:country:page, p:type:country:service:0,
  // r:type:country:service:rentTime, k:type:number:service:rentTime:nonce, x (cancel).
  dm.callbackQuery(/^([csprkx])(?::([\w:-]+))?$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    const sub = await accountOf(ctx);
    if (!sub) return;
    const [step, rest = ''] = [ctx.match[1], ctx.match[2]];
    const [a = 0, b = 0, c = 0, d = 0] = rest.split(':').map(Number) as number[];
    const type = a as NumberType;
    if (step !== 'x' && ![1, 2, 3].includes(type)) return;
    switch (step) {
      case 'c':
        return showCountries(ctx, type, b);
      case 's':
        return showServices(ctx, type, b, c);
      case 'p':
        return showPeriods(ctx, type, b, c);
      case 'r':
        return showConfirm(ctx, type, b, c, d);
      case 'k':
        return buy(ctx, sub, requestOf(type, b, c, d), rest.split(':')[4] ?? '');
      default:
        return show(ctx, wordsOf(ctx).cancelled);
    }
  });
  // Report number: n:rental asks the reason, q:rental:n|u reports (n: not delivered, u: already used).
  dm.callbackQuery(/^([nq]):(\w+)(?::([nu]))?$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    const sub = await accountOf(ctx);
    if (!sub) return;
    const [, step, rentalId = '', reason] = ctx.match;
    if (step === 'q') return report(ctx, sub, rentalId, reason === 'u' ? 'already_used' : 'not_delivered');
    const rental = await findRental(sub, rentalId);
    if (!rental || rental.status !== 'active') return show(ctx, wordsOf(ctx).reportEnded);
    return askReport(ctx, rental.id, rental.e164);
  });
  dm.on('message', (ctx) => ctx.reply(wordsOf(ctx).help, html));

  bot.catch(async ({ error, ctx }) => {
    log.error('telegram update failed', { error: String(error), updateId: ctx.update.update_id });
    await ctx.reply(wordsOf(ctx).failed).catch(() => undefined);
  });
  return bot;
}

let current: Promise<Bot> | undefined;

/**
 * Answers one update from the webhook. The bot is made once per warm Lambda (getMe once); an
 * update's failure is logged and answered in the chat, never thrown: Telegram would only resend it.
 */
export async function handleTelegramUpdate(update: Update): Promise<void> {
  current ??= telegramBot()
    .then(build)
    .catch((error: unknown) => {
      current = undefined;
      throw error;
    });
  await (await current).handleUpdate(update);
}
