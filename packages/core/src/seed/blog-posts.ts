import type { BlogPostItem } from '../content/blog';

/** Six posts, complete in English and Russian. Covers live at web/public/images/blog/<slug>.svg. */
export const seedBlogPosts: readonly BlogPostItem[] = [
  {
    id: 1,
    slug: 'why-a-second-number-protects-your-privacy',
    publishedAt: '2025-01-14',
    title: {
      en: 'Why a second number protects your privacy',
      ru: 'Почему второй номер защищает вашу приватность',
    },
    excerpt: {
      en: 'Every sign-up form asks for your phone number. Here is what happens to it afterwards, and how a rented number keeps your real one out of the picture.',
      ru: 'Каждая форма регистрации просит номер телефона. Рассказываем, что с ним происходит дальше и как арендованный номер не даёт вашему настоящему номеру попасть в чужие базы.',
    },
    body: {
      en: [
        'Your phone number is one of the most valuable pieces of personal data you own. Unlike an e-mail address, it rarely changes, it is tied to your name at the operator, and it links accounts across services. Marketers, data brokers and scammers know this, which is why a number typed into one form so often turns up in a spam list months later.',
        'Every time you give a service your real number, you trust it to store the number safely, never sell it and never leak it. Data breaches happen even at large companies, and a leaked number can be used for targeted phishing, SIM-swap attempts or simply endless promotional calls.',
        'A rented virtual number breaks that link. You receive the one-time password you need to register, and the service never learns the number you use with your family, your bank or your employer. If that service is breached or starts sending spam, your personal number is not affected.',
        'Second numbers are also useful for testing apps, selling something on a marketplace, dating apps, or keeping work and private accounts apart. Choose a Shared number for a quick one-off code, a Private number if you need the same number for several services for a while, or a Temporary activation when you only need one code within 20 minutes.',
        'Privacy is not about having something to hide. It is about deciding who gets to contact you. A second number puts that decision back in your hands.',
      ],
      ru: [
        'Номер телефона — один из самых ценных видов персональных данных. В отличие от адреса электронной почты, он редко меняется, привязан к вашему имени у оператора и связывает между собой аккаунты в разных сервисах. Маркетологи, брокеры данных и мошенники это знают, поэтому номер, указанный в одной форме, через несколько месяцев нередко оказывается в базе для спама.',
        'Каждый раз, сообщая сервису настоящий номер, вы доверяете ему хранить номер надёжно, не продавать и не допускать утечек. Утечки случаются даже в крупных компаниях, а утёкший номер используют для целевого фишинга, попыток перевыпуска SIM-карты или просто бесконечных рекламных звонков.',
        'Арендованный виртуальный номер разрывает эту связь. Вы получаете одноразовый код для регистрации, а сервис так и не узнаёт номер, которым вы пользуетесь для семьи, банка или работы. Если этот сервис взломают или он начнёт присылать спам, ваш личный номер не пострадает.',
        'Второй номер пригодится и для тестирования приложений, продажи вещей на маркетплейсе, сайтов знакомств или чтобы разделить рабочие и личные аккаунты. Выбирайте общий номер (Shared) для разового кода, приватный номер (Private), если один номер нужен на время для нескольких сервисов, или временную активацию (Temporary), когда нужен один код в течение 20 минут.',
        'Приватность — это не о том, что вам есть что скрывать. Это о том, кто может с вами связаться. Второй номер возвращает это решение вам.',
      ],
    },
  },
  {
    id: 2,
    slug: 'get-your-otp-code-on-the-first-try',
    publishedAt: '2025-02-03',
    title: {
      en: 'Get your OTP code on the first try: 8 practical tips',
      ru: 'Как получить код подтверждения с первого раза: 8 практических советов',
    },
    excerpt: {
      en: 'Most failed verifications come down to a handful of avoidable mistakes. Run through this checklist before you press “Send code”.',
      ru: 'Большинство неудачных подтверждений сводится к нескольким ошибкам, которых легко избежать. Пройдитесь по этому списку, прежде чем нажать «Отправить код».',
    },
    body: {
      en: [
        '1. Pick the right service. Numbers are prepared per service, and messages are matched to your rental by the sender. Renting a number for Telegram and then requesting a WhatsApp code on it will not work.',
        '2. Match the country. Many services check that the number’s country matches your IP address or the country selected in their form. Select the same country on both sides, and pick the country from the dropdown rather than typing the prefix twice.',
        '3. Copy the number exactly. Use the copy button in your dashboard. Enter the number in international format if the form asks for it, and leave out the leading plus sign or zero when the country code is already filled in.',
        '4. Request the code once, then wait. Codes usually arrive within a minute. Pressing “Resend” repeatedly can trigger rate limits on the service’s side and delay every later message.',
        '5. Keep the dashboard open. New messages appear instantly in your inbox, and you also get a notification. There is no need to refresh the page.',
        '6. Prefer SMS over calls. Some services offer a voice call instead of a text. Virtual numbers receive SMS only, so choose the text-message option when you are given a choice.',
        '7. Do not wait too long with Temporary activations. A Temporary number is reserved for 20 minutes. Request the code as soon as the activation starts.',
        '8. If nothing arrives, close the rental. A number that has not received any message can be closed and the full cost goes back to your balance. Try another number or another country; some services simply block certain ranges.',
      ],
      ru: [
        '1. Выберите правильный сервис. Номера готовятся под конкретный сервис, а сообщения сопоставляются с арендой по отправителю. Если арендовать номер для Telegram и запросить на него код WhatsApp, ничего не придёт.',
        '2. Совпадение страны. Многие сервисы проверяют, что страна номера совпадает со страной вашего IP-адреса или выбранной в их форме. Выбирайте одну и ту же страну с обеих сторон и указывайте её из списка, а не вводите код страны дважды.',
        '3. Копируйте номер точно. Пользуйтесь кнопкой копирования в личном кабинете. Вводите номер в международном формате, если форма этого просит, и не добавляйте плюс или ноль в начале, если код страны уже подставлен.',
        '4. Запросите код один раз и подождите. Обычно код приходит в течение минуты. Частые нажатия «Отправить повторно» могут включить ограничения на стороне сервиса и задержать все следующие сообщения.',
        '5. Не закрывайте личный кабинет. Новые сообщения сразу появляются во входящих, и вы также получаете уведомление. Обновлять страницу не нужно.',
        '6. Выбирайте SMS, а не звонок. Некоторые сервисы предлагают голосовой вызов вместо сообщения. Виртуальные номера принимают только SMS, поэтому выбирайте текстовое сообщение, если есть выбор.',
        '7. Не тяните с временной активацией. Временный номер закреплён за вами на 20 минут. Запрашивайте код сразу после начала активации.',
        '8. Если сообщение не пришло, закройте аренду. Номер, на который не пришло ни одного сообщения, можно закрыть, и полная стоимость вернётся на баланс. Попробуйте другой номер или другую страну: некоторые сервисы просто блокируют определённые диапазоны номеров.',
      ],
    },
  },
  {
    id: 3,
    slug: 'shared-private-or-temporary',
    publishedAt: '2025-03-10',
    title: {
      en: 'Shared, Private or Temporary: which number do you need?',
      ru: 'Общий, приватный или временный: какой номер вам нужен?',
    },
    excerpt: {
      en: 'Three kinds of numbers, three different jobs. A short guide to choosing the one that fits, and what each one costs.',
      ru: 'Три вида номеров — три разные задачи. Короткое руководство о том, как выбрать подходящий и сколько стоит каждый.',
    },
    body: {
      en: [
        'Shared numbers are the most affordable option. One number serves several customers at once, but never two customers for the same service: your messages from the service you rented it for reach only you. Shared numbers are rented per service for one week, two weeks or a month, and longer periods come with a discount.',
        'Private numbers belong to you alone for the whole rental. Every message that arrives, from any sender, lands in your inbox. That makes them the right choice when you want one number for several services, or when a service sends codes from changing senders. Private numbers are priced per country.',
        'Temporary activations are built for a single code. You pick a country and a service, get a number for 20 minutes, and the activation ends as soon as the first code arrives. If no message comes within the window, the full price is returned to your balance automatically.',
        'How prices are calculated: rentals cost the price per day multiplied by the number of days, minus the discount for that period. The struck-through price in the picker is the full price before the discount, so you always see exactly what you save.',
        'Not sure? Start with a Temporary activation for a one-off sign-up, a Shared number if you need to log in again during the next weeks, and a Private number when the number itself matters to you for a while.',
      ],
      ru: [
        'Общие номера (Shared) — самый доступный вариант. Один номер обслуживает нескольких клиентов одновременно, но никогда — двух клиентов одного и того же сервиса: сообщения от сервиса, для которого вы арендовали номер, получаете только вы. Общие номера арендуются под сервис на неделю, две недели или месяц, а на более долгие сроки действует скидка.',
        'Приватные номера (Private) принадлежат только вам на всё время аренды. Любое входящее сообщение от любого отправителя попадает в ваш ящик. Это правильный выбор, если один номер нужен для нескольких сервисов или если сервис присылает коды с разных отправителей. Цена приватного номера зависит от страны.',
        'Временные активации (Temporary) созданы для одного кода. Вы выбираете страну и сервис, получаете номер на 20 минут, и активация завершается, как только приходит первый код. Если за это время сообщение не пришло, полная стоимость автоматически возвращается на баланс.',
        'Как считается цена: аренда стоит как цена за день, умноженная на количество дней, минус скидка за выбранный срок. Зачёркнутая цена в форме выбора — это полная цена без скидки, поэтому вы всегда видите, сколько экономите.',
        'Не уверены? Начните с временной активации для разовой регистрации, возьмите общий номер, если в ближайшие недели придётся входить снова, и приватный номер, когда важен сам номер на длительный срок.',
      ],
    },
  },
  {
    id: 4,
    slug: 'how-rentals-and-refunds-work',
    publishedAt: '2025-04-22',
    title: {
      en: 'How rentals and refunds work',
      ru: 'Как устроены аренда и возвраты',
    },
    excerpt: {
      en: 'You only pay for numbers that work. Here is exactly when your money comes back, and why numbers are never handed to someone else right after you.',
      ru: 'Вы платите только за номера, которые работают. Рассказываем, когда именно деньги возвращаются и почему номер не передают другому сразу после вас.',
    },
    body: {
      en: [
        'Every rental is paid from your balance in US dollars. The price is fixed when you confirm the order and is shown in the confirmation window together with the country, the service, the number and the rental period. Nothing is charged later.',
        'As long as a rental has not received a single message, you can close it at any time from the Manage Number page. The full price goes back to your balance immediately and you can order a different number straight away.',
        'Once a message has arrived, the number has done its job and the rental can no longer be refunded. You keep receiving messages until the rental period ends.',
        'Temporary activations refund themselves: if no code arrives within the 20-minute window, the activation is closed and the money is returned without you doing anything.',
        'When a rental ends, the number is not rented again to another customer for the same service for 90 days. Mobile operators may reissue a SIM card after two to three months of inactivity, so treat a rented number as disposable: once the rental is over, do not rely on it to recover an account.',
        'Every charge and every refund appears in your Transaction History, so your balance can always be traced back to individual payments.',
      ],
      ru: [
        'Каждая аренда оплачивается с баланса в долларах США. Цена фиксируется в момент подтверждения заказа и показывается в окне подтверждения вместе со страной, сервисом, номером и сроком аренды. Позже ничего не списывается.',
        'Пока на номер не пришло ни одного сообщения, аренду можно закрыть в любой момент на странице «Управление номерами». Полная стоимость сразу возвращается на баланс, и вы можете сразу заказать другой номер.',
        'Если сообщение уже пришло, номер выполнил свою задачу, и вернуть деньги за аренду нельзя. Вы продолжаете получать сообщения до конца срока аренды.',
        'Временные активации возвращают деньги сами: если код не пришёл за 20 минут, активация закрывается, и деньги возвращаются без каких-либо действий с вашей стороны.',
        'После окончания аренды номер не сдаётся другому клиенту для того же сервиса в течение 90 дней. Операторы могут перевыпустить SIM-карту после двух-трёх месяцев неактивности, поэтому считайте арендованный номер одноразовым: после окончания аренды не полагайтесь на него для восстановления аккаунта.',
        'Каждое списание и каждый возврат отображаются в истории транзакций, поэтому баланс всегда можно сверить с отдельными операциями.',
      ],
    },
  },
  {
    id: 5,
    slug: 'keep-accounts-safe-after-the-rental-ends',
    publishedAt: '2025-06-05',
    title: {
      en: 'Keep your accounts safe after the rental ends',
      ru: 'Как сохранить доступ к аккаунтам после окончания аренды',
    },
    excerpt: {
      en: 'A rented number is perfect for signing up, but it should not be the only key to your account. Five steps to take right after you log in.',
      ru: 'Арендованный номер идеально подходит для регистрации, но не должен быть единственным ключом к аккаунту. Пять шагов сразу после входа.',
    },
    body: {
      en: [
        'Virtual numbers are meant for verification, not for account recovery years from now. Once your rental ends, you can no longer receive messages on that number, so make sure you can still get back into your account without it.',
        'Add a recovery e-mail address you control. Most services let you reset your password by e-mail, and an address is much easier to keep than a phone number.',
        'Switch two-factor authentication to an authenticator app or a security key. App-based codes and hardware keys are safer than SMS anyway, and they do not depend on the number you registered with.',
        'Save the backup codes. Services that offer two-factor authentication usually give you a set of one-time backup codes. Store them in a password manager or print them.',
        'Use a unique, strong password for every account, ideally generated by a password manager. A rented number protects your identity, but only a good password protects the account itself.',
        'Finally, if you need a service to reach you by phone for a long time, rent a Private number for a longer period, or extend the rental before it ends, instead of letting the number lapse.',
      ],
      ru: [
        'Виртуальные номера предназначены для подтверждения, а не для восстановления аккаунта через несколько лет. После окончания аренды вы больше не сможете получать сообщения на этот номер, поэтому убедитесь, что сможете войти в аккаунт и без него.',
        'Добавьте резервный адрес электронной почты, к которому у вас есть доступ. Большинство сервисов позволяют сбросить пароль по почте, а адрес сохранить гораздо проще, чем номер телефона.',
        'Переключите двухфакторную аутентификацию на приложение-аутентификатор или аппаратный ключ. Коды из приложения и ключи безопаснее SMS и не зависят от номера, на который вы регистрировались.',
        'Сохраните резервные коды. Сервисы с двухфакторной аутентификацией обычно выдают набор одноразовых резервных кодов. Храните их в менеджере паролей или распечатайте.',
        'Используйте для каждого аккаунта уникальный надёжный пароль, лучше всего сгенерированный менеджером паролей. Арендованный номер защищает вашу личность, но сам аккаунт защищает только хороший пароль.',
        'Наконец, если сервис должен связываться с вами по телефону долгое время, арендуйте приватный номер на больший срок или продлите аренду до её окончания, а не позволяйте номеру истечь.',
      ],
    },
  },
  {
    id: 6,
    slug: 'topping-up-your-balance',
    publishedAt: '2025-08-19',
    title: {
      en: 'Topping up your balance: payment methods explained',
      ru: 'Пополнение баланса: способы оплаты',
    },
    excerpt: {
      en: 'Card, crypto or e-wallet: how each top-up method works, how long it takes, and what to do if a payment does not show up.',
      ru: 'Карта, криптовалюта или электронный кошелёк: как работает каждый способ пополнения, сколько это занимает и что делать, если платёж не появился.',
    },
    body: {
      en: [
        'Your balance is kept in US dollars and every rental is paid from it, so you only enter payment details when you top up, never when you rent a number.',
        'Bank cards are processed by Stripe on its own secure checkout page. We never see or store your card number. Card payments are usually credited within seconds of completing the checkout.',
        'Cryptocurrency can be paid through Binance Pay or through our crypto checkout, which accepts the most common coins. Crypto payments are credited once the network confirms the transaction, which can take from a few seconds to several minutes depending on the coin.',
        'Payeer and Perfect Money are available for customers who prefer e-wallets. After paying in the wallet you are sent back to the site automatically.',
        'Each payment is credited exactly once, even if the provider notifies us several times, and every top-up appears in your Transaction History. If a completed payment has not reached your balance after 30 minutes, contact support with the payment reference from the provider and we will trace it.',
        'You can also transfer part of your balance to another NumberNest account from the Balance Transfer page, which is handy for teams that share a budget.',
      ],
      ru: [
        'Баланс хранится в долларах США, и каждая аренда оплачивается с него, поэтому платёжные данные вы вводите только при пополнении, а не при аренде номера.',
        'Банковские карты обрабатывает Stripe на своей защищённой странице оплаты. Мы никогда не видим и не храним номер вашей карты. Платежи картой обычно зачисляются через несколько секунд после оплаты.',
        'Криптовалютой можно заплатить через Binance Pay или через нашу криптокассу, которая принимает самые распространённые монеты. Криптоплатежи зачисляются после подтверждения транзакции сетью — от нескольких секунд до нескольких минут в зависимости от монеты.',
        'Для тех, кто предпочитает электронные кошельки, доступны Payeer и Perfect Money. После оплаты в кошельке вы автоматически вернётесь на сайт.',
        'Каждый платёж зачисляется ровно один раз, даже если платёжная система уведомляет нас несколько раз, и каждое пополнение видно в истории транзакций. Если завершённый платёж не поступил на баланс в течение 30 минут, напишите в поддержку и укажите номер платежа у платёжной системы — мы его найдём.',
        'Часть баланса можно также перевести на другой аккаунт NumberNest на странице «Перевод баланса» — это удобно для команд с общим бюджетом.',
      ],
    },
  },
];
