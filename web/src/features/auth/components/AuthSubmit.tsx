/** The main button of an account form: disabled, and saying so, while the form is busy. */
export function AuthSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
