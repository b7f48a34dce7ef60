// PLACEHOLDER: replaced by the feature's real page.
export default function PaymentSuccessPage() {
  return <h1>PaymentSuccessPage</h1>;
}
