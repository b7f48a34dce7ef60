export { statsKeys, utcHour, lastDays, lastHours } from './keys';
export { latencyBucketsMs, bucketOf, percentile, latencyOf, addCounts, countsOf } from './histogram';
export { recordStats, incrementsOf, type StatsEvent } from './record';
export { overviewFigures, openItems, toOverviewDay, type OpenItemCounts } from './overview';
export { recountActiveRentals } from './recount';
