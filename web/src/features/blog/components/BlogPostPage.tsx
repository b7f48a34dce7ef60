// PLACEHOLDER: replaced by the feature's real page.
export default function BlogPostPage() {
  return <h1>BlogPostPage</h1>;
}
