// PLACEHOLDER: replaced by the feature's real page.
export default function BlogListPage() {
  return <h1>BlogListPage</h1>;
}
