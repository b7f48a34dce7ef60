import * as z from 'zod/mini';
import { dollarsSchema } from '../dollars';
import { blankIsNaN, preprocess } from '../http';
import { paymentProviderSchema } from '../money';

/** How many days back the overview reaches at most (the days' counters live a little longer). */
export const overviewMaxDays = 90;
/** The SMS chart's window, in hours. */
export const overviewHours = 48;

/** GET /api/ops/overview?days=30: the days shown (today included), 30 by default. */
export const overviewQuerySchema = z.object({
  days: z.optional(preprocess(blankIsNaN, z.coerce.number().check(z.int(), z.minimum(1), z.maximum(overviewMaxDays)))),
});
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

const countSum = z.object({ count: z.number(), sum: dollarsSchema });

/** OTP delivery latency, receipt of the SMS to its push to the renter's tabs, from a histogram (null without samples). */
export const otpLatencySchema = z.object({ p50_ms: z.nullable(z.number()), p95_ms: z.nullable(z.number()), samples: z.number() });
export type OtpLatency = z.infer<typeof otpLatencySchema>;

/** One UTC day's figures (today: so far). Money in dollars. */
export const overviewDaySchema = z.object({
  date: z.string(),
  /** Credited top-ups by provider (only providers with one that day). */
  top_ups: z.partialRecord(paymentProviderSchema, countSum),
  /** Rentals paid: purchases and extensions. */
  revenue: z.object({ sum: dollarsSchema, purchases: z.number(), extensions: z.number() }),
  /** Rentals refunded in full. */
  refunds: countSum,
  sms_received: z.number(),
  /** Of those, delivered to a renter (the rest are orphans). */
  sms_routed: z.number(),
  otp_latency: otpLatencySchema,
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const overviewHourSchema = z.object({ hour: z.string(), sms_received: z.number(), sms_routed: z.number() });
export type OverviewHour = z.infer<typeof overviewHourSchema>;

export const overviewSchema = z.object({
  today: overviewDaySchema,
  /** Oldest first, ending with today. */
  days: z.array(overviewDaySchema),
  /** The last 48 hours (UTC, `YYYY-MM-DDTHH`), oldest first. */
  hours: z.array(overviewHourSchema),
  /** Over the days asked for. */
  otp_latency: otpLatencySchema,
  /** Rentals active now, by type (counted as they start and end). */
  active_rentals: z.object({ shared: z.number(), private: z.number(), temporary: z.number() }),
  /** What waits for an operator. */
  open_items: z.object({
    top_ups_in_review: z.number(),
    orphan_messages: z.number(),
    unanswered_contact_messages: z.number(),
    /** Accounts held after a card payment was taken back, waiting for a decision. */
    accounts_on_hold: z.number(),
  }),
});
export type Overview = z.infer<typeof overviewSchema>;

export const overviewReplySchema = z.object({ data: overviewSchema });
export type OverviewReply = z.infer<typeof overviewReplySchema>;

const activeRentalsSchema = overviewSchema.shape.active_rentals;

/** POST /api/ops/overview/active-rentals/recount: the gauge before and after counting the active rentals anew. */
export const recountActiveRentalsReplySchema = z.object({ data: z.object({ before: activeRentalsSchema, after: activeRentalsSchema }) });
export type RecountActiveRentalsReply = z.infer<typeof recountActiveRentalsReplySchema>;
