// PLACEHOLDER: replaced by the feature's real page.
export default function ConfirmEmailPage() {
  return <h1>ConfirmEmailPage</h1>;
}
