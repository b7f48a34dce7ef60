import i18n from '@/lib/i18n';

/**
 * A service's delivery rate (0..1: of its activations in the country in the last 30 days, those whose
 * code arrived) as a whole percent in the language's form ("92%", "92 %"); null when the server hides
 * it (too few activations) or does not send it.
 */
export function deliveryPercent(rate: number | null | undefined, language = i18n.language): string | null {
  if (rate === null || rate === undefined) return null;
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}
