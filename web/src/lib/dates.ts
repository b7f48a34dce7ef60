/** "14 January 2025" / "14 января 2025 г.": a calendar date (published, updated), so read as UTC. */
export const formatCalendarDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
