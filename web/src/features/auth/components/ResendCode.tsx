import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useResendCooldown, type CodePurpose } from '@/features/auth/code-cooldown';
import type { AuthErrorKey, AuthStep } from '@/features/auth/errors';
import { Button } from '@/components/button/Button';

interface ResendCodeProps {
  purpose: CodePurpose;
  /** The address as typed; the cooldown is kept per address. */
  email: string;
  /** Validates the address (showing its message) and returns it normalised, or null. */
  readEmail: () => string | null;
  send: (email: string) => Promise<void>;
  onFailed: (error: unknown) => void;
}

/** "Send a new code", then 30 s of waiting shown as a countdown. */
export function ResendCode({ purpose, email, readEmail, send, onFailed }: ResendCodeProps) {
  const { t } = useTranslation('auth');
  const { secondsLeft, restart } = useResendCooldown(purpose, email);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const resend = async () => {
    const address = readEmail();
    if (!address) return;
    setSending(true);
    setSentTo(null);
    try {
      await send(address);
      restart();
      setSentTo(address);
    } catch (error) {
      onFailed(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="auth-resend">
      <Button variant="ghost" size="sm" onClick={() => void resend()} disabled={sending || secondsLeft > 0}>
        {sending ? t('resend.sending') : secondsLeft > 0 ? t('resend.wait', { seconds: secondsLeft }) : t('resend.button')}
      </Button>
      <p className="auth-resend__status" role="status">
        {sentTo && t('resend.sent', { email: sentTo })}
      </p>
    </div>
  );
}

/** The part of an account form (use-auth-form) a Resend under its code field uses. */
interface FormWithEmail {
  checkNow: (field: 'email') => boolean;
  fail: (error: unknown, during?: AuthStep) => AuthErrorKey;
}

/** Resend under a form's code field: the form's e-mail field is checked first, and a failure shows in the form as a send of that code. */
export function FormResendCode({ purpose, email, form, send }: Pick<ResendCodeProps, 'purpose' | 'email' | 'send'> & { form: FormWithEmail }) {
  return (
    <ResendCode
      purpose={purpose}
      email={email}
      readEmail={() => (form.checkNow('email') ? email : null)}
      send={send}
      onFailed={(error) => form.fail(error, purpose === 'signUp' ? 'resend' : 'reset')}
    />
  );
}
