import { Button } from '@/components/button/Button';
/** The main button of an account form: disabled, and saying so, while the form is busy. */
export function AuthSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" variant="primary" size="lg" block disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}
