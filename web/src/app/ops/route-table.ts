// Relative, not @/: the infra and the prerenderer read this table in Node without the app's alias.
import { page, type RouteEntry } from '../route-table';

/**
 * The operator console's pages, under /ops: the app's route table has one lazy entry for the whole
 * console, so none of these rows, titles (`titles.<name>` in the ops namespace) or page loaders
 * reaches a customer's browser. Data like the app's table: e2e specs walk `routePaths(opsRouteTable, '/ops')`.
 */
export const opsRouteTable: RouteEntry[] = [
  // Overview
  page(undefined, 'overview', 'features/ops-overview/components/OverviewPage'),
  // Inventory
  page('numbers', 'numbers', 'features/ops-inventory/components/NumbersPage'),
  // Number sources
  page('sources', 'sources', 'features/ops-sources/components/SourcesPage'),
  // Partners and their agents
  page('partners', 'partners', 'features/ops-partners/components/PartnersPage'),
  page('agents', 'agents', 'features/ops-partners/components/AgentsPage'),
  // Upstream providers and the source rules
  page('upstreams', 'upstreams', 'features/ops-upstreams/components/UpstreamsPage'),
  // Partners' payouts
  page('payouts', 'payouts', 'features/ops-payouts/components/PayoutsPage'),
  // Catalogue and prices
  page('catalogue', 'catalogue', 'features/ops-catalogue/components/CataloguePage'),
  // Money
  page('top-ups', 'topUps', 'features/ops-top-ups/components/TopUpsPage'),
  page('holds', 'holds', 'features/ops-holds/components/HoldsPage'),
  // Customers
  page('users', 'users', 'features/ops-users/components/UsersPage'),
  page('users/:sub', 'user', 'app/ops/CustomerPage'),
  // Messages
  page('orphan-messages', 'orphans', 'features/ops-orphans/components/OrphansPage'),
  // Contact inbox
  page('contact-messages', 'contact', 'features/ops-contact/components/ContactInboxPage'),
  // Audit
  page('audit', 'audit', 'features/ops-audit/components/AuditPage'),
];
