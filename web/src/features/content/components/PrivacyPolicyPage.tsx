// PLACEHOLDER: replaced by the feature's real page.
export default function PrivacyPolicyPage() {
  return <h1>PrivacyPolicyPage</h1>;
}
