/**
 * What the bot says, in English, Russian and Malay, chosen by the Telegram user's `language_code`.
 * Every reply is sent with HTML parse mode, so each value put in (a service name, an SMS text)
 * is escaped with `escapeHtml`; the templates' own tags are the only markup.
 */
export type Language = 'en' | 'ru' | 'ms';

/** An IETF tag's language (`ru`, `ru-RU`, `ms-MY`, or an Accept-Language list), English when it is none of ours. */
export const languageOf = (code: string | undefined): Language => {
  const language = code?.trim().toLowerCase().slice(0, 2);
  return language === 'ru' || language === 'ms' ? language : 'en';
};

/** Telegram's HTML mode knows only these three entities (its documentation's list). */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const en = {
  help: [
    '<b>NumberNest</b>: your rented numbers and their codes in Telegram.',
    '',
    '/numbers: your active numbers, each with its last code',
    '/balance: your balance',
    '/buy: rent a number from your balance',
    '/stop: disconnect this chat from your account',
    '/help: this list',
  ].join('\n'),
  notLinked: 'This chat is not connected to a NumberNest account. Open Account setting → Telegram → Connect on the site, then press Start here.',
  linked: 'Connected. Each SMS to your numbers will arrive here. /help lists what I can do.',
  alreadyLinked: 'This chat is already connected to your account.',
  unknownCode: 'This link has already been used or is not valid. Press Connect on the site again for a new one.',
  expiredCode: 'This link has expired (links last 10 minutes). Press Connect on the site again for a new one.',
  chatTaken: 'This chat is connected to another NumberNest account. Send /stop here first, then press Connect again.',
  stopped: 'Disconnected: this chat no longer receives your SMS. Connect again from the site any time.',
  stoppedNothing: 'This chat was not connected to an account.',
  disconnectedFromSite: 'This chat was disconnected from your NumberNest account on the site.',
  balance: (amount: string) => `Your balance: <b>${amount}</b>`,
  noNumbers: 'You have no active numbers. /buy rents one.',
  numbersTitle: 'Your active numbers:',
  noCodeYet: 'no SMS yet',
  until: 'until',
  chooseType: 'Which kind of number?',
  types: { 1: 'Shared (days)', 2: 'Private (days, all services)', 3: 'Temporary (20 minutes, one code)' } as Record<number, string>,
  chooseCountry: 'Which country?',
  chooseService: 'Which service?',
  choosePeriod: 'For how long?',
  noCountries: 'No countries offer this kind of number right now.',
  noServices: 'No services are offered there for this kind of number.',
  noNumbersFree: 'No number is free there right now. Try another country or later.',
  more: 'More →',
  confirm: (what: string, number: string, price: string) => `${what}\nNumber: <code>${number}</code>\nPrice: <b>${price}</b>\n\nBuy it from your balance?`,
  confirmButton: 'Confirm and pay',
  cancelButton: 'Cancel',
  cancelled: 'Cancelled.',
  bought: (number: string, balance: string) => `Rented <code>${number}</code>. Your balance: <b>${balance}</b>. Codes will arrive here.`,
  insufficient: (price: string, balance: string) =>
    `Not enough balance: this number costs ${price} and your balance is ${balance}. Top up on the site, then try /buy again.`,
  taken: 'That number was taken a moment ago. Send /buy to pick another.',
  rateLimited: 'Too many purchases in a short time. Please wait a little and try again.',
  holdingLimit: (limit: number) => `You hold ${limit} numbers, the most your account may hold at once. Close or finish one, then try /buy again.`,
  sliceShare: 'You hold your share of these numbers: others need some too. Pick another country or service, or wait until one of yours ends.',
  standingPaused: (until: string) =>
    `Purchases are paused until ${until} UTC: too many of your recent numbers went unused. They open again by themselves; see Account standing on the site.`,
  refused: 'Your account cannot buy right now (blocked, or its e-mail is not confirmed). See the site for details.',
  failed: 'Something went wrong on our side. Please try again.',
  smsFrom: (service: string, number: string) => `SMS for ${service} to ${number}`,
  anyService: 'any service',
};

type Words = typeof en;

const ru: Words = {
  help: [
    '<b>NumberNest</b>: ваши арендованные номера и коды из SMS в Telegram.',
    '',
    '/numbers: активные номера и последний код каждого',
    '/balance: ваш баланс',
    '/buy: арендовать номер с баланса',
    '/stop: отключить этот чат от аккаунта',
    '/help: этот список',
  ].join('\n'),
  notLinked: 'Этот чат не подключён к аккаунту NumberNest. Откройте на сайте «Настройки аккаунта → Telegram → Подключить» и нажмите здесь «Start».',
  linked: 'Подключено. Каждое SMS на ваши номера будет приходить сюда. /help покажет, что я умею.',
  alreadyLinked: 'Этот чат уже подключён к вашему аккаунту.',
  unknownCode: 'Эта ссылка уже использована или недействительна. Нажмите «Подключить» на сайте ещё раз.',
  expiredCode: 'Срок действия ссылки истёк (она действует 10 минут). Нажмите «Подключить» на сайте ещё раз.',
  chatTaken: 'Этот чат подключён к другому аккаунту NumberNest. Сначала отправьте здесь /stop, затем снова нажмите «Подключить».',
  stopped: 'Отключено: SMS больше не будут приходить в этот чат. Подключить снова можно на сайте в любой момент.',
  stoppedNothing: 'Этот чат не был подключён к аккаунту.',
  disconnectedFromSite: 'Этот чат отключён от вашего аккаунта NumberNest на сайте.',
  balance: (amount) => `Ваш баланс: <b>${amount}</b>`,
  noNumbers: 'У вас нет активных номеров. /buy арендует новый.',
  numbersTitle: 'Ваши активные номера:',
  noCodeYet: 'SMS ещё не было',
  until: 'до',
  chooseType: 'Какой номер нужен?',
  types: { 1: 'Общий (на дни)', 2: 'Личный (на дни, все сервисы)', 3: 'Временный (20 минут, один код)' },
  chooseCountry: 'Какая страна?',
  chooseService: 'Какой сервис?',
  choosePeriod: 'На какой срок?',
  noCountries: 'Сейчас ни одна страна не предлагает такие номера.',
  noServices: 'Для такого номера там нет сервисов.',
  noNumbersFree: 'Сейчас там нет свободных номеров. Попробуйте другую страну или позже.',
  more: 'Ещё →',
  confirm: (what, number, price) => `${what}\nНомер: <code>${number}</code>\nЦена: <b>${price}</b>\n\nКупить с баланса?`,
  confirmButton: 'Подтвердить и оплатить',
  cancelButton: 'Отмена',
  cancelled: 'Отменено.',
  bought: (number, balance) => `Номер <code>${number}</code> арендован. Ваш баланс: <b>${balance}</b>. Коды будут приходить сюда.`,
  insufficient: (price, balance) => `Недостаточно средств: номер стоит ${price}, а на балансе ${balance}. Пополните баланс на сайте и снова отправьте /buy.`,
  taken: 'Этот номер только что заняли. Отправьте /buy, чтобы выбрать другой.',
  rateLimited: 'Слишком много покупок за короткое время. Подождите немного и попробуйте снова.',
  holdingLimit: (limit: number) => `У вас ${limit} номеров — больше одновременно вашему аккаунту нельзя. Закройте или завершите один и снова отправьте /buy.`,
  sliceShare: 'У вас уже ваша доля этих номеров: они нужны и другим. Выберите другую страну или сервис или дождитесь окончания одного из ваших.',
  standingPaused: (until: string) =>
    `Покупки приостановлены до ${until} UTC: слишком многие ваши недавние номера остались без SMS. Они откроются сами; подробности — «Статус аккаунта» на сайте.`,
  refused: 'Ваш аккаунт сейчас не может покупать (заблокирован или e-mail не подтверждён). Подробности на сайте.',
  failed: 'У нас что-то пошло не так. Попробуйте ещё раз.',
  smsFrom: (service, number) => `SMS для ${service} на ${number}`,
  anyService: 'любой сервис',
};

const ms: Words = {
  help: [
    '<b>NumberNest</b>: nombor sewaan anda dan kodnya di Telegram.',
    '',
    '/numbers: nombor aktif anda, setiap satu dengan kod terakhirnya',
    '/balance: baki anda',
    '/buy: sewa nombor daripada baki anda',
    '/stop: putuskan sambungan sembang ini daripada akaun anda',
    '/help: senarai ini',
  ].join('\n'),
  notLinked: 'Sembang ini tidak disambungkan ke akaun NumberNest. Buka Tetapan Akaun → Telegram → Sambung di laman web, kemudian tekan Start di sini.',
  linked: 'Disambungkan. Setiap SMS ke nombor anda akan tiba di sini. /help menyenaraikan apa yang boleh saya lakukan.',
  alreadyLinked: 'Sembang ini sudah disambungkan ke akaun anda.',
  unknownCode: 'Pautan ini sudah digunakan atau tidak sah. Tekan Sambung di laman web sekali lagi untuk pautan baharu.',
  expiredCode: 'Pautan ini telah tamat tempoh (pautan sah selama 10 minit). Tekan Sambung di laman web sekali lagi untuk pautan baharu.',
  chatTaken: 'Sembang ini disambungkan ke akaun NumberNest yang lain. Hantar /stop di sini dahulu, kemudian tekan Sambung sekali lagi.',
  stopped: 'Sambungan diputuskan: sembang ini tidak lagi menerima SMS anda. Sambung semula dari laman web bila-bila masa.',
  stoppedNothing: 'Sembang ini tidak disambungkan ke mana-mana akaun.',
  disconnectedFromSite: 'Sambungan sembang ini ke akaun NumberNest anda telah diputuskan di laman web.',
  balance: (amount) => `Baki anda: <b>${amount}</b>`,
  noNumbers: 'Anda tiada nombor aktif. /buy menyewa satu.',
  numbersTitle: 'Nombor aktif anda:',
  noCodeYet: 'belum ada SMS',
  until: 'sehingga',
  chooseType: 'Jenis nombor yang mana?',
  types: { 1: 'Kongsi (hari)', 2: 'Peribadi (hari, semua perkhidmatan)', 3: 'Sementara (20 minit, satu kod)' },
  chooseCountry: 'Negara yang mana?',
  chooseService: 'Perkhidmatan yang mana?',
  choosePeriod: 'Untuk berapa lama?',
  noCountries: 'Tiada negara menawarkan jenis nombor ini buat masa ini.',
  noServices: 'Tiada perkhidmatan ditawarkan di sana untuk jenis nombor ini.',
  noNumbersFree: 'Tiada nombor kosong di sana buat masa ini. Cuba negara lain atau kemudian.',
  more: 'Lagi →',
  confirm: (what, number, price) => `${what}\nNombor: <code>${number}</code>\nHarga: <b>${price}</b>\n\nBeli daripada baki anda?`,
  confirmButton: 'Sahkan dan bayar',
  cancelButton: 'Batal',
  cancelled: 'Dibatalkan.',
  bought: (number, balance) => `<code>${number}</code> disewa. Baki anda: <b>${balance}</b>. Kod akan tiba di sini.`,
  insufficient: (price, balance) =>
    `Baki tidak mencukupi: nombor ini berharga ${price} dan baki anda ${balance}. Tambah nilai di laman web, kemudian cuba /buy sekali lagi.`,
  taken: 'Nombor itu baru sahaja diambil. Hantar /buy untuk memilih yang lain.',
  rateLimited: 'Terlalu banyak pembelian dalam masa yang singkat. Sila tunggu sebentar dan cuba lagi.',
  holdingLimit: (limit: number) =>
    `Anda memegang ${limit} nombor, had maksimum akaun anda pada satu masa. Tutup atau selesaikan satu, kemudian hantar /buy semula.`,
  sliceShare:
    'Anda sudah memegang bahagian anda bagi nombor ini: orang lain juga memerlukannya. Pilih negara atau perkhidmatan lain, atau tunggu sehingga salah satu nombor anda tamat.',
  standingPaused: (until: string) =>
    `Pembelian digantung sehingga ${until} UTC: terlalu banyak nombor anda baru-baru ini tidak menerima SMS. Ia dibuka semula dengan sendirinya; lihat Status akaun di laman web.`,
  refused: 'Akaun anda tidak boleh membeli buat masa ini (disekat, atau e-melnya belum disahkan). Lihat laman web untuk butiran.',
  failed: 'Ada yang tidak kena di pihak kami. Sila cuba lagi.',
  smsFrom: (service, number) => `SMS untuk ${service} ke ${number}`,
  anyService: 'sebarang perkhidmatan',
};

export const words: Record<Language, Words> = { en, ru, ms };
