// PLACEHOLDER: replaced by the feature's real page.
export default function AboutPage() {
  return <h1>AboutPage</h1>;
}
