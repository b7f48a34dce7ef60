import { useEffect, useState } from 'react';

/** After a code is sent, sending again waits this long, so a slow message does not use up the hour's few codes. */
const resendPauseMs = 30_000;

/** The current time, ticking each second until `until` (for the countdown of "Send again"). */
function useNowUntil(until: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return now;
}

/**
 * When a verification code may be sent again: a short pause after each send, or the server's
 * Retry-After after a 429 (whose words are shown until then).
 */
export function useSendPause() {
  const [nextSendAt, setNextSendAt] = useState(0);
  const [limited, setLimited] = useState<string | null>(null);
  const now = useNowUntil(nextSendAt);
  const waitSeconds = Math.max(0, Math.ceil((nextSendAt - now) / 1000));
  return {
    nextSendAt,
    waitSeconds,
    /** The server's refusal, while it lasts. */
    limitText: limited && waitSeconds > 0 ? limited : null,
    sent: () => {
      setLimited(null);
      setNextSendAt(Date.now() + resendPauseMs);
    },
    refused: (words: string, until: string) => {
      setLimited(words);
      setNextSendAt(Date.parse(until));
    },
  };
}
export type SendPause = ReturnType<typeof useSendPause>;
