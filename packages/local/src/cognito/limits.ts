/**
 * What Amazon Cognito enforces on its own, and what the stage's WAF adds in front of the user pool,
 * in figures: the local Cognito proxy enforces them too (proxy.ts), so the web app meets each
 * refusal locally as it would on AWS. State is in memory: a restart forgets lockouts and counts.
 */

const second = 1000;
const minute = 60 * second;

/**
 * Cognito's lockout after failed password sign-ins (its documented "lockout behavior"): after five
 * failures the user is locked out for 1 s, doubling with each further failure up to about 15
 * minutes; attempts during a lockout answer "Password attempts exceeded" and are not counted; a
 * successful sign-in after a lockout, or 15 minutes without an attempt, starts over.
 */
export const signInLockout = { failuresAllowed: 5, firstLockoutMs: second, longestLockoutMs: 15 * minute, forgottenAfterMs: 15 * minute };

/**
 * Code e-mails per user an hour: Cognito's quota on ResendConfirmationCode is 5 an hour; AWS
 * publishes none for ForgotPassword, which is held to the same 5.
 */
export const codeDeliveriesPerUser = { limit: 5, windowMs: 60 * minute };

/**
 * Sign-ups per client IP: the stage's WAF rule on the user pool (stacks/waf-rules.ts), its
 * smallest limit (10) over its longest window (10 minutes). A household makes one or two; a
 * script making accounts or mailing codes to strangers' addresses is stopped at the eleventh.
 */
export const signUpsPerAddress = { limit: 10, windowSeconds: 600 } as const;

interface LockoutState {
  failures: number;
  lockedUntil: number;
  lastAttempt: number;
}

/** Keeps a map from growing without end: entries quiet for `quietMs` go once it is large. */
function forgetQuiet<T>(entries: Map<string, T>, lastActive: (entry: T) => number, quietMs: number, now: number) {
  if (entries.size < 10_000) return;
  for (const [key, entry] of entries) if (now - lastActive(entry) >= quietMs) entries.delete(key);
}

/** The lockout per user (`signInLockout`); `now` is a clock for tests. */
export class SignInLockout {
  private readonly users = new Map<string, LockoutState>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether the user's password may be checked now (not during a lockout). Every call is an attempt. */
  mayTry(user: string): boolean {
    const now = this.now();
    const state = this.users.get(user);
    if (!state) return true;
    if (now - state.lastAttempt >= signInLockout.forgottenAfterMs) {
      this.users.delete(user);
      return true;
    }
    state.lastAttempt = now;
    return now >= state.lockedUntil;
  }

  failed(user: string): void {
    const now = this.now();
    forgetQuiet(this.users, (state) => state.lastAttempt, signInLockout.forgottenAfterMs, now);
    const state = this.users.get(user) ?? { failures: 0, lockedUntil: 0, lastAttempt: now };
    state.failures += 1;
    state.lastAttempt = now;
    const beyond = state.failures - signInLockout.failuresAllowed;
    if (beyond >= 0) state.lockedUntil = now + Math.min(signInLockout.firstLockoutMs * 2 ** beyond, signInLockout.longestLockoutMs);
    this.users.set(user, state);
  }

  succeeded(user: string): void {
    this.users.delete(user);
  }
}

/** At most `limit` per key in any `windowMs` (a sliding window); `now` is a clock for tests. */
export class SlidingWindow {
  private readonly times = new Map<string, number[]>();

  constructor(
    private readonly limit: { limit: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request, refused ones too (as WAF's rate rules do): true while the key is within the limit. */
  count(key: string): boolean {
    const times = this.recent(key);
    times.push(this.now());
    return times.length <= this.limit.limit;
  }

  /**
   * Takes a use when the key has room: a function that gives it back (the use did not happen), or
   * undefined at the limit. A refused use is not counted.
   */
  take(key: string): (() => void) | undefined {
    const times = this.recent(key);
    if (times.length >= this.limit.limit) return undefined;
    const at = this.now();
    times.push(at);
    return () => {
      const kept = this.times.get(key) ?? [];
      const index = kept.indexOf(at);
      if (index >= 0) kept.splice(index, 1);
    };
  }

  /** The key's times within the window (older ones dropped), kept for the key. */
  private recent(key: string): number[] {
    const now = this.now();
    forgetQuiet(this.times, (times) => times.at(-1) ?? 0, this.limit.windowMs, now);
    const times = (this.times.get(key) ?? []).filter((at) => now - at < this.limit.windowMs);
    this.times.set(key, times);
    return times;
  }
}
