// PLACEHOLDER
export function RouteError() {
  return <p>Something went wrong.</p>;
}
