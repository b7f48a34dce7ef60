import { NumberType, type LedgerKind } from '@numbernest/contracts';
import { chainProblems } from '../../money';
import type { LedgerEntry } from '../../money';
import { formatDollars } from '../../shared/pricing';
import type { RentalItem } from '../../rentals';
import { finishStatusOf, heldAttribute, upstreamAccountSub } from '../../rentals';
import type { Snapshot } from './snapshot';

export interface CheckResult {
  name: string;
  /** How many things it looked at. */
  checked: number;
  /** Each finding in words, naming the items. */
  problems: string[];
}

type Check = (s: Snapshot) => CheckResult;

const dollars = (cents: number) => `$${formatDollars(cents)}`;

/** Every entry of the given kinds, across users. */
const entriesOf = (s: Snapshot, ...kinds: LedgerKind[]) => [...s.entries.values()].flat().filter((e) => kinds.includes(e.kind));

/** Entries grouped by what they belong to (`sub` + reference): the unit each check counts. */
function byReference(entries: LedgerEntry[]): Map<string, LedgerEntry[]> {
  const groups = new Map<string, LedgerEntry[]>();
  for (const entry of entries) groups.set(`${entry.sub}/${entry.reference}`, [...(groups.get(`${entry.sub}/${entry.reference}`) ?? []), entry]);
  return groups;
}

/** Every balance equals the sum of its entries, numbered 1..n, each balance-after the running sum. */
const balances: Check = (s) => ({
  name: 'balances equal their entries',
  checked: s.profiles.length,
  problems: s.profiles.flatMap((profile) => {
    const { details } = chainProblems(profile, s.entries.get(profile.sub) ?? []);
    return details.length ? [`${profile.email || '(no e-mail)'} ${profile.sub}: ${details.join('; ')}`] : [];
  }),
});

/** Every paid top-up credited exactly once, by its amount; no top-up entry without a paid top-up. */
const topUps: Check = (s) => {
  const problems: string[] = [];
  const credits = byReference(entriesOf(s, 'top-up'));
  const paid = [...s.topUps.values()].filter((t) => t.status === 'paid');
  for (const topUp of paid) {
    const found = credits.get(`${topUp.sub}/${topUp.id}`) ?? [];
    if (found.length !== 1) problems.push(`top-up ${topUp.id} (${topUp.provider}, ${dollars(topUp.amountCents)}) is paid and credited ${found.length} times`);
    else if (found[0]!.amountCents !== topUp.amountCents)
      problems.push(`top-up ${topUp.id} is ${dollars(topUp.amountCents)} but credited ${dollars(found[0]!.amountCents)}`);
  }
  for (const [owner, found] of credits) {
    const topUp = s.topUps.get(found[0]!.reference);
    if (!topUp || topUp.sub !== found[0]!.sub || topUp.status !== 'paid')
      problems.push(`top-up entry of ${owner} has no paid top-up ${topUp ? `(it is ${topUp.status})` : ''}`.trim());
  }
  return { name: 'every paid top-up credited once', checked: paid.length, problems };
};

/** The operators' review queue lists exactly the top-ups in review, each once (else one waits unseen, or a decided one shows). */
const reviewQueue: Check = (s) => {
  const problems: string[] = [];
  const queued = new Map<string, number>();
  for (const id of s.reviewQueue) queued.set(id, (queued.get(id) ?? 0) + 1);
  const inReview = [...s.topUps.values()].filter((t) => t.status === 'review');
  for (const topUp of inReview) if (!queued.has(topUp.id)) problems.push(`top-up ${topUp.id} is in review but not in the operators' queue`);
  for (const [id, count] of queued) {
    const topUp = s.topUps.get(id);
    if (topUp?.status !== 'review') problems.push(`the review queue names top-up ${id}, which is ${topUp ? topUp.status : 'missing'}`);
    if (count > 1) problems.push(`the review queue names top-up ${id} ${count} times`);
  }
  return { name: 'every top-up in review queued for the operators', checked: inReview.length, problems };
};

/**
 * Card money taken back (disputes, refunds to the card, disputes won back) is booked against one
 * paid top-up of the same account: its entries net to the top-up's `reversedCents`, never more than
 * it credited.
 */
const cardReversals: Check = (s) => {
  const problems: string[] = [];
  const reversals = byReference(entriesOf(s, 'chargeback', 'card-refund', 'chargeback-reversal'));
  for (const [owner, found] of reversals) {
    const topUp = s.topUps.get(found[0]!.reference);
    if (!topUp || topUp.sub !== found[0]!.sub || topUp.status !== 'paid') {
      problems.push(`${found.map((e) => e.kind).join(', ')} of ${owner} match no paid top-up of that account`);
      continue;
    }
    const takenBack = -found.reduce((sum, e) => sum + e.amountCents, 0);
    if (takenBack !== (topUp.reversedCents ?? 0))
      problems.push(`top-up ${topUp.id} says ${dollars(topUp.reversedCents ?? 0)} taken back, its entries took ${dollars(takenBack)}`);
    if (takenBack > topUp.amountCents) problems.push(`top-up ${topUp.id} credited ${dollars(topUp.amountCents)} but ${dollars(takenBack)} was taken back`);
  }
  for (const topUp of s.topUps.values()) {
    if ((topUp.reversedCents ?? 0) !== 0 && !reversals.has(`${topUp.sub}/${topUp.id}`))
      problems.push(`top-up ${topUp.id} says ${dollars(topUp.reversedCents!)} taken back, with no entry`);
  }
  return { name: 'card money taken back once, never more than credited', checked: reversals.size, problems };
};

/** Every rental debited once at purchase; its purchase and extensions add up to what it says was paid. */
const purchases: Check = (s) => {
  const problems: string[] = [];
  const buys = byReference(entriesOf(s, 'purchase'));
  const extensions = byReference(entriesOf(s, 'extension'));
  for (const rental of s.rentals.values()) {
    const key = `${rental.sub}/${rental.id}`;
    const bought = buys.get(key) ?? [];
    if (bought.length !== 1) {
      problems.push(`rental ${rental.id} (${rental.e164}) was debited ${bought.length} times`);
      continue;
    }
    const paid = -[...bought, ...(extensions.get(key) ?? [])].reduce((sum, e) => sum + e.amountCents, 0);
    if (paid !== rental.priceCents)
      problems.push(`rental ${rental.id} says ${dollars(rental.priceCents)} paid, its purchase and extensions debited ${dollars(paid)}`);
  }
  for (const [owner, found] of [...buys, ...extensions]) {
    const rental = s.rentals.get(found[0]!.reference);
    if (!rental || rental.sub !== found[0]!.sub) problems.push(`${found[0]!.kind} entry of ${owner} has no rental`);
  }
  return { name: 'every purchase debited once', checked: s.rentals.size, problems };
};

/**
 * Every refund matches one rental or one Start Chat message that was not sent (failed, its price).
 * A rental's refunds add up to its price when it ended refunded (one refund, or an operator's close
 * with a refund), or else to what operators gave back of it (`refundedCents`, partial refunds
 * after it ended): never more than was paid. A message is refunded once; each refunded rental and
 * failed message has its refund.
 */
const refunds: Check = (s) => {
  const problems: string[] = [];
  const given = byReference(entriesOf(s, 'refund'));
  for (const [owner, found] of given) {
    const reference = found[0]!.reference;
    const rental = s.rentals.get(reference);
    const message = s.messages.get(reference);
    const total = found.reduce((sum, e) => sum + e.amountCents, 0);
    if (rental?.sub === found[0]!.sub) {
      const owed = rental.ended === 'refunded' ? rental.priceCents : (rental.refundedCents ?? 0);
      if (owed === 0) problems.push(`refund to ${owner} matches no refunded rental and no failed message`);
      else if (total !== owed) problems.push(`refunds to ${owner} add up to ${dollars(total)}, ${dollars(owed)} was refunded`);
      if (total > rental.priceCents) problems.push(`refunds to ${owner} add up to ${dollars(total)}, more than the ${dollars(rental.priceCents)} paid`);
      continue;
    }
    const owed = message?.sub === found[0]!.sub && message.status === 'failed' ? message.priceCents : undefined;
    if (owed === undefined) problems.push(`refund to ${owner} matches no refunded rental and no failed message`);
    else if (found.length !== 1) problems.push(`${owner} was refunded ${found.length} times`);
    else if (found[0]!.amountCents !== owed) problems.push(`refund to ${owner} is ${dollars(found[0]!.amountCents)}, ${dollars(owed)} was paid`);
  }
  const owedRefunds = [
    ...[...s.rentals.values()].filter((r) => r.ended === 'refunded' || (r.refundedCents ?? 0) > 0).map((r) => `${r.sub}/${r.id}`),
    ...[...s.messages.values()].filter((m) => m.box === 'sent' && m.status === 'failed').map((m) => `${m.sub}/${m.id}`),
  ];
  for (const key of owedRefunds) if (!given.has(key)) problems.push(`${key} ended refunded but has no refund entry`);
  return { name: 'every refund matches one rental or unsent message', checked: given.size, problems };
};

/**
 * A refund never follows use but where a person said so: a rental refunded after its code was
 * reported `already_used` by its renter, or refunded by an operator (the entry names them). Each
 * reported rental blocked its number for its service (the lock names it), and each block names a
 * reported rental, so no report refunded without stopping the sale, nor a sale stopped unexplained.
 */
const reportedNumbers: Check = (s) => {
  const problems: string[] = [];
  const refundEntries = byReference(entriesOf(s, 'refund'));
  const refunded = [...s.rentals.values()].filter((r) => r.ended === 'refunded');
  for (const rental of refunded) {
    if (rental.messagesCount === 0 || rental.reported?.reason === 'already_used') continue;
    const byOperator = (refundEntries.get(`${rental.sub}/${rental.id}`) ?? []).some((e) => e.description.params?.operator);
    if (!byOperator)
      problems.push(`rental ${rental.id} got ${rental.messagesCount} code(s) and was refunded, neither reported as already used nor by an operator`);
  }
  const locks = new Map(s.locks.map((l) => [`${l.numberId}/${l.lock}`, l]));
  const reported = [...s.rentals.values()].filter((r) => r.reported);
  for (const rental of reported) {
    if (locks.get(lockOf(rental))?.blockedRentalId !== rental.id) problems.push(`reported rental ${rental.id} did not block its lock ${lockOf(rental)}`);
  }
  for (const lock of s.locks) {
    if (!lock.blockedAt) continue;
    if (!s.rentals.get(lock.blockedRentalId ?? '')?.reported) problems.push(`lock ${lock.numberId}/${lock.lock} is blocked by no reported rental`);
  }
  return { name: 'refunds after use and blocked numbers were reported', checked: refunded.length + reported.length, problems };
};

/** Every sent message paid once, at the price it was sent for; no SMS debit without its message. */
const smsOut: Check = (s) => {
  const problems: string[] = [];
  const debits = byReference(entriesOf(s, 'sms-out'));
  const sent = [...s.messages.values()].filter((m) => m.box === 'sent');
  for (const message of sent) {
    const found = debits.get(`${message.sub}/${message.id}`) ?? [];
    if (found.length !== 1) problems.push(`sent message ${message.id} was debited ${found.length} times`);
    else if (-found[0]!.amountCents !== message.priceCents)
      problems.push(`sent message ${message.id} costs ${dollars(message.priceCents ?? 0)}, debited ${dollars(-found[0]!.amountCents)}`);
  }
  for (const [owner, found] of debits) {
    const message = s.messages.get(found[0]!.reference);
    if (!message || message.sub !== found[0]!.sub || message.box !== 'sent') problems.push(`sms-out entry of ${owner} has no sent message`);
  }
  return { name: 'every outgoing SMS debited once', checked: sent.length, problems };
};

/** Every transfer is one debit of its sender and one credit of its recipient, of its amount. */
const transfers: Check = (s) => {
  const problems: string[] = [];
  const out = byReference(entriesOf(s, 'transfer-out'));
  const into = byReference(entriesOf(s, 'transfer-in'));
  for (const t of s.transfers.values()) {
    const debit = out.get(`${t.fromSub}/${t.id}`) ?? [];
    const credit = into.get(`${t.toSub}/${t.id}`) ?? [];
    if (debit.length !== 1 || credit.length !== 1) problems.push(`transfer ${t.id} has ${debit.length} debit(s) and ${credit.length} credit(s)`);
    else if (debit[0]!.amountCents !== -t.amountCents || credit[0]!.amountCents !== t.amountCents)
      problems.push(`transfer ${t.id} of ${dollars(t.amountCents)} moved ${dollars(-debit[0]!.amountCents)} out, ${dollars(credit[0]!.amountCents)} in`);
  }
  for (const [owner, found] of [...out, ...into])
    if (!s.transfers.has(found[0]!.reference)) problems.push(`${found[0]!.kind} entry of ${owner} has no transfer`);
  return { name: 'every transfer moved once', checked: s.transfers.size, problems };
};

/**
 * Every activation a partner's agent served and that ended is told to its agent once, with the status
 * its end gives; every sold one (status 3) is credited to its partner once, by its share, and no
 * partner earning exists without a sold activation.
 */
const partnerEarnings: Check = (s) => {
  const problems: string[] = [];
  const earnings = byReference(entriesOf(s, 'partner-earning'));
  const served = [...s.rentals.values()].filter((r) => r.agentSale && r.status === 'inactive');
  for (const rental of served) {
    const sale = rental.agentSale!;
    const finish = s.agentFinishes.get(rental.id);
    const expected = finishStatusOf(rental, rental.ended === 'refunded', rental.reported?.reason);
    if (!finish) problems.push(`agent activation ${rental.id} ended but its agent ${sale.agentId} is not told`);
    else if (finish.status !== expected) problems.push(`agent activation ${rental.id} ended as status ${expected} but its agent is told ${finish.status}`);
    const credited = earnings.get(`${sale.partnerSub}/${rental.id}`) ?? [];
    const sold = expected === 3;
    if (credited.length !== (sold ? 1 : 0))
      problems.push(`agent activation ${rental.id} (${sold ? 'sold' : 'not sold'}) credited to its partner ${credited.length} times`);
    else if (sold && credited[0]!.amountCents !== sale.sumCents)
      problems.push(`agent activation ${rental.id} earns its partner ${dollars(sale.sumCents)} but credited ${dollars(credited[0]!.amountCents)}`);
  }
  for (const [owner, found] of earnings) {
    const rental = s.rentals.get(found[0]!.reference);
    if (!rental?.agentSale || rental.agentSale.partnerSub !== found[0]!.sub)
      problems.push(`partner-earning entry of ${owner} has no activation of that partner`);
  }
  for (const finish of s.agentFinishes.values()) {
    if (finish.unsold !== undefined) {
      if (finish.status !== 4) problems.push(`agent number ${finish.rentalId} was never sold but its agent is told ${finish.status}`);
    } else if (!s.rentals.get(finish.rentalId)?.agentSale) problems.push(`agent finish ${finish.rentalId} has no agent activation`);
  }
  return { name: 'every sold agent activation credited once to its partner', checked: served.length, problems };
};

/**
 * Every activation bought from an upstream debited once from its upstream's account, by its cost;
 * every one that ended has its end carried (or queued) to the upstream; every refund the upstream
 * gave credited once, by the cost; no upstream-spend or upstream-refund entry without its activation.
 */
const upstreamMoney: Check = (s) => {
  const problems: string[] = [];
  const spends = byReference(entriesOf(s, 'upstream-spend'));
  const refunds = byReference(entriesOf(s, 'upstream-refund'));
  const bought = [...s.rentals.values()].filter((r) => r.upstreamSale);
  for (const rental of bought) {
    const sale = rental.upstreamSale!;
    const account = upstreamAccountSub(sale.upstreamId);
    const debited = spends.get(`${account}/${rental.id}`) ?? [];
    if (debited.length !== 1) problems.push(`upstream activation ${rental.id} debited from ${account} ${debited.length} times`);
    else if (debited[0]!.amountCents !== -sale.costCents)
      problems.push(`upstream activation ${rental.id} cost ${dollars(sale.costCents)} but ${dollars(-debited[0]!.amountCents)} was debited`);
    const end = s.upstreamEnds.get(rental.id);
    if (rental.status === 'inactive' && !end) problems.push(`upstream activation ${rental.id} ended but its upstream ${sale.upstreamId} is not told`);
    const credited = refunds.get(`${account}/${rental.id}`) ?? [];
    const refunded = end?.refundedCents !== undefined;
    if (credited.length !== (refunded ? 1 : 0))
      problems.push(`upstream activation ${rental.id} (${refunded ? 'refunded' : 'not refunded'} by its upstream) credited ${credited.length} times`);
    else if (refunded && credited[0]!.amountCents !== sale.costCents)
      problems.push(`upstream activation ${rental.id} refunded ${dollars(sale.costCents)} but credited ${dollars(credited[0]!.amountCents)}`);
  }
  for (const [owner, found] of [...spends, ...refunds]) {
    const rental = s.rentals.get(found[0]!.reference);
    if (!rental?.upstreamSale || upstreamAccountSub(rental.upstreamSale.upstreamId) !== found[0]!.sub)
      problems.push(`${found[0]!.kind} entry of ${owner} has no activation of that upstream`);
  }
  for (const end of s.upstreamEnds.values())
    if (end.unsold === undefined && !s.rentals.get(end.rentalId)?.upstreamSale) problems.push(`upstream end ${end.rentalId} has no upstream activation`);
  return { name: 'every upstream activation debited once from its upstream, every upstream refund credited once', checked: bought.length, problems };
};

/** An activation we refunded the customer for and its upstream did not refund us: money lost, for operators to claim (no fault of the books). */
export interface UpstreamLoss {
  rentalId: string;
  upstreamId: string;
  activationId: string;
  lostCents: number;
  why: string;
}

/** Every such activation whose end the upstream answered: it took the cancel and kept the money, or refused it. */
export const upstreamLosses = (s: Snapshot): UpstreamLoss[] =>
  [...s.upstreamEnds.values()]
    .filter((end) => end.unsold === undefined && end.customerRefunded && end.doneAt !== undefined && end.refundedCents === undefined)
    .map((end) => ({
      rentalId: end.rentalId,
      upstreamId: end.upstreamId,
      activationId: end.activationId,
      lostCents: end.costCents,
      why: end.lastError ?? (end.accepted ? 'cancel accepted, nothing refunded' : 'cancel refused'),
    }));

/**
 * Every payout debited once, by its amount, when it was requested; a refused one credited back once,
 * by the same amount; no payout or payout-refund entry without its payout.
 */
const payouts: Check = (s) => {
  const problems: string[] = [];
  const debits = byReference(entriesOf(s, 'payout'));
  const refunds = byReference(entriesOf(s, 'payout-refund'));
  for (const payout of s.payouts.values()) {
    const debit = debits.get(`${payout.sub}/${payout.id}`) ?? [];
    const refund = refunds.get(`${payout.sub}/${payout.id}`) ?? [];
    const refused = payout.status === 'refused';
    if (debit.length !== 1) problems.push(`payout ${payout.id} (${dollars(payout.amountCents)}) is debited ${debit.length} times`);
    else if (debit[0]!.amountCents !== -payout.amountCents)
      problems.push(`payout ${payout.id} is ${dollars(payout.amountCents)} but debited ${dollars(-debit[0]!.amountCents)}`);
    if (refund.length !== (refused ? 1 : 0)) problems.push(`payout ${payout.id} (${payout.status}) is credited back ${refund.length} times`);
    else if (refused && refund[0]!.amountCents !== payout.amountCents)
      problems.push(`refused payout ${payout.id} of ${dollars(payout.amountCents)} is credited back ${dollars(refund[0]!.amountCents)}`);
  }
  for (const [owner, found] of [...debits, ...refunds]) {
    const payout = s.payouts.get(found[0]!.reference);
    if (!payout || payout.sub !== found[0]!.sub) problems.push(`${found[0]!.kind} entry of ${owner} has no payout`);
  }
  return { name: 'every payout debited once', checked: s.payouts.size, problems };
};

/** Adjustments carry a reason; every other kind must have a check above. */
const knownKinds: Check = (s) => {
  const checkedKinds = new Set<LedgerKind>([
    'top-up',
    'chargeback',
    'card-refund',
    'chargeback-reversal',
    'purchase',
    'extension',
    'refund',
    'sms-out',
    'transfer-out',
    'transfer-in',
    'partner-earning',
    'payout',
    'payout-refund',
    'upstream-spend',
    'upstream-refund',
    'upstream-deposit',
    'adjustment',
  ]);
  const all = [...s.entries.values()].flat();
  const problems = all
    .filter((e) => !checkedKinds.has(e.kind) || (e.kind === 'adjustment' && !e.reference))
    .map((e) =>
      e.kind === 'adjustment' ? `adjustment ${e.sub}#${e.seq} has no reason` : `entry ${e.sub}#${e.seq} is of kind ${e.kind}, which no check covers`,
    );
  return { name: 'every entry of a known kind', checked: all.length, problems };
};

/** The lock a rental holds (Private: the whole number; Shared and Temporary: its service). */
const lockOf = (r: RentalItem) => `${r.numberId}/${r.typeId === NumberType.Private ? 'ALL' : `SERVICE#${r.serviceId}`}`;

/** No number held twice for one service: one active rental per lock, and each lock names its active rental. */
const numbersHeld: Check = (s) => {
  const problems: string[] = [];
  const active = [...s.rentals.values()].filter((r) => r.status === 'active');
  const holders = new Map<string, RentalItem[]>();
  for (const rental of active) holders.set(lockOf(rental), [...(holders.get(lockOf(rental)) ?? []), rental]);
  for (const [lock, list] of holders)
    if (list.length > 1) problems.push(`number lock ${lock} is held by ${list.length} active rentals: ${list.map((r) => r.id).join(', ')}`);
  const locks = new Map(s.locks.map((l) => [`${l.numberId}/${l.lock}`, l]));
  for (const rental of active) {
    if (locks.get(lockOf(rental))?.activeRentalId !== rental.id) problems.push(`active rental ${rental.id} does not hold its lock ${lockOf(rental)}`);
  }
  for (const lock of s.locks) {
    if (!lock.activeRentalId) continue;
    const rental = s.rentals.get(lock.activeRentalId);
    if (rental?.status !== 'active')
      problems.push(`lock ${lock.numberId}/${lock.lock} names rental ${lock.activeRentalId}, which is ${rental ? 'not active' : 'missing'}`);
  }
  return { name: 'no number held twice for one service', checked: active.length, problems };
};

/** Every accepted SMS stored once: its record points at what it became, and no upstream id is stored twice. */
const inboundSms: Check = (s) => {
  const problems: string[] = [];
  for (const record of s.inbound) {
    const id = `${record.provider} ${record.providerMessageId}`;
    if (record.outcome === 'delivered') {
      const message = s.messages.get(record.messageId ?? '');
      if (!message || message.sub !== record.sub || message.providerMessageId !== record.providerMessageId)
        problems.push(`SMS ${id} was accepted but its message ${record.messageId} is missing`);
    } else if (!s.orphans.has(record.orphanId ?? '')) problems.push(`SMS ${id} was kept as an orphan but orphan ${record.orphanId} is missing`);
  }
  const seen = new Map<string, number>();
  const stored = [...[...s.messages.values()].filter((m) => m.box === 'inbox'), ...s.orphans.values()];
  for (const item of stored) {
    if (!item.providerMessageId) continue;
    const key = `${item.provider} ${item.providerMessageId}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  for (const [key, count] of seen) if (count > 1) problems.push(`SMS ${key} is stored ${count} times`);
  return { name: 'every accepted SMS stored once', checked: s.inbound.length, problems };
};

/**
 * Each account's holding counters equal its active rentals that were counted when bought, in all
 * and per slice (else a limit refuses too early, or lets one more through).
 */
const holdings: Check = (s) => {
  const problems: string[] = [];
  const counted = new Map<string, Map<string, number>>();
  for (const rental of s.rentals.values()) {
    if (rental.status !== 'active' || !rental.heldSlice) continue;
    const slices = counted.get(rental.sub) ?? new Map<string, number>();
    slices.set(rental.heldSlice, (slices.get(rental.heldSlice) ?? 0) + 1);
    counted.set(rental.sub, slices);
  }
  const subs = new Set([...counted.keys(), ...s.standings.keys()]);
  for (const sub of subs) {
    const slices = counted.get(sub) ?? new Map<string, number>();
    const stored = s.standings.get(sub) ?? {};
    const total = [...slices.values()].reduce((sum, n) => sum + n, 0);
    if (Number(stored.held ?? 0) !== total) problems.push(`account ${sub} is counted as holding ${Number(stored.held ?? 0)} numbers but holds ${total}`);
    const names = new Set([...[...slices.keys()].map(heldAttribute), ...Object.keys(stored).filter((name) => name.startsWith('held:'))]);
    for (const name of names) {
      const actual = slices.get(name.slice('held:'.length)) ?? 0;
      if (Number(stored[name] ?? 0) !== actual)
        problems.push(`account ${sub} is counted as holding ${Number(stored[name] ?? 0)} in ${name.slice('held:'.length)} but holds ${actual}`);
    }
  }
  return { name: 'holding counters match the active rentals', checked: subs.size, problems };
};

export const checks: Check[] = [
  balances,
  topUps,
  reviewQueue,
  cardReversals,
  purchases,
  refunds,
  reportedNumbers,
  smsOut,
  transfers,
  partnerEarnings,
  upstreamMoney,
  payouts,
  knownKinds,
  numbersHeld,
  inboundSms,
  holdings,
];
