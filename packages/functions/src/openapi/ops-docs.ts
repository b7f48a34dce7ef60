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
  'GET /api/ops/catalogue': { summary: 'Countries, services and Private offers as stored, with the public cache lifetime', reply: c.opsCatalogueReplySchema },
  'GET /api/ops/countries/{countryId}/offers': { summary: "A country's offers as stored", params: c.countryParamsSchema, reply: c.opsOffersReplySchema },
  'POST /api/ops/countries': { summary: 'Add a country', body: c.countryCreateSchema, reply: c.opsCountryReplySchema, status: 201 },
  'PATCH /api/ops/countries/{countryId}': {
    summary: 'Rename, enable or disable a country',
    params: c.countryParamsSchema,
    body: c.countryPatchSchema,
    reply: c.opsCountryReplySchema,
  },
  'POST /api/ops/services': { summary: 'Add a service', body: c.serviceCreateSchema, reply: c.opsServiceReplySchema, status: 201 },
  'PATCH /api/ops/services/{serviceId}': {
    summary: "Change a service's name, slug, SMS-Activate code or SMS patterns",
    params: c.serviceParamsSchema,
    body: c.servicePatchSchema,
    reply: c.opsServiceReplySchema,
  },
  'PUT /api/ops/offers/{countryId}/{serviceId}': {
    summary: "Set an offer's prices (created when absent)",
    params: c.offerParamsSchema,
    body: c.offerPutSchema,
    reply: c.opsOfferReplySchema,
  },
  'POST /api/ops/offers/bulk': { summary: 'Change every offer of a country or a service by a percent', body: c.bulkPriceSchema, reply: c.bulkPriceReplySchema },
  'PUT /api/ops/private-offers/{countryId}': {
    summary: "Set a country's Private prices (created when absent)",
    params: c.countryParamsSchema,
    body: c.privateOfferPutSchema,
    reply: c.opsPrivateOfferReplySchema,
  },
  'DELETE /api/ops/private-offers/{countryId}': {
    summary: 'Stop selling Private numbers in a country',
    params: c.countryParamsSchema,
    reply: c.opsPrivateOfferReplySchema,
  },

  // Money: top-ups in review, adjustments, rental refunds

  // Customers: view, block

  // Messages: orphan SMS, contact inbox
};
