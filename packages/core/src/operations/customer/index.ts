// The operator console's customer view and the money actions on one customer.
export {
  findCustomerByEmail,
  getCustomer,
  customerSummary,
  customerLedger,
  customerTopUps,
  customerRentals,
  customerMessages,
  customerWebhookDeliveries,
  customerApiKeys,
  toOpsRental,
  toOpsUserTopUp,
  type PageQuery,
} from './view';
export { adjustBalance, type AdjustmentInput } from './adjust';
export { searchCustomers, emailScanSlice } from './search';
export { closeRentalForCustomer, refundRentalForCustomer, refundableCents, type RefundInput } from '../../rentals';
