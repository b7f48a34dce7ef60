import type { PaymentProvider } from '@numbernest/contracts';

/**
 * The providers whose payer can take money back after it was credited (the adapters'
 * `reversible`), as plain data for code that must not load every adapter (an operator's approval
 * would otherwise bundle every provider's secrets). reversible.test.ts keeps the two in step.
 */
export const reversibleProviders: ReadonlySet<PaymentProvider> = new Set(['stripe']);
