/** What a catalogue write came to, announced to screen readers: in a row's last cell, or under a form. */
export function ActionResult({ ok, error, cell = false }: { ok?: string | undefined; error?: string | undefined; cell?: boolean }) {
  if (cell)
    return (
      <td className="catalogue__result" aria-live="polite">
        {ok && <span className="catalogue__ok">{ok}</span>}
        {error && <span className="catalogue__error">{error}</span>}
      </td>
    );
  return (
    <div aria-live="polite">
      {ok && <p className="catalogue__ok">{ok}</p>}
      {error && <p className="catalogue__error">{error}</p>}
    </div>
  );
}
