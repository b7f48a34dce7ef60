// PLACEHOLDER: replaced by the feature's real page.
export default function PaymentPolicyPage() {
  return <h1>PaymentPolicyPage</h1>;
}
