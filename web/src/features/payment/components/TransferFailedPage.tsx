// PLACEHOLDER: replaced by the feature's real page.
export default function TransferFailedPage() {
  return <h1>TransferFailedPage</h1>;
}
