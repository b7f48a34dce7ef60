import { useTranslation } from 'react-i18next';
import { SendIcon } from './icons';
import './rentals.css';

/**
 * Start Chat of a Private number. The API has no endpoint for sending an SMS yet
 * (POST /api/user/rentals/{id}/messages), so this says what is coming instead of a form.
 */
export function StartChat() {
  const { t } = useTranslation('rentals');
  return (
    <div className="rental-chat" data-testid="start-chat">
      <span className="rental-chat__icon" aria-hidden="true">
        <SendIcon size={20} />
      </span>
      <div>
        <p className="rental-chat__title">{t('startChat.soonTitle')}</p>
        <p className="rental-chat__text">{t('startChat.soonText')}</p>
      </div>
    </div>
  );
}
