import './status-badge.css';

/** Good, to watch, bad, or neutral. */
export type StatusTone = 'ok' | 'warn' | 'danger' | 'info';

/** The class of a small coloured status label (a pill) in the given tone. */
export const statusBadgeClass = (tone: StatusTone) => `status-badge status-badge--${tone}`;
