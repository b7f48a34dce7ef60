/**
 * The functions' logger is core's (one implementation, so the domain's lines carry the request's
 * fields too); this module adds what only the entry points need.
 */
export { addLogFields, log, redact, withLogFields, type LogFields, type LogLevel } from '@numbernest/core/log';

/** What an outcome is called in the request line (alarms filter on `status`; people read `outcome`). */
export const outcomeOf = (status: number) => (status >= 500 ? 'error' : status >= 400 ? 'rejected' : 'ok');
