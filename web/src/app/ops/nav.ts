import type { ComponentType } from 'react';
import type { IconProps } from '@/components/icons/line-icon';
import {
  CartIcon,
  ChatIcon,
  GridIcon,
  InboxIcon,
  PhoneIcon,
  ReceiptIcon,
  ServerIcon,
  ShieldCheckIcon,
  SlidersIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '@/components/icons/dashboard-icons';
import { opsPaths } from '@/lib/paths';

export interface OpsLink {
  to: string;
  /** Key in the ops namespace. */
  label: string;
  icon: ComponentType<IconProps>;
  /** Active only on exactly this path (the console's home). */
  end?: boolean;
}

/** The console's sections, in the order of an operator's day. */
export const opsLinks: OpsLink[] = [
  // Overview
  { to: opsPaths.home, label: 'nav.overview', icon: GridIcon, end: true },

  // Inventory
  { to: opsPaths.numbers, label: 'nav.numbers', icon: PhoneIcon },
  { to: opsPaths.sources, label: 'nav.sources', icon: PhoneIcon },
  // Partners and their SIM banks' agents
  { to: opsPaths.partners, label: 'nav.partners', icon: UsersIcon },
  { to: opsPaths.agents, label: 'nav.agents', icon: ServerIcon },
  // Upstream providers we buy activations from, and which sources sell where
  { to: opsPaths.upstreams, label: 'nav.upstreams', icon: CartIcon },
  // Partners' payouts
  { to: opsPaths.payouts, label: 'nav.payouts', icon: WalletIcon },
  // Catalogue and prices
  { to: opsPaths.catalogue, label: 'nav.catalogue', icon: SlidersIcon },
  // Money
  { to: opsPaths.topUps, label: 'nav.topUps', icon: WalletIcon },
  { to: opsPaths.holds, label: 'nav.holds', icon: ShieldCheckIcon },
  // Customers
  { to: opsPaths.users, label: 'nav.users', icon: UserIcon },
  // Messages
  { to: opsPaths.orphanMessages, label: 'nav.orphans', icon: ChatIcon },
  { to: opsPaths.contactMessages, label: 'nav.contact', icon: InboxIcon },

  // Audit
  { to: opsPaths.audit, label: 'nav.audit', icon: ReceiptIcon },
];
