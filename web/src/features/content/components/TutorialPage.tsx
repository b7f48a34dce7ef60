// PLACEHOLDER: replaced by the feature's real page.
export default function TutorialPage() {
  return <h1>TutorialPage</h1>;
}
