// PLACEHOLDER: replaced by the feature's real page.
export default function PaymentPage() {
  return <h1>PaymentPage</h1>;
}
