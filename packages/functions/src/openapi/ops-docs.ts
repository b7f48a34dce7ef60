/** The operator console's part of the OpenAPI document's hand-written map (see document.ts), one block per part. */
import * as c from '@numbernest/contracts';
import type { RouteDoc } from './document';

export const opsDocs: Record<string, RouteDoc> = {
  // Audit
  'GET /api/ops/audit': { summary: 'Operator writes, newest first', query: c.cursorQuerySchema, reply: c.auditReplySchema },
  // Overview

  // Inventory

  // Number sources: Twilio account, SMS gateway devices
  'GET /api/ops/sources/twilio/numbers': { summary: "The Twilio account's incoming numbers, marked as ours or not", reply: c.twilioNumbersReplySchema },
  'POST /api/ops/sources/twilio/import': {
    summary: 'Add Twilio numbers (each once) and point their SMS webhook at us',
    body: c.twilioImportBodySchema,
    reply: c.twilioImportReplySchema,
  },
  'GET /api/ops/sources/devices': { summary: 'Registered android-sms-gateway phones, with when each was last seen', reply: c.devicesReplySchema },
  'POST /api/ops/sources/devices': {
    summary: 'Register a phone: its SIMs host those numbers; answers its webhook URL and signing key (shown once)',
    body: c.registerDeviceBodySchema,
    reply: c.registerDeviceReplySchema,
    status: 201,
  },
  'DELETE /api/ops/sources/devices/{id}': {
    summary: 'Unregister a phone: its webhooks are refused',
    params: c.deviceParamsSchema,
    reply: c.unregisterDeviceReplySchema,
  },

  // Catalogue and prices

  // Money: top-ups in review, adjustments, rental refunds

  // Customers: view, block

  // Messages: orphan SMS, contact inbox
};
