// PLACEHOLDER: replaced by the feature's real page.
export default function LogInPage() {
  return <h1>LogInPage</h1>;
}
