/** Posts carry their languages (titles, bodies; Malay optional); pick the interface's one, else English. */
export const localized = <T>(copy: { en: T; ru: T; ms?: T }, language: string): T =>
  (language.startsWith('ru') ? copy.ru : language.startsWith('ms') ? copy.ms : undefined) ?? copy.en;

/** Minutes to read at about 200 words a minute, never less than one. */
export const readingMinutes = (paragraphs: string[]) => Math.max(1, Math.round(paragraphs.join(' ').split(/\s+/).length / 200));
