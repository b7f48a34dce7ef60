import type { ComponentType } from 'react';
import type { IconProps } from '@/components/icons/line-icon';
import { dashboardPaths } from '@/lib/paths';
import {
  CartIcon,
  GearIcon,
  GridIcon,
  HomeIcon,
  PaletteIcon,
  PhoneIcon,
  ReceiptIcon,
  SlidersIcon,
  TransferIcon,
  WalletIcon,
} from '@/components/icons/dashboard-icons';

export interface DashboardLink {
  to: string;
  /** Key in the dashboard namespace. */
  label: string;
  icon: ComponentType<IconProps>;
  /** Active only on exactly this path (the dashboard home). */
  end?: boolean;
}

export { dashboardPaths };

const p = dashboardPaths;

/** The mobile side drawer (and the desktop side navigation), Logout after these. */
export const drawerLinks: DashboardLink[] = [
  { to: p.home, label: 'nav.home', icon: HomeIcon, end: true },
  { to: p.myNumber, label: 'nav.myNumber', icon: PhoneIcon },
  { to: p.manageNumber, label: 'nav.manageNumber', icon: SlidersIcon },
  { to: p.buyNumber, label: 'nav.buyNumber', icon: CartIcon },
  { to: p.transaction, label: 'nav.transaction', icon: ReceiptIcon },
  { to: p.balanceTransfer, label: 'nav.balanceTransfer', icon: TransferIcon },
  { to: p.topUp, label: 'nav.topUp', icon: WalletIcon },
  { to: p.appearance, label: 'nav.appearance', icon: PaletteIcon },
  { to: p.accountSettings, label: 'nav.accountSetting', icon: GearIcon },
];

/** The user menu, Logout after these. */
export const userMenuLinks: DashboardLink[] = [
  { to: p.home, label: 'menu.myDashboard', icon: GridIcon, end: true },
  { to: p.myNumber, label: 'menu.myNumber', icon: PhoneIcon },
  { to: p.topUp, label: 'menu.topUp', icon: WalletIcon },
  { to: p.transaction, label: 'menu.transactionHistory', icon: ReceiptIcon },
  { to: p.appearance, label: 'menu.appearance', icon: PaletteIcon },
  { to: p.accountSettings, label: 'menu.accountSetting', icon: GearIcon },
];
