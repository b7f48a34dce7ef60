import * as z from 'zod/mini';
import { hasCents } from './money';

/** A positive dollar amount with at most 2 decimals, within [min, max]. */
export const amountSchema = (min: number, max: number) =>
  z.pipe(
    z.number().check(
      z.refine((n) => Number.isFinite(n), { params: { code: 'NOT_A_NUMBER' } }),
      z.refine(hasCents, { params: { code: 'TOO_MANY_DECIMALS' } }),
    ),
    z.number().check(min > 0.01 ? z.minimum(min) : z.positive(), z.maximum(max)),
  );
