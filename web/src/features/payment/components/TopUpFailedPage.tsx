import { useEffect } from 'react';
import { clearPaymentInfo } from '../../wallet/api/payment-info';
import { ResultPage } from './ResultPage';

/** The top-up did not happen: nothing was charged; the stored payment is done with. */
export default function TopUpFailedPage() {
  useEffect(clearPaymentInfo, []);
  return <ResultPage kind="topUpFailed" />;
}
