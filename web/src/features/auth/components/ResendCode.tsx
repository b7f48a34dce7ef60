import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useResendCooldown, type CodePurpose } from '../code-cooldown';

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
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => void resend()} disabled={sending || secondsLeft > 0}>
        {sending ? t('resend.sending') : secondsLeft > 0 ? t('resend.wait', { seconds: secondsLeft }) : t('resend.button')}
      </button>
      <p className="auth-resend__status" role="status">
        {sentTo && t('resend.sent', { email: sentTo })}
      </p>
    </div>
  );
}
