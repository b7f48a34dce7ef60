import { useCallback, useEffect, useState } from 'react';

/** A new code may be asked for 30 s after the last one (sign-up, resend, reset). */
export const resendCooldownMs = 30_000;

export type CodePurpose = 'signUp' | 'reset';

// Kept per tab in sessionStorage, so the wait holds across the sign-up steps and a reload.
const keyOf = (purpose: CodePurpose, email: string) => `authCodeSentAt:${purpose}:${email.trim().toLowerCase()}`;

export function markCodeSent(purpose: CodePurpose, email: string, at = Date.now()): void {
  sessionStorage.setItem(keyOf(purpose, email), String(at));
}

function secondsLeft(purpose: CodePurpose, email: string): number {
  const sentAt = Number(sessionStorage.getItem(keyOf(purpose, email)) ?? 0);
  return Math.max(0, Math.ceil((sentAt + resendCooldownMs - Date.now()) / 1000));
}

/** Seconds until a new code may be sent to `email`, ticking down; `restart()` after sending one. */
export function useResendCooldown(purpose: CodePurpose, email: string) {
  const [left, setLeft] = useState(() => secondsLeft(purpose, email));

  useEffect(() => {
    setLeft(secondsLeft(purpose, email));
    const timer = setInterval(() => setLeft(secondsLeft(purpose, email)), 1000);
    return () => clearInterval(timer);
  }, [purpose, email]);

  const restart = useCallback(() => {
    markCodeSent(purpose, email);
    setLeft(secondsLeft(purpose, email));
  }, [purpose, email]);

  return { secondsLeft: left, restart };
}
