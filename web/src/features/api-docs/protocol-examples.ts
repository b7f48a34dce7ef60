import { webhookPayloadExample, webhookSignatureHeader } from '@numbernest/contracts';
import {
  activationExample,
  numberV2Example,
  noActivationsWord,
  protocolAnswers as answer,
  protocolErrorWords,
  type ActiveActivationsAnswer,
  type AllSmsAnswer,
  type CountriesAnswer,
  type ExtraActivationPriceAnswer,
  type HistoryAnswer,
  type OperatorsAnswer,
  type TopCountriesAnswer,
  type NumbersStatusAnswer,
  type PricesAnswer,
  type ProtocolJsonAction,
  type ServicesListAnswer,
  type StatusV2Answer,
} from '@numbernest/contracts/handler-api';
import { maxRentHours, rentAnswerSchemas, rentError, rentErrorWords, rentExamples, type RentAction } from '@numbernest/contracts/handler-api';

/**
 * What the API docs page shows of the protocol, built from the contract (@numbernest/contracts
 * handler-api.ts, webhook.ts): the words come from its constants and the JSON examples are typed by
 * its schemas, and ApiDocsPage.test.tsx parses every example with them, so the page cannot drift
 * from what the server sends.
 */

/** A JSON answer shown on the page, and the action whose contract schema it must satisfy. */
export interface JsonExample {
  action: ProtocolJsonAction;
  value: unknown;
}

const numberV2 = numberV2Example;
const statusV2: StatusV2Answer = { verificationType: 0, sms: { dateTime: '2026-01-01 12:01:00', code: '123456', text: 'Your code is 123456' }, call: null };
const activeActivations: ActiveActivationsAnswer = {
  status: 'success',
  activeActivations: [activationExample],
};
const noActivations: ActiveActivationsAnswer = { status: 'error', error: noActivationsWord };
const prices: PricesAnswer = { '187': { tg: { cost: 0.3, count: 12, delivery_rate: 0.92 } } };
const countries: CountriesAnswer = {
  '187': { id: 187, rus: 'США', eng: 'United States', chn: 'United States', visible: 1, retry: 1, rent: 0, multiService: 0 },
};
const servicesList: ServicesListAnswer = { status: 'success', services: [{ code: 'tg', name: 'Telegram' }] };
const numbersStatus: NumbersStatusAnswer = { tg_0: '12', wa_0: '12' };
// Activations: more codes, reactivation, history, operators
const extraPrice: ExtraActivationPriceAnswer = { status: 'success', cost: 0.3, currency: 840, phone: '12025550123', service: 'tg' };
const history: HistoryAnswer = [{ id: 124, date: '2026-01-01 12:00:00', phone: '12025550123', sms: '["123456"]', cost: 0.3, status: '6' }];
const allSms: AllSmsAnswer = {
  status: 'success',
  quantity: 2,
  data: [
    { phoneFrom: 'Telegram', text: 'Telegram code: 654321', code: '654321', date: '2026-01-01 12:05:00' },
    { phoneFrom: 'Telegram', text: 'Telegram code: 123456', code: '123456', date: '2026-01-01 12:01:00' },
  ],
};
const operators: OperatorsAnswer = { status: 'success', countryOperators: { '187': ['any'] } };
const topCountries: TopCountriesAnswer = { '0': { country: 187, count: 12, price: 0.3, retail_price: 0.3, share: 62.5 } };

export const jsonExamples: JsonExample[] = [
  { action: 'getNumberV2', value: numberV2 },
  { action: 'getStatusV2', value: statusV2 },
  { action: 'getActiveActivations', value: activeActivations },
  { action: 'getActiveActivations', value: noActivations },
  { action: 'getPrices', value: prices },
  { action: 'getCountries', value: countries },
  { action: 'getServicesList', value: servicesList },
  { action: 'getNumbersStatus', value: numbersStatus },
  { action: 'checkExtraActivation', value: extraPrice },
  { action: 'getHistory', value: history },
  { action: 'getAllSms', value: allSms },
  { action: 'getOperators', value: operators },
  { action: 'getTopCountriesByService', value: topCountries },
];

const shown = (value: unknown) => JSON.stringify(value);
/** setStatus: the status sent, and its answer. */
const statusAnswer = (status: number, word: string) => `${status} → ${word}`;
const bannedUntil = answer.banned('2026-01-01 13-00-00');

export interface ActionDoc {
  name: string;
  /** The key of its description in apiDocs (default `actions.<name>`). */
  copy?: string;
  example: string;
  /** Plain-text answers (`{placeholder}` for a value) and JSON ones, as shown. */
  answers: string[];
}

/** The exact answers of each action. */
export const protocolActions = (base: string): ActionDoc[] => [
  { name: 'getBalance', example: `curl "${base}?api_key=$KEY&action=getBalance"`, answers: [answer.balance('12.50')] },
  {
    name: 'getNumber',
    example: `curl "${base}?api_key=$KEY&action=getNumber&service=tg&country=187&maxPrice=0.50&phoneException=1202,1305&orderId=my-order-42"\ncurl "${base}?api_key=$KEY&action=getNumberV2&service=tg&country=187"`,
    answers: [
      answer.number('{activationId}', '{phone}'),
      shown(numberV2),
      answer.noNumbers,
      answer.noBalance,
      answer.badService,
      answer.wrongMaxPrice('0.30'),
      answer.wrongExceptionPhone,
      bannedUntil,
    ],
  },
  {
    name: 'getStatus',
    example: `curl "${base}?api_key=$KEY&action=getStatus&id=123"\ncurl "${base}?api_key=$KEY&action=getStatusV2&id=123"`,
    answers: [answer.waitCode, answer.ok('{code}'), answer.waitRetry('{code}'), answer.statusCancel, answer.noActivation, shown(statusV2)],
  },
  {
    name: 'setStatus',
    example: `curl "${base}?api_key=$KEY&action=setStatus&id=123&status=8"`,
    answers: [
      statusAnswer(1, answer.ready),
      statusAnswer(3, answer.retryGet),
      statusAnswer(6, answer.activation),
      statusAnswer(8, answer.cancel),
      answer.earlyCancelDenied,
      bannedUntil,
      answer.badStatus,
      answer.noActivation,
    ],
  },
  {
    name: 'getActiveActivations',
    example: `curl "${base}?api_key=$KEY&action=getActiveActivations"`,
    answers: [shown(activeActivations), shown(noActivations)],
  },
  { name: 'getPrices', example: `curl "${base}?api_key=$KEY&action=getPrices&service=tg&country=187"`, answers: [shown(prices), answer.badService] },
  { name: 'getCountries', example: `curl "${base}?api_key=$KEY&action=getCountries"`, answers: [shown(countries)] },
  { name: 'getServicesList', example: `curl "${base}?api_key=$KEY&action=getServicesList"`, answers: [shown(servicesList)] },
  { name: 'getNumbersStatus', example: `curl "${base}?api_key=$KEY&action=getNumbersStatus&country=187"`, answers: [shown(numbersStatus)] },

  // Activations: more codes, reactivation, history, operators
  {
    name: 'getExtraActivation',
    example: `curl "${base}?api_key=$KEY&action=getExtraActivation&activationId=123"\ncurl "${base}?api_key=$KEY&action=reactivate&id=123"`,
    answers: [
      answer.number('{activationId}', '{phone}'),
      answer.renewNotAvailable,
      answer.newActivationImpossible,
      answer.wrongActivationId,
      answer.noActivation,
      answer.noBalance,
      bannedUntil,
    ],
  },
  {
    name: 'checkExtraActivation',
    example: `curl "${base}?api_key=$KEY&action=checkExtraActivation&activationId=123"\ncurl "${base}?api_key=$KEY&action=reactivationPrice&id=123"`,
    answers: [shown(extraPrice), answer.renewNotAvailable, answer.newActivationImpossible, answer.wrongActivationId, answer.noActivation],
  },
  {
    name: 'getHistory',
    example: `curl "${base}?api_key=$KEY&action=getHistory&start=1767225600&end=1767312000&offset=0&size=50"`,
    answers: [shown(history), answer.wrongDate],
  },
  {
    name: 'getAllSms',
    example: `curl "${base}?api_key=$KEY&action=getAllSms&id=123&page=1&size=10"`,
    answers: [shown(allSms), answer.wrongActivationId, answer.noActivation],
  },
  {
    name: 'getOperators',
    example: `curl "${base}?api_key=$KEY&action=getOperators&country=187"`,
    answers: [shown(operators), answer.operatorsNotFound],
  },
  {
    name: 'getTopCountriesByService',
    example: `curl "${base}?api_key=$KEY&action=getTopCountriesByService&service=tg"`,
    answers: [shown(topCountries), answer.badService],
  },

  // Rent API
  {
    name: 'getRentServicesAndCountries',
    copy: 'rent.actions.getRentServicesAndCountries',
    example: `curl "${base}?api_key=$KEY&action=getRentServicesAndCountries&rent_time=168&country=187"`,
    answers: [shown(rentExamples.services), shown(rentError('INVALID_TIME')), shown(rentError('MAX_HOURS_EXCEED', { max: maxRentHours }))],
  },
  {
    name: 'getRentNumber',
    copy: 'rent.actions.getRentNumber',
    example: `curl "${base}?api_key=$KEY&action=getRentNumber&service=tg&country=187&rent_time=168&url=https://example.com/sms&orderId=my-rent-42"`,
    answers: [
      shown(rentExamples.number),
      ...(['BAD_SERVICE', 'WRONG_OPERATOR', 'INVALID_TIME', 'NO_NUMBERS', 'NO_BALANCE', 'BAD_URL'] as const).map((word) => shown(rentError(word))),
      shown(rentError('MAX_HOURS_EXCEED', { max: maxRentHours })),
      shown(rentError('CHANNELS_LIMIT', { until: '2026-01-01 13-00-00' })),
    ],
  },
  {
    name: 'getRentStatus',
    copy: 'rent.actions.getRentStatus',
    example: `curl "${base}?api_key=$KEY&action=getRentStatus&id=500000123&page=0&size=10"`,
    answers: [
      shown(rentExamples.status),
      ...(['STATUS_WAIT_CODE', 'STATUS_FINISH', 'STATUS_CANCEL', 'NO_ID_RENT'] as const).map((word) => shown(rentError(word))),
    ],
  },
  {
    name: 'setRentStatus',
    copy: 'rent.actions.setRentStatus',
    example: `curl "${base}?api_key=$KEY&action=setRentStatus&id=500000123&status=2"`,
    answers: [
      shown(rentExamples.done),
      ...(['CANT_CANCEL', 'ALREADY_FINISH', 'ALREADY_CANCEL', 'INCORECT_STATUS', 'NO_ID_RENT'] as const).map((word) => shown(rentError(word))),
      shown(rentError('BANNED', { until: '2026-01-01 13-00-00' })),
    ],
  },
  {
    name: 'getRentList',
    copy: 'rent.actions.getRentList',
    example: `curl "${base}?api_key=$KEY&action=getRentList&length=10&page=0"`,
    answers: [shown(rentExamples.list)],
  },
  {
    name: 'continueRentNumber',
    copy: 'rent.actions.continueRentNumber',
    example: `curl "${base}?api_key=$KEY&action=continueRentNumber&id=500000123&rent_time=168"`,
    answers: [
      shown(rentExamples.number),
      ...(['INVALID_TIME', 'RENT_DIE', 'NO_BALANCE', 'NO_ID_RENT'] as const).map((word) => shown(rentError(word))),
      shown(rentError('MAX_HOURS_EXCEED', { max: maxRentHours })),
    ],
  },
  {
    name: 'continueRentInfo',
    copy: 'rent.actions.continueRentInfo',
    example: `curl "${base}?api_key=$KEY&action=continueRentInfo&id=500000123&hours=168"\ncurl "${base}?api_key=$KEY&action=getContinueRentPriceNumber&id=500000123&rent_time=168"`,
    answers: [
      shown(rentExamples.price),
      shown(rentError('RENT_DIE')),
      shown(rentError('MAX_HOURS_EXCEED', { max: maxRentHours })),
      shown(rentError('NO_ID_RENT')),
    ],
  },
];

/** The rent actions shown above, and the contract schema each one's JSON answers must satisfy. */
export const rentActionSchemas: Record<string, (typeof rentAnswerSchemas)[RentAction]> = rentAnswerSchemas;

/** The rent API's error words, each explained on the page (apiDocs rent.errors.<word>). */
export const rentWords = rentErrorWords;

/** What a rent's `url` receives for each SMS. */
export const rentWebhookPayload = JSON.stringify(rentExamples.webhook, null, 2);

/** The error words, each explained on the page (apiDocs errors.<word>). */
export const errorWords = protocolErrorWords;

/** What the server posts for an SMS to an activation: `activationId` is a decimal string here. */
export { webhookPayloadExample };
export const webhookPayload = JSON.stringify(webhookPayloadExample, null, 2);

export const signatureHeader = `${webhookSignatureHeader}: t=1767268860,v1=5f8a…e1c2`;
