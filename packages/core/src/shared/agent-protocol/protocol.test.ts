import { describe, expect, it } from 'vitest';
import { decodeAgentJson, encodeAgentJson } from './codec';
import {
  finishActivationReplySchema,
  finishActivationRequestSchema,
  getNumberReplySchema,
  getNumberRequestSchema,
  getServicesReplySchema,
  getServicesRequestSchema,
  pushSmsReplySchema,
  pushSmsRequestSchema,
  type AgentReply,
  type AgentRequest,
  type GetNumberRequest,
  type GetServicesReply,
} from './protocol';
import { agentSumFromCents, agentSumFromHundredthsOfCent, hundredthsOfCentFromAgentSum } from './sum';
import type * as z from 'zod/mini';

const roundTrip = <T>(value: AgentRequest | AgentReply, schema: z.ZodMiniType<T>) => decodeAgentJson(encodeAgentJson(value), schema);

describe('the SMSHub agent messages', () => {
  it('GET_SERVICES encodes and decodes, request and reply', () => {
    const request = { action: 'GET_SERVICES', key: '123' } as const;
    expect(encodeAgentJson(request)).toBe('{"action":"GET_SERVICES","key":"123"}');
    expect(roundTrip(request, getServicesRequestSchema)).toEqual({ ok: true, value: request });
    const reply: GetServicesReply = {
      status: 'SUCCESS',
      countryList: [
        { country: 'russia', operatorMap: { beeline: { vk: 10, ok: 15, wa: 20 }, megafon: { vk: 0, ok: 10, wa: 32 } } },
        { country: 'ukraine', operatorMap: { life: { vk: 0, ok: 10, wa: 32 } } },
      ],
    };
    expect(roundTrip(reply, getServicesReplySchema)).toEqual({ ok: true, value: reply });
    // The text's own example, as an agent writes it (status last, spaces and line breaks).
    const example = `{"countryList": [{"country": "russia","operatorMap": {"beeline": {"vk": 10,"ok": 15,"wa": 20},
      "megafon": {"vk": 0,"ok": 10,"wa": 32} }},{"country": "ukraine","operatorMap": {"life": {"vk": 0,"ok": 10,"wa": 32}}}],"status": "SUCCESS"}`;
    expect(decodeAgentJson(example, getServicesReplySchema)).toEqual({ ok: true, value: reply });
  });

  it('GET_NUMBER encodes and decodes: sum and the prefixes as the text writes them, each reply', () => {
    const request: GetNumberRequest = {
      action: 'GET_NUMBER',
      key: '1234',
      country: 'russia',
      operator: 'any',
      service: 'vk',
      sum: '0.1234',
      currency: 840,
      exceptionPhoneSet: ['7918', '79281'],
    };
    const text = encodeAgentJson(request);
    expect(text).toContain('"sum":0.1234');
    expect(text).toContain('"currency":840');
    expect(text).toContain('"exceptionPhoneSet":["7918","79281"]');
    expect(roundTrip(request, getNumberRequestSchema)).toEqual({ ok: true, value: request });
    expect(
      decodeAgentJson(
        '{"country":"russia","operator":"mts","service":"vk","sum":20.00,"action":"GET_NUMBER","currency":643,"key":"1234"}',
        getNumberRequestSchema,
      ),
    ).toEqual({ ok: true, value: { action: 'GET_NUMBER', key: '1234', country: 'russia', operator: 'mts', service: 'vk', sum: '20.00', currency: 643 } });

    const success = { status: 'SUCCESS', number: '79281234567', activationId: '355' } as const;
    expect(encodeAgentJson(success)).toBe('{"status":"SUCCESS","number":79281234567,"activationId":355}');
    expect(roundTrip(success, getNumberReplySchema)).toEqual({ ok: true, value: success });
    expect(roundTrip({ status: 'NO_NUMBERS' }, getNumberReplySchema)).toEqual({ ok: true, value: { status: 'NO_NUMBERS' } });
    expect(roundTrip({ status: 'ERROR', error: 'Wrong key' }, getNumberReplySchema)).toEqual({ ok: true, value: { status: 'ERROR', error: 'Wrong key' } });
  });

  it('FINISH_ACTIVATION and PUSH_SMS encode and decode', () => {
    const finish = { action: 'FINISH_ACTIVATION', key: '123', activationId: '100', status: 3 } as const;
    expect(encodeAgentJson(finish)).toBe('{"action":"FINISH_ACTIVATION","key":"123","activationId":100,"status":3}');
    expect(roundTrip(finish, finishActivationRequestSchema)).toEqual({ ok: true, value: finish });
    expect(roundTrip({ status: 'SUCCESS' }, finishActivationReplySchema)).toEqual({ ok: true, value: { status: 'SUCCESS' } });

    const push = { action: 'PUSH_SMS', key: '12345', smsId: '1', phone: '79281234567', phoneFrom: 'Vk', text: 'VK: 33708 – your code' } as const;
    expect(encodeAgentJson(push)).toBe('{"action":"PUSH_SMS","key":"12345","smsId":1,"phone":79281234567,"phoneFrom":"Vk","text":"VK: 33708 – your code"}');
    expect(roundTrip(push, pushSmsRequestSchema)).toEqual({ ok: true, value: push });
    expect(roundTrip({ status: 'SUCCESS' }, pushSmsReplySchema)).toEqual({ ok: true, value: { status: 'SUCCESS' } });
    expect(roundTrip({ status: 'ERROR', error: 'Unknown key' }, pushSmsReplySchema)).toEqual({ ok: true, value: { status: 'ERROR', error: 'Unknown key' } });
  });

  it('keeps every digit of a Ulong, written as a bare JSON number both ways', () => {
    for (const id of ['9223372036854775807', '79281234567', '1000000000000000001', '0']) {
      const text = encodeAgentJson({ status: 'SUCCESS', number: '79281234567', activationId: id });
      expect(text).toContain(`"activationId":${id}}`);
      expect(decodeAgentJson(text, getNumberReplySchema)).toEqual({ ok: true, value: { status: 'SUCCESS', number: '79281234567', activationId: id } });
    }
    // JSON.parse would have made it 9223372036854776000.
    expect(decodeAgentJson('{"status":"SUCCESS","number":79281234567,"activationId":9223372036854775807}', getNumberReplySchema)).toEqual({
      ok: true,
      value: { status: 'SUCCESS', number: '79281234567', activationId: '9223372036854775807' },
    });
  });

  it('refuses a number sent as a string, saying which field and what came', () => {
    expect(decodeAgentJson('{"status":"SUCCESS","number":"79281234567","activationId":355}', getNumberReplySchema)).toEqual({
      ok: false,
      reason: 'number must be a whole JSON number from 0 to 9223372036854775807, not the string "79281234567"',
    });
    expect(decodeAgentJson('{"action":"PUSH_SMS","key":"k","smsId":"123","phone":79281234567,"phoneFrom":"Vk","text":"t"}', pushSmsRequestSchema)).toEqual({
      ok: false,
      reason: 'smsId must be a whole JSON number from 0 to 9223372036854775807, not the string "123"',
    });
    const counts = decodeAgentJson('{"status":"SUCCESS","countryList":[{"country":"usa","operatorMap":{"any":{"tg":"3"}}}]}', getServicesReplySchema);
    expect(counts).toEqual({ ok: false, reason: 'countryList.0.operatorMap.any.tg must be a whole JSON number from 0 to 2147483647, not the string "3"' });
    expect(decodeAgentJson('{"action":"FINISH_ACTIVATION","key":"k","activationId":5,"status":"3"}', finishActivationRequestSchema)).toEqual({
      ok: false,
      reason: 'status must be the JSON number 1, 3, 4 or 5, not the string "3"',
    });
  });

  it('refuses what is out of the types, and tolerates fields it does not know', () => {
    const reasonOf = (text: string, schema: z.ZodMiniType) => {
      const decoded = decodeAgentJson(text, schema);
      return decoded.ok ? 'accepted' : decoded.reason;
    };
    expect(reasonOf('{"status":"SUCCESS","number":79281234567,"activationId":9223372036854775808}', getNumberReplySchema)).toBe(
      'activationId must be a whole JSON number from 0 to 9223372036854775807, not the number 9223372036854775808',
    );
    expect(reasonOf('{"status":"SUCCESS","number":-1,"activationId":1}', getNumberReplySchema)).toMatch(
      /^number must be a whole JSON number .*, not the number -1$/,
    );
    expect(reasonOf('{"status":"SUCCESS","number":7.5e10,"activationId":1}', getNumberReplySchema)).toMatch(/not the number 7\.5e10$/);
    expect(reasonOf('{"status":"SUCCESS","activationId":1}', getNumberReplySchema)).toBe(
      'number is missing (it must be a whole JSON number from 0 to 9223372036854775807)',
    );
    expect(reasonOf('{"status":"OK"}', getNumberReplySchema)).toBe('status must be "SUCCESS", "NO_NUMBERS" or "ERROR", not the string "OK"');
    expect(reasonOf('{"status":"NO_NUMBERS"}', finishActivationReplySchema)).toBe('status must be "SUCCESS" or "ERROR", not the string "NO_NUMBERS"');
    expect(reasonOf('[1]', getNumberReplySchema)).toBe('the reply must be a JSON object, not an array');
    expect(reasonOf('<html>', getNumberReplySchema)).toMatch(/^not JSON: /);
    expect(reasonOf('{"status":"SUCCESS","status":"ERROR"}', pushSmsReplySchema)).toMatch(/^not JSON: .*[Dd]uplicate key/);
    expect(
      reasonOf('{"action":"GET_NUMBER","key":"k","country":"usa","service":"tg","operator":"any","sum":0.12345,"currency":840}', getNumberRequestSchema),
    ).toBe('sum must be a JSON number of at least 0 with at most 4 decimals, not the number 0.12345');
    expect(
      reasonOf('{"action":"GET_NUMBER","key":"k","country":"usa","service":"tg","operator":"any","sum":1.234,"currency":643}', getNumberRequestSchema),
    ).toBe('sum must have at most 2 decimals in roubles (currency 643)');
    expect(reasonOf('{"action":"GET_NUMBER","key":"k","country":"usa","service":"tg","operator":"any","sum":1,"currency":978}', getNumberRequestSchema)).toBe(
      'currency must be the JSON number 643 (roubles) or 840 (US dollars), not the number 978',
    );
    // Extra fields are the agent's business; an ERROR without a description is still an ERROR.
    expect(decodeAgentJson('{"status":"SUCCESS","number":79281234567,"activationId":1,"price":0.2,"extra":{"a":[1]}}', getNumberReplySchema)).toEqual({
      ok: true,
      value: { status: 'SUCCESS', number: '79281234567', activationId: '1' },
    });
    expect(decodeAgentJson('{"status":"ERROR"}', finishActivationReplySchema)).toEqual({ ok: true, value: { status: 'ERROR', error: '' } });
  });

  it('refuses to write a Ulong or a sum our own code got wrong', () => {
    expect(() => encodeAgentJson({ status: 'SUCCESS', number: '+79281234567', activationId: '1' })).toThrow(RangeError);
    expect(() => encodeAgentJson({ status: 'SUCCESS', number: '1', activationId: '9223372036854775808' })).toThrow(RangeError);
    expect(() => encodeAgentJson({ action: 'GET_NUMBER', key: 'k', country: 'usa', service: 'tg', operator: 'any', sum: '0.12345', currency: 840 })).toThrow(
      RangeError,
    );
  });
});

describe('the GET_NUMBER sum', () => {
  it('is made exactly from hundredths of a cent or cents', () => {
    expect(agentSumFromHundredthsOfCent(1234)).toBe('0.1234');
    expect(agentSumFromHundredthsOfCent(2000)).toBe('0.2');
    expect(agentSumFromHundredthsOfCent(10000)).toBe('1');
    expect(agentSumFromHundredthsOfCent(1)).toBe('0.0001');
    expect(agentSumFromHundredthsOfCent(0)).toBe('0');
    expect(agentSumFromHundredthsOfCent(123456789)).toBe('12345.6789');
    expect(agentSumFromCents(20)).toBe('0.2');
    expect(agentSumFromCents(1999)).toBe('19.99');
    expect(agentSumFromCents(7)).toBe('0.07');
    expect(() => agentSumFromCents(0.5)).toThrow(RangeError);
    expect(() => agentSumFromHundredthsOfCent(-1)).toThrow(RangeError);
  });

  it('is written as a bare JSON number and read back to the same hundredths of a cent', () => {
    const request: GetNumberRequest = {
      action: 'GET_NUMBER',
      key: 'k',
      country: 'usa',
      service: 'tg',
      operator: 'any',
      sum: agentSumFromHundredthsOfCent(1234),
      currency: 840,
    };
    expect(encodeAgentJson(request)).toContain('"sum":0.1234,');
    const decoded = decodeAgentJson(encodeAgentJson(request), getNumberRequestSchema);
    expect(decoded.ok && hundredthsOfCentFromAgentSum(decoded.value.sum)).toBe(1234n);
    expect(hundredthsOfCentFromAgentSum('20.00')).toBe(200000n);
    expect(hundredthsOfCentFromAgentSum('0.2')).toBe(2000n);
  });
});
