// PLACEHOLDER: replaced by the feature's real page.
export default function VerificationSuccessPage() {
  return <h1>VerificationSuccessPage</h1>;
}
