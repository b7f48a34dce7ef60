// The SMS-Activate protocol's words and answers: imported as @numbernest/contracts/handler-api, so only the protocol's Lambda carries them.
import * as z from 'zod/mini';
import { intSchema } from './http';

/**
 * The SMS-Activate-compatible protocol (`/stubs/handler_api.php`): the words of its plain-text
 * answers, how the answers that carry a value are written, and the JSON answers' shapes. Every
 * answer is HTTP 200, errors too; only a failure on our side is an HTTP 500 with a JSON `message`
 * (so the API's 5xx alarm sees it), never the protocol's `ERROR_SQL`.
 */

/** Errors: the protocol's words, and ours for the rate limit (`ERROR_RATE_LIMIT`). */
export const protocolErrorWords = [
  'NO_KEY',
  'BAD_KEY',
  'BAD_ACTION',
  'BAD_SERVICE',
  'BAD_STATUS',
  'NO_NUMBERS',
  'NO_BALANCE',
  'NO_ACTIVATION',
  'WRONG_MAX_PRICE',
  'EARLY_CANCEL_DENIED',
  'BANNED',
  'ERROR_RATE_LIMIT',
  // Activations: more codes, reactivation, history, operators
  'WRONG_ACTIVATION_ID',
  'RENEW_ACTIVATION_NOT_AVAILABLE',
  'NEW_ACTIVATION_IMPOSSIBLE',
  'WRONG_EXCEPTION_PHONE',
  'WRONG_DATE',
  'OPERATORS_NOT_FOUND',
] as const;
export type ProtocolErrorWord = (typeof protocolErrorWords)[number];

/** Success: getBalance, getNumber, setStatus (1, 3, 6, 8) and getStatus. */
export const protocolSuccessWords = [
  'ACCESS_BALANCE',
  'ACCESS_NUMBER',
  'ACCESS_READY',
  'ACCESS_RETRY_GET',
  'ACCESS_ACTIVATION',
  'ACCESS_CANCEL',
  'STATUS_WAIT_CODE',
  'STATUS_WAIT_RETRY',
  'STATUS_OK',
  'STATUS_CANCEL',
] as const;
export type ProtocolSuccessWord = (typeof protocolSuccessWords)[number];

/** getActiveActivations' `error` when there are none (inside its JSON answer). */
export const noActivationsWord = 'NO_ACTIVATIONS';

/** Every word an answer of the protocol can carry. */
export const protocolWords = [...protocolSuccessWords, ...protocolErrorWords, noActivationsWord] as const;
export type ProtocolWord = (typeof protocolWords)[number];
export const protocolWordSchema = z.enum(protocolWords);

/** The word of a plain-text answer: what comes before its first `:` (`STATUS_OK:123456` -> `STATUS_OK`). */
export const protocolWordOf = (answer: string): string => answer.split(':', 1)[0]!;

/** The plain-text answers, exactly as sent (no trailing newline). */
export const protocolAnswers = {
  noKey: 'NO_KEY',
  badKey: 'BAD_KEY',
  badAction: 'BAD_ACTION',
  badService: 'BAD_SERVICE',
  badStatus: 'BAD_STATUS',
  noNumbers: 'NO_NUMBERS',
  noBalance: 'NO_BALANCE',
  noActivation: 'NO_ACTIVATION',
  /** The cheapest price, dollars with 2 decimals. */
  wrongMaxPrice: (minDollars: string) => `WRONG_MAX_PRICE:${minDollars}`,
  /** A cancel in an activation's first two minutes. */
  earlyCancelDenied: 'EARLY_CANCEL_DENIED',
  /** An account limit reached: refused until its window ends, 'Y-m-d H-i-s' in UTC. */
  banned: (until: string) => `BANNED:'${until}'`,
  /**
   * An account an operator blocked: the protocol's own word for an account the API refuses, which
   * every client library knows. Its time is when the ban ends; a block has no end until an operator
   * lifts it, so it is the latest time the format can write.
   */
  accountBlocked: "BANNED:'9999-12-31 23-59-59'",
  rateLimit: 'ERROR_RATE_LIMIT',
  /** getExtraActivation, getAllSms: `activationId` is not a decimal id. */
  wrongActivationId: 'WRONG_ACTIVATION_ID',
  /** getExtraActivation: the activation is not one that may be repeated (not finished with a code, or another service). */
  renewNotAvailable: 'RENEW_ACTIVATION_NOT_AVAILABLE',
  /** getExtraActivation: the number cannot be had again now (someone else holds it, or it is no longer offered). */
  newActivationImpossible: 'NEW_ACTIVATION_IMPOSSIBLE',
  /** getNumber: `phoneException` is not a comma-separated list of digit prefixes. */
  wrongExceptionPhone: 'WRONG_EXCEPTION_PHONE',
  /** getHistory: `start`/`end` are not Unix seconds, or more than 30 days apart. */
  wrongDate: 'WRONG_DATE',
  /** getOperators: a country we do not carry. */
  operatorsNotFound: 'OPERATORS_NOT_FOUND',
  balance: (dollars: string) => `ACCESS_BALANCE:${dollars}`,
  /** The activation id and the number without its `+`. */
  number: (activationId: number | string, phone: string) => `ACCESS_NUMBER:${activationId}:${phone}`,
  ready: 'ACCESS_READY',
  retryGet: 'ACCESS_RETRY_GET',
  activation: 'ACCESS_ACTIVATION',
  cancel: 'ACCESS_CANCEL',
  waitCode: 'STATUS_WAIT_CODE',
  /** The code (or the SMS text when none was found). */
  waitRetry: (code: string) => `STATUS_WAIT_RETRY:${code}`,
  ok: (code: string) => `STATUS_OK:${code}`,
  statusCancel: 'STATUS_CANCEL',
} as const satisfies Record<string, string | ((...values: never[]) => string)>;

const dollarsPattern = String.raw`-?\d+\.\d{2}`;
/** Each word's whole answer: the bare words, and the ones followed by a value. */
const textAnswerPattern = new RegExp(
  [
    ...protocolWords.filter((w) => !['ACCESS_BALANCE', 'ACCESS_NUMBER', 'STATUS_WAIT_RETRY', 'STATUS_OK', 'WRONG_MAX_PRICE', 'BANNED'].includes(w)),
    `ACCESS_BALANCE:${dollarsPattern}`,
    String.raw`ACCESS_NUMBER:\d+:\d+`,
    String.raw`(?:STATUS_OK|STATUS_WAIT_RETRY):[\s\S]*`,
    String.raw`WRONG_MAX_PRICE:\d+\.\d{2}`,
    String.raw`BANNED:'\d{4}-\d\d-\d\d \d\d-\d\d-\d\d'`,
  ]
    .map((alternative) => `^${alternative}$`)
    .join('|'),
);

/** A plain-text answer, exactly as the protocol writes it. */
export const protocolTextAnswerSchema = z.string().check(z.regex(textAnswerPattern, 'Not an answer of the protocol.'));

/** 'Y-m-d H:i:s', UTC: the protocol's time. */
const protocolTimeSchema = z.string().check(z.regex(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/));

/** getNumberV2: the activation bought. */
export const numberV2AnswerSchema = z.strictObject({
  /** A JSON number here (a decimal string in the webhook and getActiveActivations). */
  activationId: intSchema().check(z.positive()),
  phoneNumber: z.string().check(z.regex(/^\d+$/)),
  activationCost: z.number().check(z.nonnegative()),
  countryCode: z.string(),
  canGetAnotherSms: z.boolean(),
  activationTime: protocolTimeSchema,
  activationOperator: z.string(),
});
export type NumberV2Answer = z.infer<typeof numberV2AnswerSchema>;

/** getStatusV2 while an activation lives or after its code came (a cancelled one answers STATUS_CANCEL). */
export const statusV2AnswerSchema = z.strictObject({
  verificationType: z.literal(0),
  sms: z.nullable(z.strictObject({ dateTime: protocolTimeSchema, code: z.string(), text: z.string() })),
  call: z.null(),
});
export type StatusV2Answer = z.infer<typeof statusV2AnswerSchema>;

/** getActiveActivations: every value a string, as the protocol has them. */
export const activeActivationsAnswerSchema = z.union([
  z.strictObject({
    status: z.literal('success'),
    activeActivations: z.array(
      z.strictObject({
        activationId: z.string().check(z.regex(/^\d+$/)),
        serviceCode: z.string(),
        phoneNumber: z.string().check(z.regex(/^\d+$/)),
        activationCost: z.string().check(z.regex(/^\d+\.\d{2}$/)),
        /** '4' waiting for an SMS, '2' one came. */
        activationStatus: z.enum(['2', '4']),
        smsCode: z.nullable(z.array(z.string())),
        smsText: z.nullable(z.string()),
        activationTime: protocolTimeSchema,
        discount: z.string(),
        repeated: z.string(),
        countryCode: z.string(),
        countryName: z.string(),
        canGetAnotherSms: z.string(),
      }),
    ),
  }),
  z.strictObject({ status: z.literal('error'), error: z.literal(noActivationsWord) }),
]);
export type ActiveActivationsAnswer = z.infer<typeof activeActivationsAnswerSchema>;

/**
 * getPrices: `{"<country id>": {"<service code>": {"cost": dollars, "count": numbers}}}`, and our
 * `delivery_rate` (0..1, the last 30 days' activations whose code arrived) once 20 activations say it:
 * an extra field a protocol client's JSON reader passes over.
 */
export const pricesAnswerSchema = z.record(
  z.string().check(z.regex(/^\d+$/)),
  z.record(
    z.string(),
    z.strictObject({
      cost: z.number().check(z.nonnegative()),
      count: intSchema().check(z.nonnegative()),
      delivery_rate: z.optional(z.number().check(z.gte(0), z.lte(1))),
    }),
  ),
);
export type PricesAnswer = z.infer<typeof pricesAnswerSchema>;

/** getCountries: by protocol id, with the protocol's fixed flags. */
export const countriesAnswerSchema = z.record(
  z.string().check(z.regex(/^\d+$/)),
  z.strictObject({
    id: intSchema(),
    rus: z.string(),
    eng: z.string(),
    chn: z.string(),
    visible: intSchema(),
    retry: intSchema(),
    rent: intSchema(),
    multiService: intSchema(),
  }),
);
export type CountriesAnswer = z.infer<typeof countriesAnswerSchema>;

/** getServicesList: the services the protocol names. */
export const servicesListAnswerSchema = z.strictObject({
  status: z.literal('success'),
  services: z.array(z.strictObject({ code: z.string(), name: z.string() })),
});
export type ServicesListAnswer = z.infer<typeof servicesListAnswerSchema>;

/** getNumbersStatus: `{"<service code>_0": "<count>"}` (`_0`: without call forwarding). */
export const numbersStatusAnswerSchema = z.record(z.string().check(z.regex(/^[a-z0-9]+_0$/)), z.string().check(z.regex(/^\d+$/)));
export type NumbersStatusAnswer = z.infer<typeof numbersStatusAnswerSchema>;

/** getHistory: the caller's activations in a time range, newest first (SMS-Activate's shape: `sms` is a JSON array as text). */
export const historyAnswerSchema = z.array(
  z.strictObject({
    id: intSchema().check(z.positive()),
    date: protocolTimeSchema,
    phone: z.string().check(z.regex(/^\d+$/)),
    sms: z.string(),
    cost: z.number().check(z.nonnegative()),
    /** '4' waiting for a code, '2' a code came, '6' finished with a code, '8' cancelled or ended without one. */
    status: z.enum(['2', '4', '6', '8']),
  }),
);
export type HistoryAnswer = z.infer<typeof historyAnswerSchema>;

/** getAllSms: every SMS of one activation, newest first, with its whole text. */
export const allSmsAnswerSchema = z.strictObject({
  status: z.literal('success'),
  quantity: intSchema().check(z.nonnegative()),
  data: z.array(z.strictObject({ phoneFrom: z.string(), text: z.string(), code: z.nullable(z.string()), date: protocolTimeSchema })),
});
export type AllSmsAnswer = z.infer<typeof allSmsAnswerSchema>;

/** getOperators: the operators a number can be asked for, per country (ours: `any`). */
export const operatorsAnswerSchema = z.strictObject({
  status: z.literal('success'),
  countryOperators: z.record(z.string().check(z.regex(/^\d+$/)), z.array(z.string())),
});
export type OperatorsAnswer = z.infer<typeof operatorsAnswerSchema>;

/** getTopCountriesByService: countries by rank ("0" first), with `share` (% of the service's activations, last 30 days). */
export const topCountriesAnswerSchema = z.record(
  z.string().check(z.regex(/^\d+$/)),
  z.strictObject({
    country: intSchema(),
    count: intSchema().check(z.nonnegative()),
    price: z.number().check(z.nonnegative()),
    retail_price: z.number().check(z.nonnegative()),
    share: z.number().check(z.nonnegative()),
  }),
);
export type TopCountriesAnswer = z.infer<typeof topCountriesAnswerSchema>;

/** checkExtraActivation / reactivationPrice: what another activation on the same number costs now (currency 840: USD). */
export const extraActivationPriceAnswerSchema = z.strictObject({
  status: z.literal('success'),
  cost: z.number().check(z.nonnegative()),
  currency: z.literal(840),
  phone: z.string().check(z.regex(/^\d+$/)),
  service: z.string(),
});
export type ExtraActivationPriceAnswer = z.infer<typeof extraActivationPriceAnswerSchema>;

/** Each action that answers JSON (when it does not answer a plain-text word), and its answer's shape. */
export const protocolJsonAnswerSchemas = {
  getNumberV2: numberV2AnswerSchema,
  getStatusV2: statusV2AnswerSchema,
  getActiveActivations: activeActivationsAnswerSchema,
  getPrices: pricesAnswerSchema,
  getCountries: countriesAnswerSchema,
  getServicesList: servicesListAnswerSchema,
  getNumbersStatus: numbersStatusAnswerSchema,
  // Activations: more codes, reactivation, history, operators
  getHistory: historyAnswerSchema,
  getAllSms: allSmsAnswerSchema,
  getOperators: operatorsAnswerSchema,
  getTopCountriesByService: topCountriesAnswerSchema,
  checkExtraActivation: extraActivationPriceAnswerSchema,
  reactivationPrice: extraActivationPriceAnswerSchema,
} as const;
export type ProtocolJsonAction = keyof typeof protocolJsonAnswerSchemas;

/**
 * The protocol's country ids (SMS-Activate's `getCountries`): id -> ISO 3166-1 alpha-2 (lower case),
 * with the protocol's Russian name. Countries are matched by ISO code, so seeded ids can change freely;
 * a country not in this table is not carried (`NO_NUMBERS`).
 */
export const countryCodes: ReadonlyArray<readonly [id: number, iso: string, rus: string]> = [
  [0, 'ru', 'Россия'],
  [1, 'ua', 'Украина'],
  [2, 'kz', 'Казахстан'],
  [4, 'ph', 'Филиппины'],
  [6, 'id', 'Индонезия'],
  [7, 'my', 'Малайзия'],
  [10, 'vn', 'Вьетнам'],
  [15, 'pl', 'Польша'],
  [16, 'gb', 'Великобритания'],
  [19, 'ng', 'Нигерия'],
  [21, 'eg', 'Египет'],
  [22, 'in', 'Индия'],
  [31, 'za', 'ЮАР'],
  [33, 'co', 'Колумбия'],
  [36, 'ca', 'Канада'],
  [39, 'ar', 'Аргентина'],
  [43, 'de', 'Германия'],
  [46, 'se', 'Швеция'],
  [48, 'nl', 'Нидерланды'],
  [52, 'th', 'Таиланд'],
  [54, 'mx', 'Мексика'],
  [56, 'es', 'Испания'],
  [62, 'tr', 'Турция'],
  [66, 'pk', 'Пакистан'],
  [73, 'br', 'Бразилия'],
  [78, 'fr', 'Франция'],
  [86, 'it', 'Италия'],
  [117, 'pt', 'Португалия'],
  [128, 'ge', 'Грузия'],
  [175, 'au', 'Австралия'],
  [182, 'jp', 'Япония'],
  [187, 'us', 'США'],
];

/** One activation as getActiveActivations lists it (the API docs show it; tests check it parses). */
export const activationExample: Extract<ActiveActivationsAnswer, { status: 'success' }>['activeActivations'][number] = {
  activationId: '123',
  serviceCode: 'tg',
  phoneNumber: '12025550123',
  activationCost: '0.30',
  activationStatus: '4',
  smsCode: null,
  smsText: null,
  activationTime: '2026-01-01 12:00:00',
  discount: '0.00',
  repeated: '0',
  countryCode: '187',
  countryName: 'United States',
  canGetAnotherSms: '1',
};

/** A getNumberV2 answer (the API docs show it; tests check it parses): `activationId` is a number here. */
export const numberV2Example: NumberV2Answer = {
  activationId: 123,
  phoneNumber: '12025550123',
  activationCost: 0.3,
  countryCode: '187',
  canGetAnotherSms: true,
  activationTime: '2026-01-01 12:00:00',
  activationOperator: 'any',
};

// The rent API's words and answers (handler-api-rent.ts), under the same subpath.
export * from './handler-api-rent';
