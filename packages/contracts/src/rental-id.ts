import * as z from 'zod/mini';
import { singleLine } from './text';

/**
 * A rental's id in a path: a module of its own, so a Lambda that only checks the id (Start Chat)
 * does not load the rental and message schemas of rental.ts.
 */
export const rentalIdSchema = z.string().check(singleLine(), z.regex(/^[0-9a-z]{10,40}$/, 'Invalid format.'));
export const rentalParamsSchema = z.strictObject({ id: rentalIdSchema });
