/** The small page the unsubscribe link answers (EN and RU: the link carries no language). */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PageWords {
  title: string;
  en: string;
  ru: string;
}

export const unsubscribeWords = {
  done: {
    title: 'E-mail forwarding is off',
    en: 'You will no longer get SMS by e-mail. Turn it back on any time in Account setting → Notifications.',
    ru: 'SMS больше не будут приходить на почту. Включить пересылку снова можно в настройках аккаунта → Уведомления.',
  },
  used: {
    title: 'This link was already used',
    en: 'E-mail forwarding was already turned off with this link, or turned on again since. Manage it in Account setting → Notifications.',
    ru: 'По этой ссылке пересылка на почту уже отключена или с тех пор включена снова. Управлять ею можно в настройках аккаунта → Уведомления.',
  },
  invalid: {
    title: 'This link is not valid',
    en: 'The unsubscribe link is damaged or was not made by NumberNest. Sign in to manage e-mail forwarding in Account setting → Notifications.',
    ru: 'Ссылка для отписки повреждена или создана не NumberNest. Войдите, чтобы управлять пересылкой на почту в настройках аккаунта → Уведомления.',
  },
} satisfies Record<string, PageWords>;

export function unsubscribePage(words: PageWords, settingsUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(words.title)} — NumberNest</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1f2937;background:#f9fafb}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .75rem}p{margin:.5rem 0}a{color:#2563eb}
@media (prefers-color-scheme:dark){body{background:#111827;color:#e5e7eb}main{background:#1f2937;border-color:#374151}a{color:#93c5fd}}</style></head>
<body><main><h1>${escape(words.title)}</h1><p>${escape(words.en)}</p><p lang="ru">${escape(words.ru)}</p>
<p><a href="${escape(settingsUrl)}">NumberNest</a></p></main></body></html>
`;
}
