/**
 * Rebuilds web/public/images/{flags,services} from the seed data. Not a dependency of the app:
 *
 *   npm i --prefix /tmp/nn-imgs flag-icons simple-icons
 *   npx tsx packages/core/tools/make-images.ts /tmp/nn-imgs/node_modules
 *
 * Flags: flag-icons' 4x3 set (MIT). Blog covers: drawn here (gradient + a motif per post). Logos: simple-icons (CC0) on a round badge in the brand colour;
 * brands that simple-icons does not carry get a lettered badge in their colour.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seedBlogPosts } from '../src/content/blog-posts';
import { seedCountries } from '../src/seed/countries';
import { seedServices } from '../src/seed/services';

const modules = resolve(process.argv[2] ?? '/tmp/nn-imgs/node_modules');
const out = resolve(import.meta.dirname, '../../../web/public/images');

/** Brands missing from simple-icons: colour and the letters on their badge. */
const lettered: Record<string, { hex: string; text: string }> = {
  amazon: { hex: 'FF9900', text: 'a' },
  microsoft: { hex: '00A4EF', text: 'M' },
  linkedin: { hex: '0A66C2', text: 'in' },
  yahoo: { hex: '6001D2', text: 'Y!' },
  openai: { hex: '10A37F', text: 'AI' },
};

/** Dark glyph on light brand colours (e.g. Snapchat yellow), white otherwise. */
function glyphColour(hex: string) {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.45 ? '#111111' : '#FFFFFF';
}

const badge = (title: string, hex: string, inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" role="img"><title>${title}</title>` +
  `<circle cx="24" cy="24" r="24" fill="#${hex}"/>${inner}</svg>\n`;

function serviceLogo(slug: string, name: string): string {
  const missing = lettered[slug];
  if (missing) {
    const size = missing.text.length > 1 ? 18 : 24;
    return badge(
      name,
      missing.hex,
      `<text x="24" y="24" dy="0.35em" text-anchor="middle" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="${glyphColour(missing.hex)}">${missing.text}</text>`,
    );
  }
  const icons = JSON.parse(readFileSync(join(modules, 'simple-icons/data/simple-icons.json'), 'utf8')) as { slug: string; hex: string }[];
  const hex = icons.find((i) => i.slug === slug)?.hex;
  if (!hex) throw new Error(`simple-icons has no data for ${slug}`);
  const path = /<path d="([^"]+)"/.exec(readFileSync(join(modules, `simple-icons/icons/${slug}.svg`), 'utf8'))?.[1];
  if (!path) throw new Error(`no path in simple-icons/icons/${slug}.svg`);
  return badge(name, hex, `<path transform="translate(11.4 11.4) scale(1.05)" fill="${glyphColour(hex)}" d="${path}"/>`);
}

/** Motifs for the blog covers, drawn in a 200x200 box; white strokes/fills on the gradient. */
const motifs = [
  // privacy: a shield with a tick
  '<path d="M100 18 172 44v56c0 46-30 74-72 88-42-14-72-42-72-88V44z" fill="#fff" fill-opacity=".16" stroke="#fff" stroke-width="8" stroke-linejoin="round"/><path d="m68 102 22 22 44-46" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>',
  // OTP: a message bubble holding a code
  '<path d="M30 40h140a16 16 0 0 1 16 16v76a16 16 0 0 1-16 16H82l-34 28v-28H30a16 16 0 0 1-16-16V56a16 16 0 0 1 16-16z" fill="#fff" fill-opacity=".16" stroke="#fff" stroke-width="8" stroke-linejoin="round"/>' +
    [0, 1, 2, 3].map((i) => `<rect x="${40 + i * 32}" y="76" width="24" height="36" rx="6" fill="#fff"/>`).join(''),
  // number types: three phones
  [0, 1, 2]
    .map(
      (i) =>
        `<rect x="${22 + i * 54}" y="${46 - i * 14}" width="48" height="${110 + i * 14}" rx="10" fill="#fff" fill-opacity="${0.16 + i * 0.14}" stroke="#fff" stroke-width="6"/>`,
    )
    .join(''),
  // refunds: a circular arrow around a dollar sign
  '<path d="M164 100a64 64 0 1 1-19-45" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round"/><path d="m150 26 0 36-36 0" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/><text x="100" y="100" dy="0.36em" text-anchor="middle" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif" font-size="84" font-weight="700" fill="#fff">$</text>',
  // account safety: a padlock
  '<path d="M62 92V68a38 38 0 0 1 76 0v24" fill="none" stroke="#fff" stroke-width="12"/><rect x="40" y="88" width="120" height="92" rx="16" fill="#fff" fill-opacity=".16" stroke="#fff" stroke-width="8"/><circle cx="100" cy="128" r="12" fill="#fff"/><rect x="95" y="132" width="10" height="26" rx="5" fill="#fff"/>',
  // top-up: a card and a coin
  '<rect x="14" y="50" width="140" height="92" rx="14" fill="#fff" fill-opacity=".16" stroke="#fff" stroke-width="8"/><rect x="14" y="72" width="140" height="16" fill="#fff"/><rect x="30" y="110" width="46" height="10" rx="5" fill="#fff"/><circle cx="150" cy="140" r="36" fill="#fff" fill-opacity=".9"/><text x="150" y="140" dy="0.36em" text-anchor="middle" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif" font-size="44" font-weight="700" fill="#444">$</text>',
];
const gradients = [
  ['4F46E5', '06B6D4'],
  ['0EA5E9', '22C55E'],
  ['8B5CF6', 'EC4899'],
  ['F59E0B', 'EF4444'],
  ['0F766E', '1D4ED8'],
  ['7C3AED', 'F97316'],
];

function blogCover(title: string, index: number): string {
  const [from, to] = gradients[index % gradients.length]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" role="img"><title>${title}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#${from}"/><stop offset="1" stop-color="#${to}"/></linearGradient></defs>` +
    '<rect width="1200" height="630" fill="url(#g)"/>' +
    '<circle cx="1040" cy="90" r="220" fill="#fff" fill-opacity=".08"/><circle cx="140" cy="560" r="260" fill="#fff" fill-opacity=".07"/><circle cx="980" cy="560" r="90" fill="#fff" fill-opacity=".06"/>' +
    `<g transform="translate(400 115) scale(2)">${motifs[index % motifs.length]}</g></svg>\n`
  );
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

mkdirSync(join(out, 'blog'), { recursive: true });
seedBlogPosts.forEach((post, i) => writeFileSync(join(out, 'blog', `${post.slug}.svg`), blogCover(escapeXml(post.title.en), i)));

mkdirSync(join(out, 'flags'), { recursive: true });
mkdirSync(join(out, 'services'), { recursive: true });
for (const c of seedCountries) copyFileSync(join(modules, `flag-icons/flags/4x3/${c.iso}.svg`), join(out, 'flags', `${c.iso}.svg`));
for (const s of seedServices) {
  const file = join(out, 'services', `${s.slug}.svg`);
  writeFileSync(file, serviceLogo(s.slug, escapeXml(s.name)));
}
console.log(`${seedCountries.length} flags, ${seedServices.length} logos, ${seedBlogPosts.length} covers -> ${out}`);
