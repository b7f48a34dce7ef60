import { plainAmount } from './money';
/** The signed-in screens' routes (app/route-table.tsx mounts them; links everywhere use these). */
export const dashboardPaths = {
  home: '/dashboard',
  myNumber: '/dashboard/my-number',
  manageNumber: '/dashboard/manage-number',
  buyNumber: '/dashboard/buy-number',
  transaction: '/dashboard/transaction',
  balanceTransfer: '/dashboard/balance-transfer',
  topUp: '/dashboard/topup-balance',
  appearance: '/dashboard/appearance',
  accountSettings: '/dashboard/account-settings',
  partner: '/partner',
} as const;

/** A rental's own page: Number Details and its conversation. */
export const rentalPagePath = (id: string) => `${dashboardPaths.myNumber}/${encodeURIComponent(id)}`;

/** TOP-UP Balance, coming back to `returnTo` afterwards; `amount` (dollars) fills in the amount to top up. */
export const topUpPath = (returnTo: string, amount?: number) =>
  `${dashboardPaths.topUp}?return=${encodeURI(returnTo)}${amount === undefined ? '' : `&amount=${plainAmount(amount)}`}`;

/** The operator console's routes (app/route-table.tsx mounts them under one lazy layout). */
export const opsPaths = {
  home: '/ops',
  numbers: '/ops/numbers',
  sources: '/ops/sources',
  partners: '/ops/partners',
  agents: '/ops/agents',
  upstreams: '/ops/upstreams',
  payouts: '/ops/payouts',
  catalogue: '/ops/catalogue',
  topUps: '/ops/top-ups',
  holds: '/ops/holds',
  users: '/ops/users',
  orphanMessages: '/ops/orphan-messages',
  contactMessages: '/ops/contact-messages',
  audit: '/ops/audit',
} as const;

/** One customer's page in the console. */
export const opsUserPath = (sub: string) => `${opsPaths.users}/${encodeURIComponent(sub)}`;
