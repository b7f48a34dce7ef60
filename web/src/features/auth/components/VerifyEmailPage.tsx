// PLACEHOLDER: replaced by the feature's real page.
export default function VerifyEmailPage() {
  return <h1>VerifyEmailPage</h1>;
}
