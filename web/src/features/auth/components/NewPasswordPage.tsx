// PLACEHOLDER: replaced by the feature's real page.
export default function NewPasswordPage() {
  return <h1>NewPasswordPage</h1>;
}
