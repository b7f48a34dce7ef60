/** A block of code or an exact answer: focusable, so a keyboard can scroll a long line into view. */
export function Code({ children, label }: { children: string; label?: string }) {
  return (
    <pre className="api-docs__code" aria-label={label} tabIndex={0}>
      <code>{children}</code>
    </pre>
  );
}
