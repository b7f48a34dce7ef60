// PLACEHOLDER: replaced by the feature's real page.
export default function ResetPasswordPage() {
  return <h1>ResetPasswordPage</h1>;
}
