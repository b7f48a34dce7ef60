import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-outline';
export interface ButtonLook {
  variant?: ButtonVariant;
  size?: 'sm' | 'lg';
  /** As wide as its container. */
  block?: boolean;
}

/** The button look's classes, for a link that must look like a button (react-router's Link, an <a>). */
export function buttonClass({ variant = 'secondary', size, block }: ButtonLook = {}, extra?: string): string {
  return ['btn', `btn--${variant}`, size && `btn--${size}`, block && 'btn--block', extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  /** Working: disabled, announced as busy, with a spinner before its (usually "…ing") label. */
  busy?: boolean;
}

/** The product's button: `type="button"` unless it submits, one look per variant and size (styles/buttons.css). */
export function Button({ variant, size, block, busy = false, className, type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass({ variant, size, block }, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
