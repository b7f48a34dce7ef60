import { PolicyPage } from './PolicyPage';

export default function PaymentPolicyPage() {
  return <PolicyPage policy="paymentPolicy" />;
}
