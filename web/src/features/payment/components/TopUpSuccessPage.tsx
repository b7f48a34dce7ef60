// PLACEHOLDER: replaced by the feature's real page.
export default function TopUpSuccessPage() {
  return <h1>TopUpSuccessPage</h1>;
}
