/** The router of every Temporary purchase, as supply's door exports it: its ranking and its recorded decisions. */
export { rankSources, priorWeight, rateStep, type SourceCandidate, type RankedCandidate } from './rank';
export { purchaseDecisionsOf } from './decisions';
export { deliveryBySourceView, purchaseDecisionsView } from './views';
