import { isLosslessNumber } from 'lossless-json';
import * as z from 'zod/mini';

/**
 * The SMSHub agent protocol (version of 6 March 2024): how a partner's SIM bank (the "agent") and the
 * platform talk. The platform sends GET_SERVICES, GET_NUMBER and FINISH_ACTIVATION to the agent's URL;
 * the agent sends PUSH_SMS to ours. Every body is JSON with the agent's `key`.
 *
 * In our types a Ulong (`number`, `activationId`, `smsId`, `phone`, up to 2^63-1) is a decimal string
 * and `sum` an exact decimal string: JavaScript numbers would lose the digits of a long id. On the wire
 * both are bare JSON numbers (codec.ts). The schemas below read what `decodeAgentJson` parsed, where
 * every JSON number is still its text (a LosslessNumber): a field of a numeric type that arrives as a
 * JSON string is refused with a sentence an operator can read, never converted. Extra fields are ignored.
 */

export type AgentAction = 'GET_SERVICES' | 'GET_NUMBER' | 'FINISH_ACTIVATION' | 'PUSH_SMS';

/** A Ulong as a decimal string without leading zeros: 0 … 9223372036854775807. */
export type Ulong = string;

/** The largest Ulong, 2^63-1. */
export const maxUlong = '9223372036854775807';

/** ISO 4217 numeric codes the protocol knows: roubles and US dollars (we pay in dollars). */
export type AgentCurrency = 643 | 840;
/** Russian roubles (ISO 4217 643). */
export const roubles = 643;
/** US dollars (ISO 4217 840): what the platform pays in. */
export const usDollars = 840;

/** FINISH_ACTIVATION's status: 1 no longer offer it for that service, 3 sold, 4 cancelled, 5 returned (refunded to the user). */
export type ActivationFinish = 1 | 3 | 4 | 5;
/** FINISH_ACTIVATION's statuses by name. */
export const activationFinish = { doNotOfferAgain: 1, sold: 3, cancelled: 4, returned: 5 } as const satisfies Record<string, ActivationFinish>;

/** Every reply may be a refusal with its description. */
export interface AgentErrorReply {
  status: 'ERROR';
  /** The agent's description ('' when it gave none). */
  error: string;
}

/** Platform → agent: how many numbers are available now. */
export interface GetServicesRequest {
  action: 'GET_SERVICES';
  key: string;
}

/** Per operator, per service code (`tg`, `wa`…), how many SIMs are available right now. */
export type OperatorMap = Record<string, Record<string, number>>;

/** One country of GET_SERVICES' reply. */
export interface AgentCountry {
  /** The protocol's country name, lowercase English (`england`, `usa`). */
  country: string;
  operatorMap: OperatorMap;
}

/** GET_SERVICES' reply: the counts per country, operator and service, or a refusal. */
export type GetServicesReply = { status: 'SUCCESS'; countryList: AgentCountry[] } | AgentErrorReply;

/** Platform → agent: one number for a service in a country (and operator). */
export interface GetNumberRequest {
  action: 'GET_NUMBER';
  key: string;
  country: string;
  service: string;
  /** An operator of that country, or `any`. */
  operator: string;
  /** What the agent earns for a sold activation, an exact decimal (`0.1234` dollars): see sum.ts. */
  sum: string;
  currency: AgentCurrency;
  /** Number prefixes (with the country code) the agent must not give. */
  exceptionPhoneSet?: string[];
}

/** GET_NUMBER's reply: the number and the agent's activation id, none available, or a refusal. */
export type GetNumberReply = { status: 'SUCCESS'; number: Ulong; activationId: Ulong } | { status: 'NO_NUMBERS' } | AgentErrorReply;

/** Platform → agent: how an activation ended (the agent must answer a repeat SUCCESS again). */
export interface FinishActivationRequest {
  action: 'FINISH_ACTIVATION';
  key: string;
  activationId: Ulong;
  status: ActivationFinish;
}

/** FINISH_ACTIVATION's reply. */
export type FinishActivationReply = { status: 'SUCCESS' } | AgentErrorReply;

/** Agent → platform: an SMS one of its numbers received (sent again every 10 s until we answer SUCCESS). */
export interface PushSmsRequest {
  action: 'PUSH_SMS';
  key: string;
  smsId: Ulong;
  /** The SIM's number, with the country code. */
  phone: Ulong;
  /** The sender: a number or a name. */
  phoneFrom: string;
  text: string;
}

/** Our answer to PUSH_SMS: SUCCESS means the agent never sends that SMS again. */
export type PushSmsReply = { status: 'SUCCESS' } | AgentErrorReply;

/** Any message either side sends. */
export type AgentRequest = GetServicesRequest | GetNumberRequest | FinishActivationRequest | PushSmsRequest;
/** Any reply either side sends. */
export type AgentReply = GetServicesReply | GetNumberReply | FinishActivationReply | PushSmsReply;

// --- reading the wire -------------------------------------------------------------------------

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** A wire value as an operator reads it in a refusal: `the string "7928…"`, `the number 12.5`, `an object`. */
export function describeWireValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (isLosslessNumber(value)) return `the number ${clip(value.value)}`;
  if (typeof value === 'string') return `the string ${JSON.stringify(clip(value))}`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** A field read by `read`, refused (with what it must be and what it was) when `read` answers undefined. */
function wireField<T>(mustBe: string, read: (value: unknown) => T | undefined) {
  return z.transform((input: unknown, ctx) => {
    const value = read(input);
    if (value !== undefined) return value;
    const message = input === undefined ? `is missing (it must be ${mustBe})` : `must be ${mustBe}, not ${describeWireValue(input)}`;
    ctx.issues.push({ code: 'custom', message, input });
    return z.NEVER;
  });
}

/** A container's refusal in the same words as a field's. */
const mustBe = (what: string) => ({ error: (issue: { input?: unknown }) => `must be ${what}, not ${describeWireValue(issue.input)}` });

const wireNumber = (value: unknown) => (isLosslessNumber(value) ? value.value : undefined);

/** `0` … `9223372036854775807`, written as JSON writes an integer. */
export const isUlongText = (text: string) => /^(0|[1-9]\d{0,18})$/.test(text) && (text.length < 19 || text <= maxUlong);

const ulong = wireField<Ulong>('a whole JSON number from 0 to 9223372036854775807', (value) => {
  const text = wireNumber(value);
  return text !== undefined && isUlongText(text) ? text : undefined;
});

const count = wireField<number>('a whole JSON number from 0 to 2147483647', (value) => {
  const text = wireNumber(value);
  return text !== undefined && /^(0|[1-9]\d{0,9})$/.test(text) && Number(text) <= 2147483647 ? Number(text) : undefined;
});

const text = wireField<string>('a JSON string', (value) => (typeof value === 'string' ? value : undefined));

const literal = <const T extends string>(expected: T) => wireField<T>(JSON.stringify(expected), (value) => (value === expected ? expected : undefined));

/** A JSON number with at most 4 decimals, not negative, in plain notation. */
export const isAgentSumText = (text: string) => /^(0|[1-9]\d{0,14})(\.\d{1,4})?$/.test(text);

const sum = wireField<string>('a JSON number of at least 0 with at most 4 decimals', (value) => {
  const text = wireNumber(value);
  return text !== undefined && isAgentSumText(text) ? text : undefined;
});

const currency = wireField<AgentCurrency>('the JSON number 643 (roubles) or 840 (US dollars)', (value) => {
  const text = wireNumber(value);
  return text === '643' || text === '840' ? (Number(text) as AgentCurrency) : undefined;
});

const finishStatus = wireField<ActivationFinish>('the JSON number 1, 3, 4 or 5', (value) => {
  const text = wireNumber(value);
  return text === '1' || text === '3' || text === '4' || text === '5' ? (Number(text) as ActivationFinish) : undefined;
});

const prefixes = wireField<string[]>('an array of JSON strings', (value) =>
  Array.isArray(value) && value.every((prefix) => typeof prefix === 'string') ? (value as string[]) : undefined,
);

/** The refusal's `error`: a string, or '' when the agent gave none. */
const errorText = wireField<string>('a JSON string', (value) => (value === undefined ? '' : typeof value === 'string' ? value : undefined));

const errorReply = z.object({ status: z.literal('ERROR'), error: errorText });

const message = <const Shape extends z.core.$ZodLooseShape>(shape: Shape) => z.object(shape, mustBe('a JSON object'));

/** A reply whose `status` is none of those allowed is refused naming them. */
const replyOf = <const Options extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]]>(statuses: string, options: Options) =>
  z.discriminatedUnion('status', options, {
    error: (issue) => {
      const input = issue.input;
      if (input === null || typeof input !== 'object' || Array.isArray(input)) return `the reply must be a JSON object, not ${describeWireValue(input)}`;
      // Zod names the field (`status`) in the issue's path.
      return `must be ${statuses}, not ${describeWireValue((input as { status?: unknown }).status)}`;
    },
  });

/** GET_SERVICES as an agent reads it. */
export const getServicesRequestSchema: z.ZodMiniType<GetServicesRequest> = message({ action: literal('GET_SERVICES'), key: text });

/** GET_SERVICES' reply as the platform reads it. */
export const getServicesReplySchema: z.ZodMiniType<GetServicesReply> = replyOf('"SUCCESS" or "ERROR"', [
  z.object({
    status: z.literal('SUCCESS'),
    countryList: z.array(
      z.object(
        {
          country: text,
          operatorMap: z.record(z.string(), z.record(z.string(), count, mustBe('a JSON object of service counts')), mustBe('a JSON object of operators')),
        },
        mustBe('a JSON object'),
      ),
      mustBe('a JSON array'),
    ),
  }),
  errorReply,
]);

/** GET_NUMBER as an agent reads it (`sum` with at most 2 decimals in roubles, 4 in dollars). */
export const getNumberRequestSchema: z.ZodMiniType<GetNumberRequest> = message({
  action: literal('GET_NUMBER'),
  key: text,
  country: text,
  service: text,
  operator: text,
  sum,
  currency,
  exceptionPhoneSet: z.optional(prefixes),
}).check(
  z.refine((request) => request.currency !== roubles || !/\.\d{3}/.test(request.sum), {
    message: 'must have at most 2 decimals in roubles (currency 643)',
    path: ['sum'],
  }),
);

/** GET_NUMBER's reply as the platform reads it. */
export const getNumberReplySchema: z.ZodMiniType<GetNumberReply> = replyOf('"SUCCESS", "NO_NUMBERS" or "ERROR"', [
  z.object({ status: z.literal('SUCCESS'), number: ulong, activationId: ulong }),
  z.object({ status: z.literal('NO_NUMBERS') }),
  errorReply,
]);

/** FINISH_ACTIVATION as an agent reads it. */
export const finishActivationRequestSchema: z.ZodMiniType<FinishActivationRequest> = message({
  action: literal('FINISH_ACTIVATION'),
  key: text,
  activationId: ulong,
  status: finishStatus,
});

/** FINISH_ACTIVATION's reply as the platform reads it. */
export const finishActivationReplySchema: z.ZodMiniType<FinishActivationReply> = replyOf('"SUCCESS" or "ERROR"', [
  z.object({ status: z.literal('SUCCESS') }),
  errorReply,
]);

/** PUSH_SMS as the platform reads it. */
export const pushSmsRequestSchema: z.ZodMiniType<PushSmsRequest> = message({
  action: literal('PUSH_SMS'),
  key: text,
  smsId: ulong,
  phone: ulong,
  phoneFrom: text,
  text,
});

/** Our PUSH_SMS reply as an agent reads it. */
export const pushSmsReplySchema: z.ZodMiniType<PushSmsReply> = replyOf('"SUCCESS" or "ERROR"', [z.object({ status: z.literal('SUCCESS') }), errorReply]);

/** Each platform→agent request's reply schema, by action. */
export const agentReplySchemas = {
  GET_SERVICES: getServicesReplySchema,
  GET_NUMBER: getNumberReplySchema,
  FINISH_ACTIVATION: finishActivationReplySchema,
} as const;
