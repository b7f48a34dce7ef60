// PLACEHOLDER: replaced by the feature's real page.
export default function ServicePage() {
  return <h1>ServicePage</h1>;
}
