import { ResultPage } from './ResultPage';

export default function PaymentFailedPage() {
  return <ResultPage kind="paymentFailed" />;
}
