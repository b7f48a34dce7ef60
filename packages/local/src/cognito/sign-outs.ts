import { existsSync, readFileSync, writeFileSync } from 'node:fs';

interface RefreshClaims {
  username: string;
  jti: string;
  /** Issued at, in ms (exact when the token passed through the proxy, else from its `iat`). */
  issuedAt: number;
}

/**
 * What cognito-local cannot do: end refresh tokens. A user's global sign-out refuses every refresh
 * token issued before it; RevokeToken refuses one token. Kept in `file` so it survives restarts.
 */
export class SignOuts {
  private signedOutAt: Record<string, number> = {};
  private revoked = new Set<string>();
  /** Refresh tokens seen being issued (jti -> ms): `iat` has whole seconds only. */
  private issued = new Map<string, number>();

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { signedOutAt: Record<string, number>; revoked: string[] };
      this.signedOutAt = saved.signedOutAt;
      this.revoked = new Set(saved.revoked);
    }
  }

  noteIssued(refreshToken: string | undefined): void {
    const claims = refreshToken ? decode(refreshToken) : undefined;
    if (claims) this.issued.set(claims.jti, Date.now());
  }

  signOut(username: string): void {
    this.signedOutAt[username] = Date.now();
    this.save();
  }

  revoke(refreshToken: string): void {
    const claims = decode(refreshToken);
    if (!claims) return;
    this.revoked.add(claims.jti);
    this.save();
  }

  isRevoked(refreshToken: string): boolean {
    const claims = decode(refreshToken);
    if (!claims) return false; // cognito-local itself refuses what it did not issue
    const signedOut = this.signedOutAt[claims.username];
    const issuedAt = this.issued.get(claims.jti) ?? claims.issuedAt;
    return this.revoked.has(claims.jti) || (signedOut !== undefined && issuedAt < signedOut);
  }

  private save(): void {
    if (this.file) writeFileSync(this.file, JSON.stringify({ signedOutAt: this.signedOutAt, revoked: [...this.revoked] }, null, 2));
  }
}

function decode(token: string): RefreshClaims | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const username = payload['cognito:username'];
    if (typeof username !== 'string' || typeof payload.jti !== 'string' || typeof payload.iat !== 'number') return undefined;
    // Issued somewhere in that second: assume its last moment, so a sign-out in the same second
    // does not end a token that may have come after it.
    return { username, jti: payload.jti, issuedAt: payload.iat * 1000 + 999 };
  } catch {
    return undefined;
  }
}
