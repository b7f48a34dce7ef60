import { dashboardPaths } from '../dashboard/nav';

/** A rental's own page: Number Details and its conversation. */
export const rentalPagePath = (id: string) => `${dashboardPaths.myNumber}/${encodeURIComponent(id)}`;

/** TOP-UP Balance, coming back to `returnTo` afterwards. */
export const topUpPath = (returnTo: string) => `${dashboardPaths.topUp}?return=${encodeURI(returnTo)}`;
