export { statsKeys, utcHour, lastDays, lastHours } from './keys';
export { latencyBucketsMs, bucketOf, percentile, latencyOf, addCounts, countsOf } from './histogram';
export { recordStats, incrementsOf, gaugeAttribute, type StatsEvent } from './record';
export { overviewFigures, openItems, toOverviewDay, type OpenItemCounts } from './overview';
export { dayAttributes } from './record';
export { temporaryPurchasesByPlace } from './activations';
export { readActiveRentalsGauge, setActiveRentalsGauge, type ActiveRentals } from './gauge';
export {
  recordDelivery,
  deliveryRates,
  sourceDelivery,
  deliveryBySource,
  deliveryRate,
  minActivationsForRate,
  type DeliverySource,
  type DeliveryEvent,
  type ServiceDelivery,
  type SourceDelivery,
} from './delivery';
