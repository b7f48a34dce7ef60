/** The operator console's part of the OpenAPI document's hand-written map (see document.ts), one block per part. */
import * as c from '@numbernest/contracts';
import type { RouteDoc } from './document';

export const opsDocs: Record<string, RouteDoc> = {
  // Audit
  'GET /api/ops/audit': { summary: 'Operator writes, newest first', query: c.cursorQuerySchema, reply: c.auditReplySchema },
  // Overview

  // Inventory

  // Number sources: Twilio account, SMS gateway devices

  // Catalogue and prices

  // Money: top-ups in review, adjustments, rental refunds

  // Customers: view, block
  // Block
  'POST /api/ops/users/{sub}/block': {
    summary: 'Block an account: 403 ACCOUNT_BLOCKED on every user route, sessions end, balance kept',
    params: c.blockParamsSchema,
    body: c.blockRequestSchema,
    reply: c.blockReplySchema,
  },
  'POST /api/ops/users/{sub}/unblock': { summary: 'Unblock an account', params: c.blockParamsSchema, body: c.unblockRequestSchema, reply: c.blockReplySchema },

  // Messages: orphan SMS, contact inbox
  'GET /api/ops/orphan-messages': { summary: 'Inbound SMS that reached no renter, newest first (open by default)', query: c.orphanListQuerySchema, reply: c.orphanListReplySchema },
  'GET /api/ops/orphan-messages/{id}/rentals': { summary: "The active rentals of an orphan SMS's number", params: c.orphanIdParamsSchema, reply: c.orphanCandidatesReplySchema },
  'POST /api/ops/orphan-messages/{id}/assign': {
    summary: "Deliver an orphan SMS to a rental's renter (once)",
    params: c.orphanIdParamsSchema,
    body: c.orphanAssignRequestSchema,
    reply: c.orphanReplySchema,
  },
  'POST /api/ops/orphan-messages/{id}/dismiss': { summary: 'Set an orphan SMS aside', params: c.orphanIdParamsSchema, body: c.orphanDismissRequestSchema, reply: c.orphanReplySchema },
};
