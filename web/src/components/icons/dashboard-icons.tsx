import { lineIconSet } from './line-icon';

// Line icons of the signed-in screens.
const icon = lineIconSet({ strokeWidth: 1.9, size: 20 });

export const HomeIcon = icon('M3 10.5 12 3l9 7.5', 'M5 9v11h5v-6h4v6h5V9');
export const PhoneIcon = icon('M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z', 'M11 18h2');
export const SlidersIcon = icon('M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0', 'M16 4v4M10 10v4M18 16v4');
export const CartIcon = icon('M3 4h2l2.4 11h10.2L20 8H6.2', 'M9 20h.01M17 20h.01');
export const ReceiptIcon = icon('M6 2h12v20l-3-2-3 2-3-2-3 2z', 'M9 7h6M9 11h6M9 15h4');
export const TransferIcon = icon('M4 8h14l-4-4', 'M20 16H6l4 4');
export const WalletIcon = icon('M3 7a2 2 0 0 1 2-2h13v4', 'M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2z', 'M16 14.5h.01');
export const PaletteIcon = icon(
  'M12 3a9 9 0 1 0 0 18c1.1 0 1.7-.9 1.2-1.9-.6-1.2.2-2.6 1.6-2.6H17a4 4 0 0 0 4-4c0-5-4-9.5-9-9.5z',
  'M7.5 11h.01M10 7h.01M14.5 7h.01M17 10.5h.01',
);
export const GearIcon = icon(
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
);
export const LogoutIcon = icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'M16 17l5-5-5-5', 'M21 12H9');
export const GridIcon = icon('M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z');
export const PlusIcon = icon('M12 5v14M5 12h14');
export const MessageIcon = icon('M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12z');
export const ChatIcon = icon('M4 5h16v11H8l-4 4z', 'M8 9h8M8 12h5');
export const UserIcon = icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21a8 8 0 0 1 16 0');
export const ClockIcon = icon('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2');
export const ShieldCheckIcon = icon('M12 3 4 6v6c0 4.4 3.4 8.3 8 9 4.6-.7 8-4.6 8-9V6l-8-3z', 'm9 12 2 2 4-4');
export const InboxIcon = icon('M3 13h5l1.5 3h5L16 13h5', 'M5 5h14l2 8v6H3v-6z');
export const UsersIcon = icon('M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M1 21a8 8 0 0 1 16 0', 'M16 3.5a4 4 0 0 1 0 7.5', 'M19 14a7 7 0 0 1 4 7');
export const ServerIcon = icon('M4 3h16v7H4zM4 14h16v7H4z', 'M8 6.5h.01M8 17.5h.01M12 6.5h4M12 17.5h4');
