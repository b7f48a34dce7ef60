// PLACEHOLDER: replaced by the feature's real page.
export default function PaymentFailedPage() {
  return <h1>PaymentFailedPage</h1>;
}
