import * as z from 'zod/mini';
import { blankIsNaN, blankIsUndefined, idSchema, intSchema, preprocess } from '../http';
import { singleLine } from '../text';
import { cursorPage, cursorQuerySchema, reasonSchema } from './shared';

/**
 * The inventory part of the operator console (the Numbers page): where numbers come from.
 *
 * A number's source says which upstream carries its inbound SMS, and so the only one allowed to
 * report SMS for it: `twilio`, or `gateway:<deviceId>:<simNumber>` for one SIM slot (1, 2…) of one
 * of our Android phones running android-sms-gateway.
 */
export const inventoryStatuses = ['available', 'rented', 'resting', 'retired'] as const;
export type InventoryStatus = (typeof inventoryStatuses)[number];

/** `twilio` or `gateway:<deviceId>:<simNumber>`: the text form of a number's source (CSV, API). */
export const numberSourcePattern = /^(?:twilio|gateway:[A-Za-z0-9._-]{1,128}:[1-9])$/;

/** The source filter: a whole provider (`twilio`, `gateway`), one phone (`gateway:<deviceId>`) or one SIM. */
export const numberSourceFilterPattern = /^(?:twilio|gateway(?::[A-Za-z0-9._-]{1,128}(?::[1-9])?)?)$/;

/** The most rows one import takes. */
export const maxImportRows = 1000;

const optionalInt = z.optional(preprocess(blankIsNaN, z.coerce.number().check(z.int(), z.positive(), z.maximum(1_000_000_000))));

/** GET /api/ops/numbers?country_id=&mobile_number_type_id=&status=&source=&search=&cursor=&limit= */
export const numbersQuerySchema = z.object({
  ...cursorQuerySchema.def.shape,
  country_id: optionalInt,
  mobile_number_type_id: z.optional(preprocess(blankIsNaN, z.coerce.number().check(z.int(), z.minimum(1), z.maximum(3)))),
  status: z.optional(preprocess(blankIsUndefined, z.enum(inventoryStatuses))),
  source: z.optional(preprocess(blankIsUndefined, z.string().check(singleLine(), z.regex(numberSourceFilterPattern)))),
  /** Digits anywhere in the E.164 (anything but digits is ignored). */
  search: z.optional(preprocess(blankIsUndefined, z.string().check(singleLine(), z.maxLength(20), z.regex(/\d/)))),
});
export type NumbersQuery = z.infer<typeof numbersQuerySchema>;

/** A rental holding the number now (Shared and Temporary numbers may have one per service). */
export const inventoryRentalSchema = z.object({
  id: z.string(),
  sub: z.string(),
  email: z.nullable(z.string()),
  service_name: z.nullable(z.string()),
  ends_at: z.string(),
});
export type InventoryRental = z.infer<typeof inventoryRentalSchema>;

export const inventoryNumberSchema = z.object({
  id: intSchema(),
  e164: z.string(),
  country_id: intSchema(),
  mobile_number_type_id: intSchema(),
  source: z.string(),
  status: z.enum(inventoryStatuses),
  /** Resting (a Private number after use): offered again from this time. */
  resting_until: z.nullable(z.string()),
  retired_at: z.nullable(z.string()),
  retired_reason: z.nullable(z.string()),
  rentals: z.array(inventoryRentalSchema),
  last_sms_at: z.nullable(z.string()),
  sms_count: intSchema(),
});
export type InventoryNumber = z.infer<typeof inventoryNumberSchema>;

/** GET /api/ops/numbers: by country, type, E.164. */
export const numbersReplySchema = cursorPage(inventoryNumberSchema);
export type NumbersReply = z.infer<typeof numbersReplySchema>;

/**
 * One row of an import. Only its shape is checked here: each row's content (a number valid for the
 * country, a known country, a type, a source) is checked on its own, a bad row skipped with its reason.
 */
export const importNumberRowSchema = z.object({
  e164: z.string().check(z.trim(), singleLine(), z.minLength(1), z.maxLength(40)),
  country_id: intSchema(),
  mobile_number_type_id: intSchema(),
  source: z.string().check(z.trim(), singleLine(), z.maxLength(200)),
});
export type ImportNumberRow = z.infer<typeof importNumberRowSchema>;

/** POST /api/ops/numbers */
export const importNumbersBodySchema = z.object({
  numbers: z.array(importNumberRowSchema).check(z.minLength(1), z.maxLength(maxImportRows)),
});
export type ImportNumbersBody = z.infer<typeof importNumbersBodySchema>;

/** Why a row was not added. */
export const importSkipReasons = [
  'invalid-number',
  'not-in-country',
  'unknown-country',
  'invalid-type',
  'invalid-source',
  'duplicate-in-request',
  'exists',
] as const;
export type ImportSkipReason = (typeof importSkipReasons)[number];

export const importNumbersReplySchema = z.object({
  message: z.literal('success'),
  data: z.object({
    created: intSchema(),
    skipped: z.array(z.object({ e164: z.string(), reason: z.enum(importSkipReasons) })),
  }),
});
export type ImportNumbersReply = z.infer<typeof importNumbersReplySchema>;

/** /api/ops/numbers/{numberId}/… */
export const numberIdParamsSchema = z.object({ numberId: idSchema });

/** POST /api/ops/numbers/{numberId}/retire */
export const retireNumberBodySchema = z.object({ reason: reasonSchema });
export type RetireNumberBody = z.infer<typeof retireNumberBodySchema>;

/** POST …/retire and …/unretire: the number as the list shows it now. */
export const numberReplySchema = z.object({ message: z.literal('success'), data: inventoryNumberSchema });
export type NumberReply = z.infer<typeof numberReplySchema>;
