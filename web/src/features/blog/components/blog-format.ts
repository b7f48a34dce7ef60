/** Posts carry both languages (titles, bodies); pick the interface's one. */
export const localized = <T>(copy: { en: T; ru: T }, language: string): T => (language.startsWith('ru') ? copy.ru : copy.en);

/** Minutes to read at about 200 words a minute, never less than one. */
export const readingMinutes = (paragraphs: string[]) => Math.max(1, Math.round(paragraphs.join(' ').split(/\s+/).length / 200));
