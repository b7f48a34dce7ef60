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
}

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

export const seedServices: readonly SeedService[] = rows.map(([name, slug, basePerDayCents, baseTemporaryCents, discounts, extra], i) => ({
  id: i + 1,
  name,
  slug,
  basePerDayCents,
  baseTemporaryCents,
  discounts,
  ...extra,
}));

/** Share of the rental price taken off per period (1 Week, 2 Week, 1 Month). */
export const discountRates: Record<SeedService['discounts'], readonly [number, number, number]> = {
  none: [0, 0, 0],
  standard: [0.05, 0.1, 0.2],
  generous: [0.1, 0.18, 0.3],
};
