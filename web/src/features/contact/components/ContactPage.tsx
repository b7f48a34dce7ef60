// PLACEHOLDER: replaced by the feature's real page.
export default function ContactPage() {
  return <h1>ContactPage</h1>;
}
