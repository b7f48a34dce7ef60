import { useEffect } from 'react';
import { clearPaymentInfo } from '@/features/wallet/api/payment-info';
import { ResultPage } from '@/components/result-page/ResultPage';

/** Cancelled at the provider: nothing was charged; the stored payment is done with. */
export default function PaymentFailedPage() {
  useEffect(clearPaymentInfo, []);
  return <ResultPage kind="paymentFailed" />;
}
