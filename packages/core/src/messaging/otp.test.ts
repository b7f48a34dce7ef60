import { describe, expect, it } from 'vitest';
import { extractCode } from './otp';

describe('extractCode: the one-time code of an SMS, digits only', () => {
  const english: Array<[string, string | null]> = [
    ['G-123456 is your Google verification code.', '123456'],
    ['Telegram code: 12345\n\nYou can also tap on this link to log in:\nhttps://t.me/login/12345', '12345'],
    ["Your WhatsApp code: 123-456\nYou can also tap this link to verify your phone: v.whatsapp.com/123456\nDon't share this code with others", '123456'],
    ['FB-48213 is your Facebook confirmation code', '48213'],
    ["Your Apple Account code is: 583920. Don't share it with anyone.\n\n@apple.com #583920 %apple.com", '583920'],
    ['Your one-time password for the purchase of USD 1,250.00 at AMAZON on 12/03/2024 is 482913. Never share it.', '482913'],
    ["Chase: Your verification code is 70531926. Call 1-800-935-9935 if you didn't request it.", '70531926'],
    ["Your Instagram code is 482 913. Don't share it.", '482913'],
    ['Use 7720 to verify your Microsoft account. © 2024 Microsoft', '7720'],
    ['Your Uber code: 1234. Never share this code. Reply STOP ALL to 89203 to unsubscribe.', '1234'],
    ['Your Amazon OTP is 559012. Order #4419 of 03.04.2024 will arrive by 18:30.', '559012'],
    ['Discord: Your security code is 602419. If you did not request this, ignore this message.', '602419'],
    ['123456 is your TikTok verification code, valid for 5 minutes. Do not share it.', '123456'],
    ['Wells Fargo: a $2500 transfer to John requires approval. Code 839201. Questions? Call 800-869-3557.', '839201'],
    ['Your PIN is 4831', '4831'],
    ['Your code is 2019', '2019'],
    ['Your code is 5521. Questions: +1 (415) 555-0132', '5521'],
    ['Welcome to Lyft! Reply HELP for help, STOP to opt out.', null],
    ['Happy New Year 2025 from Netflix!', null],
    ['Your card x1234 was charged 25.00 USD on 2024-05-01.', null],
  ];

  const russian: Array<[string, string | null]> = [
    ['Код подтверждения Telegram: 12345. Никому не давайте код, даже если его требуют от имени Telegram!', '12345'],
    ['G-654321 – ваш код подтверждения Google.', '654321'],
    ['Ваш код WhatsApp: 482-913. Не сообщайте этот код другим', '482913'],
    ['Sberbank: Никому не сообщайте код! Код 4821 для подтверждения покупки на сумму 1500 р. в MAGAZIN. Карта *1234', '4821'],
    ['Списание 15 000 ₽ с карты ••4321. Пароль для подтверждения: 739201. Никому его не сообщайте.', '739201'],
    ['Vash kod: 8842. Ne soobshchayte ego nikomu.', '8842'],
    ['Тинькофф: Код для входа 5520. Звонок 8 800 555-77-78 бесплатный', '5520'],
    ['Ваш пароль для входа в ВКонтакте: 941205', '941205'],
    ['Instagram: 123 456 — ваш код для входа.', '123456'],
    ['Facebook: 87654321 — ваш код подтверждения', '87654321'],
    ['Код 4821 1500 р. списано', '4821'],
    ['Перевод 5000 RUB выполнен. Баланс 12 340,50 ₽', null],
    ['Код для входа: 777-777 94efc29b-aa21', '777777'],
  ];

  it.each(english)('EN %j -> %s', (body, code) => expect(extractCode(body)).toBe(code));
  it.each(russian)('RU %j -> %s', (body, code) => expect(extractCode(body)).toBe(code));

  it('takes a code-shaped number without a code word, and guesses nothing among several plain ones', () => {
    expect(extractCode('G-918273')).toBe('918273');
    expect(extractCode('Use 448-120 to sign in')).toBe('448120');
    expect(extractCode('55218')).toBe('55218');
    expect(extractCode('Order 55218 ships 3 items from store 7741')).toBeNull();
  });

  it('never takes 3 or 9 digits, and is null for an empty body', () => {
    expect(extractCode('Your code is 123')).toBeNull();
    expect(extractCode('Your code is 123456789')).toBeNull();
    expect(extractCode('')).toBeNull();
  });
});
