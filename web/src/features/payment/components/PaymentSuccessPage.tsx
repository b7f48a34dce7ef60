import { ResultPage } from './ResultPage';

export default function PaymentSuccessPage() {
  return <ResultPage kind="paymentSuccess" />;
}
