import type { SenderPatterns } from '../catalogue';
import { serviceCodes } from '../catalogue';

/**
 * Seeded services with a base price per day and a Temporary activation price (cents, before the
 * country's tier). Discount style: 'none' services show no discount badge in the UI.
 * `regions`: only offered in these countries (ISO); otherwise offered in most countries.
 */
export interface SeedService {
  id: number;
  name: string;
  slug: string;
  basePerDayCents: number;
  baseTemporaryCents: number;
  discounts: 'none' | 'standard' | 'generous';
  /** Offered in every country. */
  everywhere?: boolean;
  regions?: readonly string[];
  /** How the service's SMS look: routes a Shared or Temporary number's inbound SMS to its renter. */
  patterns: SenderPatterns;
  /** Its SMS-Activate code (handler-api/codes.ts), when the protocol carries it. */
  protocolCode?: string;
}

export type { SenderPatterns };

type Row = [name: string, slug: string, perDay: number, temporary: number, discounts: SeedService['discounts'], extra?: Partial<SeedService>];

const rows: Row[] = [
  ['Telegram', 'telegram', 18, 35, 'standard', { everywhere: true }],
  ['WhatsApp', 'whatsapp', 20, 40, 'standard', { everywhere: true }],
  ['Google', 'google', 15, 30, 'standard', { everywhere: true }],
  ['Facebook', 'facebook', 12, 25, 'standard', { everywhere: true }],
  ['Instagram', 'instagram', 12, 25, 'standard', { everywhere: true }],
  ['TikTok', 'tiktok', 10, 20, 'generous'],
  ['Amazon', 'amazon', 14, 30, 'standard'],
  ['Uber', 'uber', 11, 25, 'none'],
  ['Microsoft', 'microsoft', 13, 28, 'standard'],
  ['Apple', 'apple', 16, 35, 'standard'],
  ['Discord', 'discord', 9, 18, 'generous'],
  ['X (Twitter)', 'x', 10, 22, 'standard'],
  ['Netflix', 'netflix', 12, 25, 'none'],
  ['PayPal', 'paypal', 22, 45, 'standard'],
  ['Airbnb', 'airbnb', 13, 28, 'standard'],
  ['LinkedIn', 'linkedin', 14, 30, 'standard'],
  ['Snapchat', 'snapchat', 9, 18, 'generous'],
  ['Viber', 'viber', 8, 15, 'standard'],
  ['WeChat', 'wechat', 25, 55, 'standard'],
  ['Yahoo', 'yahoo', 6, 12, 'none'],
  ['Tinder', 'tinder', 15, 32, 'generous'],
  ['Steam', 'steam', 9, 18, 'none'],
  ['Spotify', 'spotify', 7, 14, 'none'],
  ['eBay', 'ebay', 10, 22, 'standard'],
  ['Binance', 'binance', 24, 50, 'standard'],
  ['Coinbase', 'coinbase', 24, 50, 'standard'],
  ['OpenAI', 'openai', 20, 40, 'standard'],
  ['Shopee', 'shopee', 8, 15, 'generous', { regions: ['id', 'ph', 'vn', 'th', 'my', 'br', 'mx', 'co'] }],
  ['Lyft', 'lyft', 11, 24, 'none', { regions: ['us', 'ca'] }],
  ['Signal', 'signal', 10, 20, 'none'],
];

/**
 * Realistic sender ids and texts per service (short codes are the US ones they use). A short code
 * shared by two services (Meta's 32665) matches both; the body then decides.
 */
const patterns: Record<string, SenderPatterns> = {
  telegram: { from: '^(Telegram|TELEGRAM|Telegram Messenger)$', body: '\\bTelegram\\b|t\\.me/login' },
  whatsapp: { from: '^(WhatsApp|WHATSAPP)$', body: '\\bWhatsApp\\b|v\\.whatsapp\\.com' },
  google: { from: '^(Google|GOOGLE|22000)$', body: '\\bG-\\d{6}\\b|\\bGoogle\\b' },
  facebook: { from: '^(Facebook|FACEBOOK|FB|32665)$', body: '\\bFB-\\d{5,8}\\b|\\bFacebook\\b' },
  instagram: { from: '^(Instagram|INSTAGRAM|32665)$', body: '\\bInstagram\\b' },
  tiktok: { from: '^(TikTok|TIKTOK)$', body: '\\bTikTok\\b' },
  amazon: { from: '^(Amazon|AMAZON|262966)$', body: '\\bAmazon\\b' },
  uber: { from: '^(Uber|UBER|827222|89203)$', body: '\\bUber\\b' },
  microsoft: { from: '^(Microsoft|MICROSOFT|MSFT)$', body: '\\bMicrosoft\\b' },
  apple: { from: '^(Apple|APPLE|Apple ID)$', body: '\\bApple (?:ID|Account)\\b|@apple\\.com' },
  discord: { from: '^(Discord|DISCORD)$', body: '\\bDiscord\\b' },
  x: { from: '^(Twitter|X|40404)$', body: '\\bTwitter\\b|\\bX (?:verification|confirmation|authentication) code\\b' },
  netflix: { from: '^(Netflix|NETFLIX)$', body: '\\bNetflix\\b' },
  paypal: { from: '^(PayPal|PAYPAL|729725)$', body: '\\bPayPal\\b' },
  airbnb: { from: '^(Airbnb|AIRBNB)$', body: '\\bAirbnb\\b' },
  linkedin: { from: '^(LinkedIn|LINKEDIN)$', body: '\\bLinkedIn\\b' },
  snapchat: { from: '^(Snapchat|SNAPCHAT)$', body: '\\bSnapchat\\b' },
  viber: { from: '^(Viber|VIBER)$', body: '\\bViber\\b' },
  wechat: { from: '^(WeChat|WECHAT|Tencent)$', body: '\\bWeChat\\b|微信' },
  yahoo: { from: '^(Yahoo|YAHOO)$', body: '\\bYahoo\\b' },
  tinder: { from: '^(Tinder|TINDER)$', body: '\\bTinder\\b' },
  steam: { from: '^(Steam|STEAM)$', body: '\\bSteam\\b' },
  spotify: { from: '^(Spotify|SPOTIFY)$', body: '\\bSpotify\\b' },
  ebay: { from: '^(eBay|EBAY)$', body: '\\beBay\\b' },
  binance: { from: '^(Binance|BINANCE)$', body: '\\bBinance\\b' },
  coinbase: { from: '^(Coinbase|COINBASE)$', body: '\\bCoinbase\\b' },
  openai: { from: '^(OpenAI|OPENAI)$', body: '\\bOpenAI\\b|\\bChatGPT\\b' },
  shopee: { from: '^(Shopee|SHOPEE)$', body: '\\bShopee\\b' },
  lyft: { from: '^(Lyft|LYFT)$', body: '\\bLyft\\b' },
  signal: { from: '^(Signal|SIGNAL)$', body: '\\bSignal\\b' },
};

const codeOfSlug = new Map(serviceCodes.map(([code, slug]) => [slug, code]));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const seedServices: readonly SeedService[] = rows.map(([name, slug, basePerDayCents, baseTemporaryCents, discounts, extra], i) => ({
  id: i + 1,
  name,
  slug,
  basePerDayCents,
  baseTemporaryCents,
  discounts,
  patterns: patterns[slug] ?? { from: `^${escapeRegExp(name)}$`, body: `\\b${escapeRegExp(name)}\\b` },
  ...(codeOfSlug.has(slug) ? { protocolCode: codeOfSlug.get(slug) } : {}),
  ...extra,
}));

/** Share of the rental price taken off per period (1 Week, 2 Week, 1 Month). */
export const discountRates: Record<SeedService['discounts'], readonly [number, number, number]> = {
  none: [0, 0, 0],
  standard: [0.05, 0.1, 0.2],
  generous: [0.1, 0.18, 0.3],
};
