import { lineIconSet } from '@/components/icons/line-icon';

// Line icons of the landing page.
const icon = lineIconSet({ strokeWidth: 1.8, size: 24 });

export const BoltIcon = icon('M13 2 4 14h7l-1 8 9-12h-7l1-8z');
export const ShieldIcon = icon('M12 3 4 6v6c0 4.4 3.4 8.3 8 9 4.6-.7 8-4.6 8-9V6l-8-3z', 'm9 12 2 2 4-4');
export const GlobeIcon = icon(
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
  'M3 12h18',
  'M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
);
export const CardIcon = icon('M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7z', 'M3 10h18', 'M7 15h3');
export const HeadsetIcon = icon(
  'M4 14v-2a8 8 0 0 1 16 0v2',
  'M4 14a2 2 0 0 1 2-2h1v6H6a2 2 0 0 1-2-2v-2z',
  'M20 14a2 2 0 0 0-2-2h-1v6h1a2 2 0 0 0 2-2v-2z',
  'M17 18c0 1.7-1.8 3-5 3',
);
export const UserPlusIcon = icon('M15 20v-1a5 5 0 0 0-5-5H7a5 5 0 0 0-5 5v1', 'M8.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z', 'M19 8v6M16 11h6');
export const ListSearchIcon = icon('M4 6h11M4 12h7M4 18h6', 'M17 18a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'm21 20-1.8-1.8');
export const WalletIcon = icon('M4 7a2 2 0 0 1 2-2h12v4', 'M4 7v11a2 2 0 0 0 2 2h14V9H6a2 2 0 0 1-2-2z', 'M16 14.5h.01');
export const LockIcon = icon('M6 11h12v10H6z', 'M8 11V8a4 4 0 1 1 8 0v3', 'M12 15v2');
export const InboxIcon = icon('M3 13h5l1.5 3h5l1.5-3h5', 'M5 5h14l2 8v6H3v-6l2-8z');
export const ChatIcon = icon('M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12z', 'M8.5 11h7M8.5 14h4');
export const ContactIcon = icon(
  'M4 5h16v14H4z',
  'M9.5 12a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4z',
  'M6.5 16c.5-1.6 1.6-2.4 3-2.4s2.5.8 3 2.4',
  'M15 9.5h3M15 13h3',
);
export const TagIcon = icon('M3 12V4h8l10 10-8 8L3 12z', 'M7.5 8.5h.01');
export const BrowserIcon = icon('M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6z', 'M3 9h18', 'M6.5 6.5h.01M9 6.5h.01');
export const PhoneIcon = icon('M7 3h10v18H7z', 'M11 18h2');
export const DesktopIcon = icon('M3 5h18v11H3z', 'M8 20h8M12 16v4');
export const SendIcon = icon('M21 3 3 10.5l7 2.5 2.5 7L21 3z', 'm10 13 4.5-4.5');
export const WhatsAppIcon = icon('M4 20l1.2-3.9A8 8 0 1 1 8 19l-4 1z', 'M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.6-2-1-1 .9c-1.1-.5-2.2-1.6-2.8-2.8l.9-1-1-2L9 8.5z');
export const MessengerIcon = icon(
  'M12 3C7 3 3 6.7 3 11.3c0 2.6 1.3 4.9 3.3 6.4V21l3-1.7c.9.3 1.8.4 2.7.4 5 0 9-3.7 9-8.4S17 3 12 3z',
  'm7 14 3.5-3.7 2.5 2.5L17 9',
);
export const PlayIcon = icon('M8 5v14l11-7L8 5z');
export const CheckIcon = icon('m5 12.5 4.5 4.5L19 7.5');
export const PlusIcon = icon('M12 5v14M5 12h14');
