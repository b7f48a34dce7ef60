/** The operator console's part of the OpenAPI document's hand-written map (see document.ts), one block per part. */
import * as c from '@numbernest/contracts';
import type { RouteDoc } from './document';

export const opsDocs: Record<string, RouteDoc> = {
  // Audit
  'GET /api/ops/audit': { summary: 'Operator writes, newest first', query: c.cursorQuerySchema, reply: c.auditReplySchema },
  // Overview

  // Inventory
  'GET /api/ops/numbers': {
    summary: 'Every number: state, rentals, SMS figures (filter by country, type, status, source, digits)',
    query: c.numbersQuerySchema,
    reply: c.numbersReplySchema,
  },
  'POST /api/ops/numbers': {
    summary: 'Add numbers (up to 1,000; each checked, duplicates skipped)',
    body: c.importNumbersBodySchema,
    reply: c.importNumbersReplySchema,
  },
  'POST /api/ops/numbers/{numberId}/retire': {
    summary: 'Retire a number (no new rentals)',
    params: c.numberIdParamsSchema,
    body: c.retireNumberBodySchema,
    reply: c.numberReplySchema,
  },
  'POST /api/ops/numbers/{numberId}/unretire': { summary: 'Offer a retired number again', params: c.numberIdParamsSchema, reply: c.numberReplySchema },

  // Number sources: Twilio account, SMS gateway devices

  // Catalogue and prices

  // Money: top-ups in review, adjustments, rental refunds

  // Customers: view, block

  // Messages: orphan SMS, contact inbox
};
