import { useId, type ReactNode } from 'react';
import type { PaymentProvider } from '@numbernest/contracts';

interface MarkProps {
  size?: number;
}

/** A 24-unit rounded tile: every mark sits on one so the cards line up. Decorative: the card names the provider. */
function Tile({ size = 40, fill, children }: MarkProps & { fill: string; children: ReactNode }) {
  return (
    <svg className="provider-logo" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="6" fill={fill} />
      {children}
    </svg>
  );
}

const stroke = { fill: 'none', stroke: '#fff', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Stripe: a white "S" on its purple. */
export function StripeMark(props: MarkProps) {
  return (
    <Tile {...props} fill="#635bff">
      <path {...stroke} strokeWidth="2.3" d="M15.6 8.2c-.8-.8-2-1.3-3.4-1.3-1.9 0-3.3.9-3.3 2.4 0 3.5 7 1.9 7 5.4 0 1.6-1.5 2.6-3.6 2.6-1.5 0-2.9-.6-3.9-1.5" />
    </Tile>
  );
}

/** Perfect Money: "PM" in white on red. */
export function PerfectMoneyMark(props: MarkProps) {
  return (
    <Tile {...props} fill="#e3262f">
      <path {...stroke} strokeWidth="2" d="M4.6 17V7h3a2.6 2.6 0 0 1 0 5.2h-3" />
      <path {...stroke} strokeWidth="2" d="M12.2 17V7l3.4 5.6L19 7v10" />
    </Tile>
  );
}

/** Payeer: a white "P" on blue. */
export function PayeerMark(props: MarkProps) {
  return (
    <Tile {...props} fill="#1f7ae0">
      <path {...stroke} strokeWidth="2.5" d="M9 18V6h3.6a3.5 3.5 0 0 1 0 7H9" />
    </Tile>
  );
}

/** Binance Pay: the yellow diamond of squares on near-black. */
export function BinanceMark(props: MarkProps) {
  return (
    <Tile {...props} fill="#1e2026">
      <g fill="#f3ba2f">
        <path d="M12 9.3 14.7 12 12 14.7 9.3 12z" />
        <path d="M12 4.2 16.7 8.9 15.1 10.5 12 7.4 8.9 10.5 7.3 8.9z" />
        <path d="M12 19.8 7.3 15.1 8.9 13.5 12 16.6 15.1 13.5 16.7 15.1z" />
        <path d="M4.4 12 6 10.4 7.6 12 6 13.6z" />
        <path d="M19.6 12 18 13.6 16.4 12 18 10.4z" />
      </g>
    </Tile>
  );
}

/** Crypto (NOWPayments): a generic coin, a ring with a chain hexagon. */
export function CryptoMark(props: MarkProps) {
  // An id safe inside url(#…) whatever characters useId uses.
  const gradient = `coin-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <Tile {...props} fill={`url(#${gradient})`}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="24" y2="24" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#0ea5a4" />
          <stop offset="1" stopColor="#2563eb" />
        </linearGradient>
      </defs>
      <circle cx="12" cy="12" r="7.4" fill="none" stroke="#fff" strokeWidth="1.6" opacity="0.55" />
      <path {...stroke} strokeWidth="1.7" d="M12 7.6 15.8 9.8v4.4L12 16.4 8.2 14.2V9.8z" />
      <circle cx="12" cy="12" r="1.3" fill="#fff" />
    </Tile>
  );
}

const marks: Record<PaymentProvider, (props: MarkProps) => ReactNode> = {
  stripe: StripeMark,
  perfectmoney: PerfectMoneyMark,
  payeer: PayeerMark,
  binance: BinanceMark,
  crypto: CryptoMark,
};

/** The mark of a top-up provider. */
export function ProviderLogo({ provider, size }: { provider: PaymentProvider; size?: number }) {
  const Mark = marks[provider];
  return <Mark size={size} />;
}
