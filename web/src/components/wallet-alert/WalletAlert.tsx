import type { ReactNode } from 'react';
import './WalletAlert.css';

interface WalletAlertProps {
  tone?: 'error' | 'info';
  children: ReactNode;
  /** A second, smaller line: the server's own words, say. */
  detail?: string;
}

/** A form-level message of the money screens (field messages go under their fields). */
export function WalletAlert({ tone = 'error', children, detail }: WalletAlertProps) {
  return (
    <div className={`wallet-alert wallet-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <p>{children}</p>
      {detail && <p className="wallet-alert__detail">{detail}</p>}
    </div>
  );
}
