/** The stats counters' keys, schema-free: Lambdas that only name a counter item carry no schema for it. */

/** A UTC day (`YYYY-MM-DD`), one of its hours (`HH`) too, or neither: the active-rentals gauge. */
export interface StatsCountersAt {
  day?: string;
  hour?: string;
}

export const statsCountersKey = ({ day, hour }: StatsCountersAt) =>
  day === undefined ? { pk: 'STATS', sk: 'ACTIVE_RENTALS' } : { pk: `STATS#${day}`, sk: hour === undefined ? 'DAY' : `HOUR#${hour}` };
