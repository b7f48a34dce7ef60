// PLACEHOLDER: replaced by the feature's real page.
export default function TopUpFailedPage() {
  return <h1>TopUpFailedPage</h1>;
}
