import type { Localized } from '@numbernest/contracts';

/** Posts carry both languages; pick the interface's one. */
export const localized = (copy: Localized, language: string) => (language.startsWith('ru') ? copy.ru : copy.en);

/** "14 January 2025" / "14 января 2025 г.": published dates are calendar dates, so read as UTC. */
export const formatPublished = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** Minutes to read at about 200 words a minute, never less than one. */
export const readingMinutes = (paragraphs: string[]) =>
  Math.max(1, Math.round(paragraphs.join(' ').split(/\s+/).length / 200));
