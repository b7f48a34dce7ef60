/** The operator console's part of the OpenAPI document's hand-written map (see document.ts), one block per part. */
import * as c from '@numbernest/contracts';
import type { RouteDoc } from './document';

export const opsDocs: Record<string, RouteDoc> = {
  // Audit
  'GET /api/ops/audit': { summary: 'Operator writes, newest first', query: c.cursorQuerySchema, reply: c.auditReplySchema },
  // Overview
  'GET /api/ops/overview': {
    summary: 'The console home: top-ups, revenue, refunds, SMS and OTP latency per day and hour, rentals active now, open items',
    query: c.overviewQuerySchema,
    reply: c.overviewReplySchema,
  },
  'POST /api/ops/overview/active-rentals/recount': {
    summary: 'Set the active-rentals gauge from the rentals themselves (audited)',
    reply: c.recountActiveRentalsReplySchema,
  },

  // Inventory

  // Number sources: Twilio account, SMS gateway devices

  // Catalogue and prices

  // Money: top-ups in review, adjustments, rental refunds

  // Customers: view, block

  // Messages: orphan SMS, contact inbox
};
