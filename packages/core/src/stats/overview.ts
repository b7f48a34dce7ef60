import { paymentProviders } from '@numbernest/contracts';
import type * as z from 'zod/mini';
import { type Overview, type OverviewDay } from '@numbernest/contracts/ops';
import { readItems, type Key } from '../shared/db';
import { statsCountersItem } from '../shared/db/items/stats';
import { toDollars } from '../shared/pricing';
import { addCounts, countsOf, latencyOf } from './histogram';
import { countersAt, lastDays, lastHours, statsKeys } from './keys';
import { dayAttributes as a } from './record';

type StatsItem = z.infer<typeof statsCountersItem.schema>;

const num = (item: StatsItem | undefined, attribute: string) => Number(item?.[attribute] ?? 0);

/** One day item as the wire's day (money: cents counted, dollars shown). */
export function toOverviewDay(date: string, item: StatsItem | undefined): OverviewDay {
  const topUps: OverviewDay['top_ups'] = {};
  for (const provider of paymentProviders) {
    const count = num(item, a.topUpN(provider));
    if (count > 0) topUps[provider] = { count, sum: toDollars(num(item, a.topUpCents(provider))) };
  }
  return {
    date,
    top_ups: topUps,
    revenue: {
      sum: toDollars(num(item, a.purchaseCents) + num(item, a.extensionCents)),
      purchases: num(item, a.purchaseN),
      extensions: num(item, a.extensionN),
    },
    refunds: { count: num(item, a.refundN), sum: toDollars(num(item, a.refundCents)) },
    sms_received: num(item, a.smsIn),
    sms_routed: num(item, a.smsRouted),
    otp_latency: latencyOf(countsOf(item)),
  };
}

/**
 * The overview's figures from the counters alone (never a scan): ONE BatchGet of the `days` day
 * items, the last 48 hour items and the active-rentals gauge.
 */
export async function overviewFigures(days: number, hours: number, now = new Date()): Promise<Omit<Overview, 'open_items'>> {
  const dates = lastDays(now, days);
  const hourKeys = lastHours(now, hours);
  const items = await readItems(statsCountersItem, [...dates.map(countersAt.day), ...hourKeys.map(countersAt.hour), countersAt.activeRentals]);
  const byKey = new Map(items.map((item) => [`${item.pk}|${item.sk}`, item]));
  const find = (key: Key) => byKey.get(`${key.pk}|${key.sk}`);

  const dayItems = dates.map((date) => find(statsKeys.day(date)));
  const dayList = dates.map((date, i) => toOverviewDay(date, dayItems[i]));
  const gauge = find(statsKeys.activeRentals);
  // A gauge counted by best-effort updates could dip below zero after a lost write; never shown so.
  const active = (name: string) => Math.max(0, num(gauge, name));
  return {
    today: dayList[dayList.length - 1]!,
    days: dayList,
    hours: hourKeys.map((hour) => {
      const item = find(statsKeys.hour(hour));
      return { hour, sms_received: num(item, a.smsIn), sms_routed: num(item, a.smsRouted) };
    }),
    otp_latency: latencyOf(addCounts(...dayItems.map(countsOf))),
    active_rentals: { shared: active('shared'), private: active('private'), temporary: active('temporary') },
  };
}

/** The counts of what waits for an operator, each from the module that owns that list. */
export interface OpenItemCounts {
  topUpsInReview: () => Promise<number>;
  orphanMessages: () => Promise<number>;
  unansweredContactMessages: () => Promise<number>;
  accountsOnHold: () => Promise<number>;
}

export async function openItems(counts: OpenItemCounts): Promise<Overview['open_items']> {
  const [topUps, orphans, contact, holds] = await Promise.all([
    counts.topUpsInReview(),
    counts.orphanMessages(),
    counts.unansweredContactMessages(),
    counts.accountsOnHold(),
  ]);
  return { top_ups_in_review: topUps, orphan_messages: orphans, unanswered_contact_messages: contact, accounts_on_hold: holds };
}
