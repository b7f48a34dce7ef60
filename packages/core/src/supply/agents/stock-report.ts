import type { OperatorStock } from '../../catalogue';

/** An agent's GET_SERVICES `countryList`, as the protocol sends it. */
export type CountryList = ReadonlyArray<{ country: string; operatorMap: Record<string, Record<string, number>> }>;

export interface StockReport {
  /** Our country id -> operator -> our service id -> count (counts above 0 only). */
  stock: Map<number, OperatorStock>;
  /** What the agent reported that we could not place, for operators (never silently dropped). */
  unknownCountries: string[];
  unknownServices: string[];
  /** Every count it reported for what we know, all countries and operators together. */
  total: number;
}

/**
 * An agent's report in our terms: countries by the protocol's names, services by the codes the
 * catalogue carries (the SMS-Activate codes), operators as sent. A negative or fractional count is
 * the agent's error: it counts as none.
 */
export function readStockReport(
  countryList: CountryList,
  known: { countryIdOfName: (name: string) => number | undefined; serviceIdOfCode: (code: string) => number | undefined },
): StockReport {
  const stock = new Map<number, OperatorStock>();
  const unknownCountries = new Set<string>();
  const unknownServices = new Set<string>();
  let total = 0;
  for (const { country, operatorMap } of countryList) {
    const countryId = known.countryIdOfName(country);
    if (countryId === undefined) {
      unknownCountries.add(country);
      continue;
    }
    const operators = stock.get(countryId) ?? {};
    for (const [operator, services] of Object.entries(operatorMap)) {
      for (const [code, count] of Object.entries(services)) {
        const serviceId = known.serviceIdOfCode(code);
        if (serviceId === undefined) {
          unknownServices.add(code);
          continue;
        }
        if (!Number.isSafeInteger(count) || count <= 0) continue;
        const forOperator = (operators[operator] ??= {});
        forOperator[serviceId] = (forOperator[serviceId] ?? 0) + count;
        total += count;
      }
    }
    if (Object.keys(operators).length) stock.set(countryId, operators);
  }
  return { stock, unknownCountries: [...unknownCountries].sort(), unknownServices: [...unknownServices].sort(), total };
}
