// PLACEHOLDER: replaced by the feature's real page.
export default function TermsPage() {
  return <h1>TermsPage</h1>;
}
