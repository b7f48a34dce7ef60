// PLACEHOLDER: replaced by the feature's real page.
export default function TransferSuccessPage() {
  return <h1>TransferSuccessPage</h1>;
}
