import { useEffect } from 'react';
import { clearPaymentInfo } from '../../wallet/api/payment-info';
import { ResultPage } from './ResultPage';

/** Cancelled at the provider: nothing was charged; the stored payment is done with. */
export default function PaymentFailedPage() {
  useEffect(clearPaymentInfo, []);
  return <ResultPage kind="paymentFailed" />;
}
