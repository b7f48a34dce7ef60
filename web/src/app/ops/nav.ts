import type { ComponentType } from 'react';
import type { IconProps } from '../../components/icons/line-icon';
import { GridIcon, ReceiptIcon } from '../../components/icons/dashboard-icons';
import { opsPaths } from '../../lib/paths';

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

  // Catalogue and prices

  // Money

  // Customers

  // Messages

  // Audit
  { to: opsPaths.audit, label: 'nav.audit', icon: ReceiptIcon },
];
