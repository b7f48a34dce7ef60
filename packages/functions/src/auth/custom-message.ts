import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { loggedInvocation } from '../lib/invocation';

type Language = 'en' | 'ru' | 'ms';

/**
 * The password reset e-mail, in the language the web app asked in (`clientMetadata.language`),
 * tells what a reset does besides the password (post-confirmation.ts): every session ends, the API
 * keys are revoked and the SMS webhook's URL removed. Cognito puts the code where `{####}` stands
 * (the event's codeParameter). Cognito's HTML e-mail: lines are broken with <br>.
 */
export const resetEmail: Record<Language, { subject: string; lines: (code: string) => string[] }> = {
  en: {
    subject: 'Reset your NumberNest password',
    lines: (code) => [
      `Your NumberNest password reset code is ${code}`,
      'When you set a new password with it, you are signed out on every device, all your API keys are revoked and your SMS webhook URL is removed (its signing secret is replaced). Afterwards, create new keys and set the webhook again in Account Setting → API.',
      'If you did not ask for this, ignore this e-mail: nothing changes unless the code is used.',
    ],
  },
  ru: {
    subject: 'Сброс пароля NumberNest',
    lines: (code) => [
      `Код для сброса пароля NumberNest: ${code}`,
      'Когда вы зададите с ним новый пароль, все ваши сеансы на всех устройствах будут завершены, все API-ключи отозваны, а URL SMS-вебхука удалён (его секрет подписи будет заменён). После этого создайте новые ключи и снова укажите вебхук в разделе «Настройки аккаунта» → API.',
      'Если вы не запрашивали сброс, просто не обращайте внимания на это письмо: пока код не использован, ничего не изменится.',
    ],
  },
  ms: {
    subject: 'Tetapkan semula kata laluan NumberNest anda',
    lines: (code) => [
      `Kod tetapan semula kata laluan NumberNest anda ialah ${code}`,
      'Apabila anda menetapkan kata laluan baharu dengan kod ini, anda akan dilog keluar pada setiap peranti, semua kunci API anda akan dibatalkan dan URL webhook SMS anda akan dialih keluar (rahsia tandatangannya akan diganti). Selepas itu, cipta kunci baharu dan tetapkan semula webhook di Tetapan Akaun → API.',
      'Jika anda tidak meminta tetapan semula ini, abaikan e-mel ini: tiada apa-apa yang berubah selagi kod ini tidak digunakan.',
    ],
  },
};

const isLanguage = (value: string | undefined): value is Language => value !== undefined && Object.hasOwn(resetEmail, value);

/**
 * Cognito CustomMessage trigger: only the reset e-mail (`CustomMessage_ForgotPassword`) is ours;
 * every other message (sign-up code, resend, attribute verification) is left as the pool words it.
 * Cognito expects the event back.
 */
export const handler = loggedInvocation(
  'auth/custom-message',
  async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
    if (event.triggerSource !== 'CustomMessage_ForgotPassword') return event;
    const asked = event.request.clientMetadata?.language;
    const language: Language = isLanguage(asked) ? asked : 'en';
    const email = resetEmail[language];
    event.response.emailSubject = email.subject;
    event.response.emailMessage = email.lines(event.request.codeParameter).join('<br><br>');
    return event;
  },
  { fields: (event) => ({ trigger: event.triggerSource }) },
);
