import { describe, expect, it } from 'vitest';
import { readStockReport } from './stock-report';
import { isoOfProtocolCountry, protocolCountryOfIso } from '../../shared/agent-protocol/countries';

const known = {
  countryIdOfName: (name: string) => ({ russia: 13, england: 2 })[name],
  serviceIdOfCode: (code: string) => ({ tg: 1, wa: 2, vk: 9 })[code],
};

describe('an agent’s GET_SERVICES report in our terms', () => {
  it('places countries, services and operators, summing nothing across operators, and counts the total', () => {
    const report = readStockReport(
      [
        { country: 'russia', operatorMap: { beeline: { vk: 10, tg: 15, wa: 20 }, megafon: { vk: 0, tg: 10, wa: 32 } } },
        { country: 'england', operatorMap: { any: { tg: 3 } } },
      ],
      known,
    );
    expect(report.stock).toEqual(
      new Map([
        [13, { beeline: { 9: 10, 1: 15, 2: 20 }, megafon: { 1: 10, 2: 32 } }],
        [2, { any: { 1: 3 } }],
      ]),
    );
    expect(report.total).toBe(90);
    expect(report.unknownCountries).toEqual([]);
  });

  it('keeps what it cannot place for operators, and counts a negative or fractional count as none', () => {
    const report = readStockReport(
      [
        { country: 'atlantis', operatorMap: { any: { tg: 5 } } },
        { country: 'russia', operatorMap: { mts: { xx: 4, tg: -2, wa: 1.5, vk: 1 } } },
      ],
      known,
    );
    expect(report.unknownCountries).toEqual(['atlantis']);
    expect(report.unknownServices).toEqual(['xx']);
    expect(report.stock).toEqual(new Map([[13, { mts: { 9: 1 } }]]));
    expect(report.total).toBe(1);
  });

  it('names the United Kingdom `england` and the United States `usa`, both ways', () => {
    expect([isoOfProtocolCountry('england'), isoOfProtocolCountry('USA'), isoOfProtocolCountry('united kingdom')]).toEqual(['gb', 'us', undefined]);
    expect([protocolCountryOfIso('gb'), protocolCountryOfIso('US')]).toEqual(['england', 'usa']);
  });
});
