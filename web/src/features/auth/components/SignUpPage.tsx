// PLACEHOLDER: replaced by the feature's real page.
export default function SignUpPage() {
  return <h1>SignUpPage</h1>;
}
