export * from './customer';
export * from './reconcile';
export { recountActiveRentals } from './recount-active-rentals';
