import { createHash } from 'node:crypto';

/**
 * The security headers of the web app's pages, one source for both places that serve it: the local
 * cloud (web.ts, on every file of a built app) and the deployed Router (stacks/site-headers.ts: a
 * CloudFront response headers policy). Only what differs is passed in: the origins the browser
 * talks to besides its own (the API, Cognito, the WebSocket API on AWS; none locally, where all of
 * it is on the one port) and whether the site is https (HSTS, upgrade-insecure-requests).
 *
 * The pages carry one inline script (the theme and language before first paint), allowed by its
 * SHA-256, computed from web/index.html, the template every built page is made from (Vite copies it
 * unchanged; web/src/app/prerender.test.ts checks every built page). Inline styles are not allowed
 * (Vite would minify one, changing its hash): the stylesheet holds them. No eval.
 */

/** `'sha256-…'` sources of the inline `<script>` (without src) and `<style>` elements of a page. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\bsrc\s*=/i.test(m[1]!)).map((m) => hash(m[2]!));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => hash(m[1]!));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

export interface PolicyOptions {
  /** The template's inline hashes (inlineHashes of web/index.html). */
  hashes: { scripts: string[]; styles: string[] };
  /** Origins the app fetches from or opens sockets to, besides its own. */
  connect?: string[];
  /** Origins a form may post to, besides its own (a provider's checkout that takes a form post). */
  formAction?: string[];
  https: boolean;
}

/** The Content-Security-Policy value. */
export function contentSecurityPolicy(options: PolicyOptions): string {
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...options.hashes.scripts],
    ['style-src', "'self'", ...options.hashes.styles],
    // data: for the CSS's inline SVG pictures (the select arrow).
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(options.connect ?? [])],
    ['form-action', "'self'", ...(options.formAction ?? [])],
    ['frame-ancestors', "'none'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['manifest-src', "'self'"],
    ...(options.https ? ([['upgrade-insecure-requests']] as Array<[string]>) : []),
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** Two years; browsers keep to https for the site once they have seen it over https. */
export const hstsMaxAgeSeconds = 63_072_000;
export const referrerPolicy = 'strict-origin-when-cross-origin';

/** Every header of a page, by lower-case name. HSTS only over https (browsers ignore it on http anyway). */
export function securityHeaders(options: PolicyOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': referrerPolicy,
    ...(options.https ? { 'strict-transport-security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains` } : {}),
  };
}

/** The origin of a URL, for a CSP source list (`https://perfectmoney.com/api/step1.asp` -> `https://perfectmoney.com`). */
export const originOf = (url: string) => new URL(url).origin;
