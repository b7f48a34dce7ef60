import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Mail {
  to: string;
  /** What the code is for, from the Cognito operation that sent it; `message`: the app's own e-mail (SES), no code. */
  kind: 'sign-up' | 'password-reset' | 'attribute-verification' | 'invitation' | 'sign-in' | 'other' | 'message';
  subject: string;
  code: string;
  /** The text, when the pool's CustomMessage trigger worded it (Cognito's HTML line breaks as newlines). */
  message?: string;
  /** The app's own e-mail: its HTML part and extra headers, when it has them. */
  html?: string;
  headers?: Record<string, string>;
  /** ISO time it was "sent". */
  at: string;
}

const subjects: Record<Mail['kind'], string> = {
  'sign-up': 'Confirm your NumberNest account',
  'password-reset': 'Reset your NumberNest password',
  'attribute-verification': 'Verify your e-mail address',
  invitation: 'Your NumberNest temporary password',
  'sign-in': 'Your NumberNest sign-in code',
  other: 'Your NumberNest code',
  message: 'A message from NumberNest',
};

const kindByTarget: Record<string, Mail['kind']> = {
  SignUp: 'sign-up',
  ResendConfirmationCode: 'sign-up',
  ForgotPassword: 'password-reset',
  AdminResetUserPassword: 'password-reset',
  GetUserAttributeVerificationCode: 'attribute-verification',
  UpdateUserAttributes: 'attribute-verification',
  AdminUpdateUserAttributes: 'attribute-verification',
  AdminCreateUser: 'invitation',
  InitiateAuth: 'sign-in',
  RespondToAuthChallenge: 'sign-in',
};

const keep = 200;
/** How long a relabelling waits for its mail (cognito-local prints it before it answers). */
const relabelWaitMs = 30_000;

interface Relabel {
  target: string;
  to: string;
  kind: Mail['kind'];
  until: number;
}

/**
 * The local stand-in for an e-mail inbox: cognito-local prints the codes it would send; they are
 * kept here (and in `<dataDir>/mailbox.json`) for a person to read at /_local/mail.
 */
export class Mailbox {
  private mails: Mail[];
  private readonly file: string | undefined;
  private relabels: Relabel[] = [];

  constructor(dataDir?: string) {
    this.file = dataDir ? join(dataDir, 'mailbox.json') : undefined;
    this.mails = this.file && existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as Mail[]) : [];
  }

  /** Newest first; only those sent to `to` when given. */
  list(to?: string): Mail[] {
    const wanted = to?.toLowerCase();
    return this.mails.filter((m) => !wanted || m.to.toLowerCase() === wanted).reverse();
  }

  add(mail: Mail): void {
    this.mails = [...this.mails, mail].slice(-keep);
    if (this.file) writeFileSync(this.file, JSON.stringify(this.mails, null, 2));
  }

  /** Take one cognito-local JSON log line; returns the mail when it was a code delivery. */
  receiveLog(entry: Record<string, unknown>): Mail | undefined {
    const delivered = parseCodeDelivery(entry);
    if (!delivered) return undefined;
    const mail = this.relabelled(delivered, String(entry.target));
    this.add(mail);
    return mail;
  }

  /**
   * The next code that cognito-local's `target` sends to `to` is really a `kind` mail: the proxy
   * answers some operations cognito-local lacks with ones it has (ResendConfirmationCode is its
   * ForgotPassword). Returns the undo, for a call that failed before sending anything.
   */
  relabelNext(target: string, to: string, kind: Mail['kind']): () => void {
    const relabel: Relabel = { target, to: to.toLowerCase(), kind, until: Date.now() + relabelWaitMs };
    this.relabels.push(relabel);
    return () => {
      this.relabels = this.relabels.filter((r) => r !== relabel);
    };
  }

  private relabelled(mail: Mail, target: string): Mail {
    this.relabels = this.relabels.filter((r) => r.until > Date.now());
    const relabel = this.relabels.find((r) => r.target === target && r.to === mail.to.toLowerCase());
    if (!relabel) return mail;
    this.relabels = this.relabels.filter((r) => r !== relabel);
    return { ...mail, kind: relabel.kind, subject: subjects[relabel.kind] };
  }
}

/**
 * cognito-local logs a delivery as a box: "Confirmation Code Delivery", then `Destination: ...`,
 * `Code: ...` lines between `│` borders; `target` names the operation.
 */
// cognito-local colours its log lines; the escape character is the point of the pattern.
// eslint-disable-next-line no-control-regex
const ansiColour = /\u001b\[[0-9;]*m/g;

export function parseCodeDelivery(entry: Record<string, unknown>): Mail | undefined {
  const message = typeof entry.msg === 'string' ? entry.msg.replace(ansiColour, '') : '';
  if (!message.includes('Confirmation Code Delivery')) return undefined;
  const fields = new Map<string, string>();
  for (const line of message.split('\n')) {
    const match = /^\s*│\s*([A-Za-z ]+):\s+(.*?)\s*│\s*$/.exec(line);
    if (match) fields.set(match[1]!.trim(), match[2]!);
  }
  const code = fields.get('Code');
  if (!code) return undefined;
  const kind = kindByTarget[String(entry.target)] ?? 'other';
  const text = fields.get('Email Message');
  return {
    to: fields.get('Destination') ?? fields.get('Username') ?? '',
    kind,
    subject: fields.get('Email Subject') ?? subjects[kind],
    code,
    ...(text ? { message: text.replace(/<br\s*\/?>/gi, '\n') } : {}),
    at: new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toISOString(),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A small page a person can keep open while signing up (it reloads itself). */
export function renderMailboxPage(mails: Mail[]): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(new Date(m.at).toLocaleString('en-GB'))}</td><td>${escapeHtml(m.to)}</td>` +
        `<td>${escapeHtml(m.subject)}${m.message ? `<div class="message">${escapeHtml(m.message)}</div>` : ''}</td><td class="code">${escapeHtml(m.code)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>Local mailbox — NumberNest</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2937; }
  table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid #e5e7eb; }
  th { font-weight: 600; color: #6b7280; } .code { font: 600 1.2rem ui-monospace, monospace; letter-spacing: .1em; }
  p { color: #6b7280; } .message { white-space: pre-line; color: #4b5563; font-size: .9rem; margin-top: .25rem; }
</style></head>
<body><h1>Local mailbox</h1>
<p>E-mails the local Cognito and SES would have sent, newest first. This page refreshes every 5 seconds. JSON: <a href="/_local/mail.json">/_local/mail.json</a></p>
${mails.length ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Code</th></tr></thead><tbody>\n${rows}\n</tbody></table>` : '<p><em>No mail yet.</em></p>'}
</body></html>`;
}
