// The number sources part of the operator console (Twilio account import, SMS gateway devices): its wire types.
import * as z from 'zod/mini';
import { numberTypeSchema } from '../catalog';
import { singleLine } from '../text';

/** E.164 as the console sends it: + and 7 to 15 digits. */
const e164Schema = z.string().check(z.trim(), singleLine(), z.regex(/^\+[1-9]\d{6,14}$/));

/** One incoming number of the Twilio account, and whether it is already one of ours. */
export const twilioAccountNumberSchema = z.object({
  e164: z.string(),
  /** Twilio's PN… sid: what an import names. */
  sid: z.string(),
  friendly_name: z.nullable(z.string()),
  /** Where Twilio posts this number's inbound SMS now (null: nowhere). */
  sms_url: z.nullable(z.string()),
  /** True when `sms_url` is our Twilio webhook. */
  sms_url_ours: z.boolean(),
  already_added: z.boolean(),
  /** Our catalogue's country of the number (libphonenumber-js), null when we do not offer that country. */
  country_id: z.nullable(z.number()),
  /** ISO 3166-1 alpha-2 of the number, lower case (null: libphonenumber-js cannot tell). */
  country_iso: z.nullable(z.string()),
});
export type TwilioAccountNumber = z.infer<typeof twilioAccountNumberSchema>;

/** GET /api/ops/sources/twilio/numbers: every incoming number of the account, with the URL our webhook has. */
export const twilioNumbersReplySchema = z.object({ data: z.array(twilioAccountNumberSchema), webhook_url: z.string() });
export type TwilioNumbersReply = z.infer<typeof twilioNumbersReplySchema>;

/** POST /api/ops/sources/twilio/import: the chosen numbers, each with its type (the country comes from the number). */
export const twilioImportBodySchema = z.object({
  numbers: z
    .array(z.object({ sid: z.string().check(z.trim(), singleLine(), z.regex(/^PN[0-9a-fA-F]{32}$/)), mobile_number_type_id: numberTypeSchema }))
    .check(z.minLength(1), z.maxLength(500)),
});
export type TwilioImportBody = z.infer<typeof twilioImportBodySchema>;

export const sourceSkipSchema = z.object({ e164: z.string(), reason: z.string() });
export type SourceSkip = z.infer<typeof sourceSkipSchema>;

/** What an import did: numbers created, numbers skipped (and why), webhooks set at Twilio (and those that failed). */
export const twilioImportReplySchema = z.object({
  created: z.number(),
  skipped: z.array(sourceSkipSchema),
  webhooks_set: z.number(),
  webhook_failures: z.array(sourceSkipSchema),
});
export type TwilioImportReply = z.infer<typeof twilioImportReplySchema>;

/** One SIM slot of an android-sms-gateway phone and the number of ours in it. */
export const deviceSimSchema = z.object({ slot: z.number().check(z.int(), z.minimum(1), z.maximum(4)), e164: e164Schema });
export type DeviceSim = z.infer<typeof deviceSimSchema>;

/** A registered phone: its id (in its webhook URL), name, SIMs, and when it last called the webhook. */
export const gatewayDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  sims: z.array(z.object({ slot: z.number(), e164: z.string() })),
  webhook_url: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  last_seen_at: z.nullable(z.string()),
  unregistered_at: z.nullable(z.string()),
});
export type GatewayDevice = z.infer<typeof gatewayDeviceSchema>;

/** GET /api/ops/sources/devices: registered phones, newest first (unregistered ones too, marked). */
export const devicesReplySchema = z.object({ data: z.array(gatewayDeviceSchema) });
export type DevicesReply = z.infer<typeof devicesReplySchema>;

/** POST /api/ops/sources/devices: a name and its SIM slots (each slot once, each number once). */
export const registerDeviceBodySchema = z.object({
  name: z.string().check(z.trim(), singleLine(), z.minLength(1), z.maxLength(80)),
  sims: z.array(deviceSimSchema).check(
    z.minLength(1),
    z.maxLength(4),
    z.refine((sims) => new Set(sims.map((s) => s.slot)).size === sims.length, { message: 'Each SIM slot once' }),
    z.refine((sims) => new Set(sims.map((s) => s.e164)).size === sims.length, { message: 'Each number once' }),
  ),
});
export type RegisterDeviceBody = z.infer<typeof registerDeviceBodySchema>;

/** The registered phone with the signing key to enter in the app (shown this once). */
export const registerDeviceReplySchema = z.object({ data: gatewayDeviceSchema, signing_key: z.string() });
export type RegisterDeviceReply = z.infer<typeof registerDeviceReplySchema>;

export const deviceParamsSchema = z.object({ id: z.string().check(singleLine(), z.regex(/^gw-[a-z0-9-]{2,40}$/)) });

/** DELETE /api/ops/sources/devices/{id}: the phone, unregistered. */
export const unregisterDeviceReplySchema = z.object({ data: gatewayDeviceSchema });
export type UnregisterDeviceReply = z.infer<typeof unregisterDeviceReplySchema>;
