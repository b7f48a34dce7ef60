import { useEffect } from 'react';
import { clearPaymentInfo } from '@/features/wallet/api/payment-info';
import { ResultPage } from '@/components/result-page/ResultPage';

/** The top-up did not happen: nothing was charged; the stored payment is done with. */
export default function TopUpFailedPage() {
  useEffect(clearPaymentInfo, []);
  return <ResultPage kind="topUpFailed" />;
}
