/** The operator console's part of the OpenAPI document's hand-written map (see document.ts), one block per part. */
import * as c from '@numbernest/contracts/ops';
import type { RouteDoc } from './document';

export const opsDocs: Record<string, RouteDoc> = {
  // Audit
  'GET /api/ops/audit': { summary: 'Operator writes, newest first', query: c.cursorQuerySchema },
  // Overview
  'GET /api/ops/overview': {
    summary: 'The console home: top-ups, revenue, refunds, SMS and OTP latency per day and hour, rentals active now, open items',
    query: c.overviewQuerySchema,
  },
  'POST /api/ops/overview/active-rentals/recount': {
    summary: 'Set the active-rentals gauge from the rentals themselves (audited)',
  },

  // Inventory
  'GET /api/ops/numbers': {
    summary: 'Every number: state, rentals, SMS figures (filter by country, type, status, source, digits)',
    query: c.numbersQuerySchema,
  },
  'POST /api/ops/numbers': {
    summary: 'Add numbers (up to 1,000; each checked, duplicates skipped)',
    body: c.importNumbersBodySchema,
  },
  'POST /api/ops/numbers/{numberId}/retire': {
    summary: 'Retire a number (no new rentals)',
    params: c.numberIdParamsSchema,
    body: c.retireNumberBodySchema,
  },
  'POST /api/ops/numbers/{numberId}/unretire': { summary: 'Offer a retired number again', params: c.numberIdParamsSchema },

  // Number sources: Twilio account, SMS gateway devices
  'GET /api/ops/sources/twilio/numbers': { summary: "The Twilio account's incoming numbers, marked as ours or not" },
  'POST /api/ops/sources/twilio/import': {
    summary: 'Add Twilio numbers (each once) and point their SMS webhook at us',
    body: c.twilioImportBodySchema,
  },
  'GET /api/ops/sources/devices': { summary: 'Registered android-sms-gateway phones, with when each was last seen' },
  'POST /api/ops/sources/devices': {
    summary: 'Register a phone: its SIMs host those numbers; answers its webhook URL and signing key (shown once)',
    body: c.registerDeviceBodySchema,
    status: 201,
  },
  'DELETE /api/ops/sources/devices/{id}': {
    summary: 'Unregister a phone: its webhooks are refused',
    params: c.deviceParamsSchema,
  },

  // Catalogue and prices
  'GET /api/ops/catalogue': { summary: 'Countries, services and Private offers as stored, with the public cache lifetime' },
  'GET /api/ops/countries/{countryId}/offers': { summary: "A country's offers as stored", params: c.countryParamsSchema },
  'POST /api/ops/countries': { summary: 'Add a country', body: c.countryCreateSchema, status: 201 },
  'PATCH /api/ops/countries/{countryId}': {
    summary: 'Rename, enable or disable a country',
    params: c.countryParamsSchema,
    body: c.countryPatchSchema,
  },
  'POST /api/ops/services': { summary: 'Add a service', body: c.serviceCreateSchema, status: 201 },
  'PATCH /api/ops/services/{serviceId}': {
    summary: "Change a service's name, slug, SMS-Activate code or SMS patterns",
    params: c.serviceParamsSchema,
    body: c.servicePatchSchema,
  },
  'PUT /api/ops/offers/{countryId}/{serviceId}': {
    summary: "Set an offer's prices (created when absent)",
    params: c.offerParamsSchema,
    body: c.offerPutSchema,
  },
  'POST /api/ops/offers/bulk': { summary: 'Change every offer of a country or a service by a percent', body: c.bulkPriceSchema },
  'PUT /api/ops/private-offers/{countryId}': {
    summary: "Set a country's Private prices (created when absent)",
    params: c.countryParamsSchema,
    body: c.privateOfferPutSchema,
  },
  'DELETE /api/ops/private-offers/{countryId}': {
    summary: 'Stop selling Private numbers in a country',
    params: c.countryParamsSchema,
  },

  // Money: top-ups in review, adjustments, rental refunds
  'GET /api/ops/top-ups': {
    summary: 'Top-ups waiting for an operator (status review), newest first',
    query: c.opsTopUpsQuerySchema,
  },
  'POST /api/ops/top-ups/{id}/approve': {
    summary: 'Approve a top-up in review: credits the amount the provider paid, once',
    params: c.opsTopUpIdParamsSchema,
    body: c.approveTopUpRequestSchema,
  },
  'POST /api/ops/top-ups/{id}/reject': {
    summary: 'Reject a top-up in review: no money moves',
    params: c.opsTopUpIdParamsSchema,
    body: c.rejectTopUpRequestSchema,
  },
  'GET /api/ops/holds': {
    summary: 'Accounts on hold after a card payment was taken back (dispute or refund), oldest first: what was taken, balance owed, dispute states, decisions',
  },
  'POST /api/ops/holds/{sub}/decision': {
    summary: 'Release a hold or keep it (audited); 409 HOLD_CHANGED when the reversals are not the events_seen the operator was shown',
    params: c.opsHoldParamsSchema,
    body: c.holdDecisionRequestSchema,
  },

  // Customers: view, block
  'GET /api/ops/users': {
    summary: 'Find a customer by e-mail (exact, any case; deleted accounts too)',
    query: c.opsUserSearchSchema,
  },
  'GET /api/ops/users/search': {
    summary: 'Search customers by part of an e-mail (a slice of the table a page: follow next_cursor), a number they rent or rented, or a rental id',
    query: c.opsCustomerSearchQuerySchema,
  },
  'GET /api/ops/users/{sub}': { summary: "A customer's profile, balance and holds", params: c.opsUserParamsSchema },
  'GET /api/ops/users/{sub}/ledger': {
    summary: "A customer's ledger, newest first",
    params: c.opsUserParamsSchema,
    query: c.cursorQuerySchema,
  },
  'GET /api/ops/users/{sub}/top-ups': {
    summary: "A customer's top-ups, every status",
    params: c.opsUserParamsSchema,
    query: c.cursorQuerySchema,
  },
  'GET /api/ops/users/{sub}/rentals': {
    summary: "A customer's rentals, with what was refunded",
    params: c.opsUserParamsSchema,
    query: c.cursorQuerySchema,
  },
  'GET /api/ops/users/{sub}/messages': {
    summary: "A customer's SMS, inbox and sent",
    params: c.opsUserParamsSchema,
    query: c.opsMessagesQuerySchema,
  },
  'GET /api/ops/users/{sub}/api-keys': {
    summary: "A customer's API keys (names and times only)",
    params: c.opsUserParamsSchema,
  },
  'GET /api/ops/users/{sub}/webhook-deliveries': {
    summary: "A customer's webhook deliveries",
    params: c.opsUserParamsSchema,
    query: c.cursorQuerySchema,
  },
  'POST /api/ops/users/{sub}/adjustments': {
    summary: 'Credit or debit a balance by hand (Idempotency-Key; never below zero)',
    params: c.opsUserParamsSchema,
    body: c.adjustmentRequestSchema,
  },
  'POST /api/ops/users/{sub}/rentals/{id}/refund': {
    summary: "Refund part or all of an ended rental's price (Idempotency-Key)",
    params: c.opsUserRentalParamsSchema,
    body: c.rentalRefundRequestSchema,
  },
  'POST /api/ops/users/{sub}/rentals/{id}/close': {
    summary: "Close a rental on the customer's behalf (refund only when asked)",
    params: c.opsUserRentalParamsSchema,
    body: c.rentalCloseRequestSchema,
  },
  // Block
  'POST /api/ops/users/{sub}/block': {
    summary: 'Block an account: 403 ACCOUNT_BLOCKED on every user route, sessions end, balance kept',
    params: c.blockParamsSchema,
    body: c.blockRequestSchema,
  },
  'POST /api/ops/users/{sub}/unblock': { summary: 'Unblock an account', params: c.blockParamsSchema, body: c.unblockRequestSchema },

  // Messages: orphan SMS, contact inbox
  'GET /api/ops/orphan-messages': {
    summary: 'Inbound SMS that reached no renter, newest first (open by default)',
    query: c.orphanListQuerySchema,
  },
  'GET /api/ops/orphan-messages/{id}/rentals': {
    summary: "The active rentals of an orphan SMS's number",
    params: c.orphanIdParamsSchema,
  },
  'POST /api/ops/orphan-messages/{id}/assign': {
    summary: "Deliver an orphan SMS to a rental's renter (once)",
    params: c.orphanIdParamsSchema,
    body: c.orphanAssignRequestSchema,
  },
  'POST /api/ops/orphan-messages/{id}/dismiss': {
    summary: 'Set an orphan SMS aside',
    params: c.orphanIdParamsSchema,
    body: c.orphanDismissRequestSchema,
  },
  // Contact inbox
  'GET /api/ops/contact-messages': {
    summary: 'Contact messages, one tab (new or handled), newest first',
    query: c.contactMessagesQuerySchema,
  },
  'POST /api/ops/contact-messages/{id}/reply': {
    summary: 'E-mail an answer to the sender; the message is handled',
    params: c.contactMessageIdParamsSchema,
    body: c.contactMessageReplyRequestSchema,
  },
  'POST /api/ops/contact-messages/{id}/handled': {
    summary: 'Mark a contact message handled without an answer',
    params: c.contactMessageIdParamsSchema,
    body: c.contactMessageHandledRequestSchema,
  },
};
