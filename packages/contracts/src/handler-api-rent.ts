// The SMS-Activate rent API's answers: re-exported by handler-api.ts, so only the protocol's Lambda (and the API docs page) carry them.
import * as z from 'zod/mini';
import { intSchema } from './http';

/**
 * The rent half of the SMS-Activate protocol (getRentServicesAndCountries, getRentNumber,
 * getRentStatus, setRentStatus, getRentList, continueRentNumber, continueRentInfo /
 * getContinueRentPriceNumber). Every answer is JSON (HTTP 200): `{"status":"success", …}` or
 * `{"status":"error","message":"<WORD>"}`, some errors with an `info` object.
 */

/** The error words of the rent API: SMS-Activate's (their spelling: INCORECT_STATUS), and ours for a refused webhook URL (BAD_URL). */
export const rentErrorWords = [
  'BAD_SERVICE',
  'WRONG_OPERATOR',
  'INVALID_TIME',
  'MAX_HOURS_EXCEED',
  'NO_NUMBERS',
  'NO_BALANCE',
  'CHANNELS_LIMIT',
  'BAD_URL',
  'NO_ID_RENT',
  'STATUS_WAIT_CODE',
  'STATUS_FINISH',
  'STATUS_CANCEL',
  'INCORECT_STATUS',
  'CANT_CANCEL',
  'ALREADY_FINISH',
  'ALREADY_CANCEL',
  'BANNED',
  'RENT_DIE',
] as const;
export type RentErrorWord = (typeof rentErrorWords)[number];
/** Each word by its own name (`rentWord.CANT_CANCEL`): actions take them from here, never write them. */
export const rentWord = Object.fromEntries(rentErrorWords.map((word) => [word, word])) as { readonly [W in RentErrorWord]: W };

/** The longest rent and extension, in hours (our longest period, 1 Month = 30 days). */
export const maxRentHours = 720;
/** SMS-Activate's default rent_time when none is given. */
export const defaultRentHours = 4;
/** ISO 4217 numeric code of the dollar: the currency of every price here. */
export const rentCurrency = 840;

/** 'Y-m-d H:i:s', UTC (getRentStatus, the rent webhook). */
const rentTimeSchema = z.string().check(z.regex(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/));
/** 'Y-m-dTH:i:s', UTC: a rent's end (`endDate`), as SMS-Activate writes it. */
const endDateSchema = z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/));
const digitsSchema = z.string().check(z.regex(/^\d+$/));
const rentIdSchema = intSchema().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

/** An error answer of the rent API. `info.until` (BANNED, CHANNELS_LIMIT): 'Y-m-d H-i-s' UTC; `info.max` (MAX_HOURS_EXCEED): hours. */
export const rentErrorSchema = z.strictObject({
  status: z.literal('error'),
  message: z.enum(rentErrorWords),
  info: z.optional(z.union([z.strictObject({ max: intSchema() }), z.strictObject({ until: z.string().check(z.regex(/^\d{4}-\d\d-\d\d \d\d-\d\d-\d\d$/)) })])),
});
export type RentError = z.infer<typeof rentErrorSchema>;

const success = <T extends z.core.$ZodLooseShape>(shape: T) => z.union([z.strictObject({ status: z.literal('success'), ...shape }), rentErrorSchema]);

/** getRentServicesAndCountries: `countries` and `operators` are index → value maps, as SMS-Activate has them; `full` is a Private number (every service). */
export const rentServicesAnswerSchema = z.union([
  z.strictObject({
    countries: z.record(digitsSchema, intSchema().check(z.nonnegative())),
    operators: z.record(digitsSchema, z.string()),
    services: z.record(
      z.string().check(z.regex(/^[a-z0-9]+$/)),
      z.strictObject({
        cost: z.number().check(z.nonnegative()),
        retail_cost: z.number().check(z.nonnegative()),
        quant: z.strictObject({ current: intSchema().check(z.nonnegative()), total: intSchema().check(z.nonnegative()) }),
      }),
    ),
    currency: z.literal(rentCurrency),
  }),
  rentErrorSchema,
]);
export type RentServicesAnswer = z.infer<typeof rentServicesAnswerSchema>;

const rentPhoneSchema = z.strictObject({ id: rentIdSchema, endDate: endDateSchema, number: digitsSchema });

/** getRentNumber and continueRentNumber: the rent and its end. */
export const rentNumberAnswerSchema = success({ phone: rentPhoneSchema });
export type RentNumberAnswer = z.infer<typeof rentNumberAnswerSchema>;

/** getRentStatus: the rent's SMS, newest first; `quantity` counts them all (a string, as SMS-Activate sends it). */
export const rentStatusAnswerSchema = success({
  quantity: digitsSchema,
  values: z.record(digitsSchema, z.strictObject({ phoneFrom: z.string(), text: z.string(), service: z.string(), date: rentTimeSchema })),
});
export type RentStatusAnswer = z.infer<typeof rentStatusAnswerSchema>;

/** setRentStatus. */
export const setRentStatusAnswerSchema = success({});
export type SetRentStatusAnswer = z.infer<typeof setRentStatusAnswerSchema>;

/** getRentList: the active rents. */
export const rentListAnswerSchema = success({ values: z.record(digitsSchema, z.strictObject({ id: rentIdSchema, phone: digitsSchema })) });
export type RentListAnswer = z.infer<typeof rentListAnswerSchema>;

/** continueRentInfo / getContinueRentPriceNumber: what extending by `hours` costs now (`hours`: what the period bought covers). */
export const continueRentInfoAnswerSchema = success({
  price: z.number().check(z.nonnegative()),
  currency: z.literal(rentCurrency),
  hours: intSchema().check(z.positive()),
});
export type ContinueRentInfoAnswer = z.infer<typeof continueRentInfoAnswerSchema>;

/** Each rent action and its answer's shape. */
export const rentAnswerSchemas = {
  getRentServicesAndCountries: rentServicesAnswerSchema,
  getRentNumber: rentNumberAnswerSchema,
  getRentStatus: rentStatusAnswerSchema,
  setRentStatus: setRentStatusAnswerSchema,
  getRentList: rentListAnswerSchema,
  continueRentNumber: rentNumberAnswerSchema,
  continueRentInfo: continueRentInfoAnswerSchema,
  getContinueRentPriceNumber: continueRentInfoAnswerSchema,
} as const;
export type RentAction = keyof typeof rentAnswerSchemas;
export const rentActions = Object.keys(rentAnswerSchemas) as RentAction[];

/** What a rent's `url` receives for each SMS (signed as customer webhooks are). `smsId`: our message id. */
export const rentWebhookPayloadSchema = z.strictObject({
  rentId: rentIdSchema,
  sms: z.strictObject({ text: z.string(), date: rentTimeSchema, smsId: z.string().check(z.minLength(1)) }),
});
export type RentWebhookPayload = z.infer<typeof rentWebhookPayloadSchema>;

/** Examples (the API docs show them; a test parses each with its schema). */
export const rentExamples = {
  services: {
    countries: { '0': 187 },
    operators: { '0': 'any' },
    services: {
      full: { cost: 35, retail_cost: 35, quant: { current: 4, total: 4 } },
      tg: { cost: 6.3, retail_cost: 7, quant: { current: 12, total: 12 } },
    },
    currency: rentCurrency,
  } satisfies RentServicesAnswer,
  number: { status: 'success', phone: { id: 500000123, endDate: '2026-01-08T12:00:00', number: '12025550123' } } satisfies RentNumberAnswer,
  status: {
    status: 'success',
    quantity: '1',
    values: { '0': { phoneFrom: 'Telegram', text: 'Telegram code 12345', service: 'tg', date: '2026-01-01 12:05:00' } },
  } satisfies RentStatusAnswer,
  done: { status: 'success' } satisfies SetRentStatusAnswer,
  list: { status: 'success', values: { '0': { id: 500000123, phone: '12025550123' } } } satisfies RentListAnswer,
  price: { status: 'success', price: 6.3, currency: rentCurrency, hours: 168 } satisfies ContinueRentInfoAnswer,
  webhook: {
    rentId: 500000123,
    sms: { text: 'Telegram code 12345', date: '2026-01-01 12:05:00', smsId: '0mjv2x8k0a1b2c3d4e5f60718' },
  } satisfies RentWebhookPayload,
};

/** An error answer, as sent. */
export const rentError = (message: RentErrorWord, info?: RentError['info']): RentError => ({ status: 'error', message, ...(info ? { info } : {}) });
