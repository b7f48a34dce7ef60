import { Link } from 'react-router-dom';

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

/** `/verify-email?email=a%40b.c` */
export const withEmail = (path: string, email: string | null | undefined) => (email ? `${path}?${new URLSearchParams({ email })}` : path);
