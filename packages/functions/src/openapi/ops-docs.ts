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
  'GET /api/ops/top-ups': {
    summary: 'Top-ups waiting for an operator (status review), newest first',
    query: c.opsTopUpsQuerySchema,
    reply: c.opsTopUpsReplySchema,
  },
  'POST /api/ops/top-ups/{id}/approve': {
    summary: 'Approve a top-up in review: credits the amount the provider paid, once',
    params: c.opsTopUpIdParamsSchema,
    body: c.approveTopUpRequestSchema,
    reply: c.opsTopUpReplySchema,
  },
  'POST /api/ops/top-ups/{id}/reject': {
    summary: 'Reject a top-up in review: no money moves',
    params: c.opsTopUpIdParamsSchema,
    body: c.rejectTopUpRequestSchema,
    reply: c.opsTopUpReplySchema,
  },

  // Customers: view, block

  // Messages: orphan SMS, contact inbox
  // Contact inbox
  'GET /api/ops/contact-messages': {
    summary: 'Contact messages, one tab (new or handled), newest first',
    query: c.contactMessagesQuerySchema,
    reply: c.contactMessagesReplySchema,
  },
  'POST /api/ops/contact-messages/{id}/reply': {
    summary: 'E-mail an answer to the sender; the message is handled',
    params: c.contactMessageIdParamsSchema,
    body: c.contactMessageReplyRequestSchema,
    reply: c.contactMessageResultSchema,
  },
  'POST /api/ops/contact-messages/{id}/handled': {
    summary: 'Mark a contact message handled without an answer',
    params: c.contactMessageIdParamsSchema,
    body: c.contactMessageHandledRequestSchema,
    reply: c.contactMessageResultSchema,
  },
};
