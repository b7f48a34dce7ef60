import { Link, useLocation } from 'react-router-dom';
import { returnOf } from '@/features/auth/guards';

/** "Already have an account? Sign in" under a card. */
export function AuthSwitch({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <p className="auth-switch">
      {question} <Link to={to}>{label}</Link>
    </p>
  );
}

/** A divider with a word in it ("or"). */
export function AuthDivider({ label }: { label: string }) {
  return (
    <div className="auth-divider" role="separator">
      <span>{label}</span>
    </div>
  );
}

/** `/verify-email?email=a%40b.c`, and `&return=/payment` to carry where the person goes once signed in. */
export function withEmail(path: string, email: string | null | undefined, returnTo?: string | null): string {
  const params = new URLSearchParams();
  if (email) params.set('email', email);
  if (returnTo) params.set('return', returnTo);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The page this sign-up or sign-in leads back to (the query's `return`), if any. */
export function useReturnTo(): string | null {
  return returnOf(useLocation().search);
}
