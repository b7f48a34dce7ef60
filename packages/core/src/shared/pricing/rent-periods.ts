import { ValidationError } from '../errors';

/**
 * The three rent periods. Each period uses its own discount: 1 Week -> discount_1,
 * 2 Week -> discount_2, 1 Month -> discount_3. The catalogue seeds its rent times from this list.
 */
export const rentPeriods = [
  { id: 1, name: '1 Week', days: 7, discountIndex: 0 },
  { id: 2, name: '2 Week', days: 14, discountIndex: 1 },
  { id: 3, name: '1 Month', days: 30, discountIndex: 2 },
] as const;

export type RentPeriod = (typeof rentPeriods)[number];
export type RentTimeId = RentPeriod['id'];

export function findRentPeriod(rentTimeId: number): RentPeriod | undefined {
  return rentPeriods.find((p) => p.id === rentTimeId);
}

export function getRentPeriod(rentTimeId: number): RentPeriod {
  const period = findRentPeriod(rentTimeId);
  if (!period) {
    // Spelled out rather than built with the contracts' fieldProblem: the web's picker bundles this
    // module, and fieldProblem would bring the contracts' schemas (and zod) onto the landing page.
    const problem = { code: 'UNKNOWN_RENT_PERIOD' as const, params: { rent_time_id: rentTimeId }, message: `Unknown rent period: ${rentTimeId}.` };
    throw new ValidationError('Unknown rent period', { rent_time_id: [problem] });
  }
  return period;
}
