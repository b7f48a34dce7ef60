import type { MessengerLanguage } from '@numbernest/core/channels';

/** The page's language from its Accept-Language (the web sends its chosen language first); English otherwise. */
export const languageOfRequest = (header: string | undefined): MessengerLanguage => {
  const language = header?.trim().toLowerCase().slice(0, 2);
  return language === 'ru' || language === 'ms' ? language : 'en';
};
