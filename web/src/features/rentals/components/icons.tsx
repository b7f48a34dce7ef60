import { lineIconSet } from '@/components/icons/line-icon';

// Line icons of the rental screens, drawn like the dashboard's.
const icon = lineIconSet({ strokeWidth: 1.9, size: 20 });

export const CopyIcon = icon('M9 9h10v12H9z', 'M5 15H4V3h11v1');
export const KeyIcon = icon('M14.5 9.5a4.5 4.5 0 1 1-9 0 4.5 4.5 0 0 1 9 0z', 'M13.2 12.7 21 20.5M17.5 17l2-2M15 14.5l2-2');
export const SendIcon = icon('M21 3 10 14', 'M21 3l-7 18-4-7-7-4z');
