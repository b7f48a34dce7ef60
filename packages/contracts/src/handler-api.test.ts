import { describe, expect, it } from 'vitest';
import {
  activationExample,
  numberV2Example,
  activeActivationsAnswerSchema,
  noActivationsWord,
  numberV2AnswerSchema,
  protocolAnswers,
  protocolErrorWords,
  protocolSuccessWords,
  protocolTextAnswerSchema,
  protocolWordOf,
  protocolWords,
  protocolWordSchema,
  statusV2AnswerSchema,
} from './handler-api';

const accepts = (answer: string) => protocolTextAnswerSchema.safeParse(answer).success;

describe('the protocol’s answer words', () => {
  it('are distinct, upper snake case, and each list is part of the whole', () => {
    expect(new Set(protocolWords).size).toBe(protocolWords.length);
    for (const word of protocolWords) expect(word).toMatch(/^[A-Z]+(?:_[A-Z]+)*$/);
    expect(protocolWords).toEqual([...protocolSuccessWords, ...protocolErrorWords, noActivationsWord]);
    expect(protocolWordSchema.safeParse('BAD_KEY').success).toBe(true);
    expect(protocolWordSchema.safeParse('bad_key').success).toBe(false);
  });

  it('are written exactly as SMS-Activate clients expect', () => {
    expect(protocolAnswers.balance('12.50')).toBe('ACCESS_BALANCE:12.50');
    expect(protocolAnswers.number(123, '12025550123')).toBe('ACCESS_NUMBER:123:12025550123');
    expect(protocolAnswers.ok('123456')).toBe('STATUS_OK:123456');
    expect(protocolAnswers.waitRetry('123456')).toBe('STATUS_WAIT_RETRY:123456');
    expect(protocolAnswers.wrongMaxPrice('0.30')).toBe('WRONG_MAX_PRICE:0.30');
    expect(protocolAnswers.banned('2026-01-01 13-00-00')).toBe("BANNED:'2026-01-01 13-00-00'");
    expect([protocolAnswers.ready, protocolAnswers.retryGet, protocolAnswers.activation, protocolAnswers.cancel]).toEqual([
      'ACCESS_READY',
      'ACCESS_RETRY_GET',
      'ACCESS_ACTIVATION',
      'ACCESS_CANCEL',
    ]);
    expect([protocolAnswers.waitCode, protocolAnswers.statusCancel, protocolAnswers.rateLimit]).toEqual([
      'STATUS_WAIT_CODE',
      'STATUS_CANCEL',
      'ERROR_RATE_LIMIT',
    ]);
  });

  it('every answer’s word is a contract word, and every contract word has an answer', () => {
    const written = Object.values(protocolAnswers).map((answer) => (typeof answer === 'string' ? answer : answer('1', '2')));
    const words = new Set(written.map(protocolWordOf));
    expect([...words].sort()).toEqual(protocolWords.filter((w) => w !== noActivationsWord).sort());
  });

  it('protocolWordOf takes what comes before the first colon', () => {
    expect(protocolWordOf('STATUS_OK:12:34')).toBe('STATUS_OK');
    expect(protocolWordOf("BANNED:'2026-01-01 13-00-00'")).toBe('BANNED');
    expect(protocolWordOf('NO_KEY')).toBe('NO_KEY');
  });

  it('the text answer schema takes exact answers only', () => {
    for (const answer of [
      'NO_KEY',
      'ACCESS_BALANCE:0.00',
      'ACCESS_BALANCE:-4.20',
      'ACCESS_NUMBER:123:12025550123',
      'STATUS_OK:123456',
      'STATUS_OK:',
      'STATUS_WAIT_RETRY:Your code\nis 1',
      'WRONG_MAX_PRICE:0.30',
      "BANNED:'2026-01-01 13-00-00'",
      'ACCESS_CANCEL',
    ]) {
      expect(accepts(answer), answer).toBe(true);
    }
    for (const answer of [
      'NO_KEY\n',
      'no_key',
      'ACCESS_BALANCE:12.5',
      'ACCESS_BALANCE',
      'ACCESS_NUMBER:abc:1',
      'STATUS_OK',
      'WRONG_MAX_PRICE:-1.00',
      'BANNED:2026-01-01 13:00:00',
      'ACCESS_READY:1',
      'SOMETHING_ELSE',
    ]) {
      expect(accepts(answer), answer).toBe(false);
    }
  });
});

describe('the protocol’s JSON answers', () => {
  it('getNumberV2 has a numeric activationId', () => {
    const answer = numberV2Example;
    expect(numberV2AnswerSchema.safeParse(answer).success).toBe(true);
    expect(numberV2AnswerSchema.safeParse({ ...answer, activationId: '123' }).success).toBe(false);
    expect(numberV2AnswerSchema.safeParse({ ...answer, activationTime: '2026-01-01T12:00:00Z' }).success).toBe(false);
  });

  it('getStatusV2 carries the SMS or null', () => {
    expect(statusV2AnswerSchema.safeParse({ verificationType: 0, sms: null, call: null }).success).toBe(true);
    expect(
      statusV2AnswerSchema.safeParse({ verificationType: 0, sms: { dateTime: '2026-01-01 12:01:00', code: '1', text: 'code 1' }, call: null }).success,
    ).toBe(true);
    expect(statusV2AnswerSchema.safeParse({ verificationType: 0, sms: { code: '1' }, call: null }).success).toBe(false);
  });

  it('getActiveActivations: strings throughout, or the NO_ACTIVATIONS error', () => {
    expect(activeActivationsAnswerSchema.safeParse({ status: 'error', error: 'NO_ACTIVATIONS' }).success).toBe(true);
    expect(activeActivationsAnswerSchema.safeParse({ status: 'error', error: 'NO_ACTIVATION' }).success).toBe(false);
    const activation = activationExample;
    expect(activeActivationsAnswerSchema.safeParse({ status: 'success', activeActivations: [activation] }).success).toBe(true);
    expect(activeActivationsAnswerSchema.safeParse({ status: 'success', activeActivations: [{ ...activation, activationId: 123 }] }).success).toBe(false);
  });
});
