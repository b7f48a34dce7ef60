/**
 * The one-time code of an SMS, for the copy button and the rental list (pure; the web may import it).
 *
 * The answer is the code's DIGITS ONLY, 4 to 8 of them: `G-123456` gives `123456` (Google accepts
 * either), `123-456` and `123 456` give `123456`. Copying digits only is what every code field
 * takes. null when the text holds no code.
 *
 * How: numbers that cannot be codes are set aside first (links, phone numbers and other runs of
 * 9+ digits, dates and times, amounts with a decimal separator or next to a currency, card tails
 * such as `*1234`, numbers glued to letters such as `x1234` or `5GB`). Of the rest, the one
 * closest to a code word ("code", "PIN", "password", "OTP", "verify", "код", "пароль", "kod"…)
 * within the same sentence wins; failing that one elsewhere in a text that has such a word; in a
 * text with no such word only a code-shaped one (`G-123456`, `123-456`) or the only number there
 * is. A year (19xx, 20xx) is taken only right next to a code word.
 */
export function extractCode(body: string): string | null {
  const text = body.normalize('NFKC');
  const masked = maskLinks(text);
  const candidates = findCandidates(text, masked);
  if (!candidates.length) return null;
  const keywords = [...masked.matchAll(keywordPattern)].map((m) => ({ start: m.index, end: m.index + m[0].length }));

  const ranked = candidates
    .map((candidate) => ({ candidate, ...closeness(candidate, keywords, text) }))
    .filter(({ candidate, tier }) => tier === 0 || !candidate.yearLike);
  if (!ranked.length) return null;
  ranked.sort(
    (a, b) => a.tier - b.tier || a.distance - b.distance || Number(b.candidate.shaped) - Number(a.candidate.shaped) || a.candidate.start - b.candidate.start,
  );
  const best = ranked[0]!;
  if (best.tier === 3 && !best.candidate.shaped && ranked.length > 1) return null; // no code word, several numbers: no guess
  return best.candidate.digits;
}

interface Candidate {
  start: number;
  end: number;
  digits: string;
  /** `G-123456` or `123-456`: shaped like a code even without a code word. */
  shaped: boolean;
  yearLike: boolean;
}

/** Words that announce a code (Latin, Cyrillic, Russian in Latin letters). */
const keywordPattern =
  /(?<![\p{L}\p{N}])(?:codes?|passcode|otp|pin|password|verification|verify|код|кода|коду|кодом|пароль|пароля|kod|kodu|código|codigo)(?![\p{L}])/giu;

/** The same text with links blanked out (their digits are ids, not codes); lengths kept. */
function maskLinks(text: string): string {
  const blank = (match: string) => '~'.repeat(match.length);
  return text.replace(/\b(?:https?:\/\/|www\.)\S+/gi, blank).replace(/[\w-]+(?:\.[\w-]+)+\/\S*/g, blank);
}

/** A run of digits joined by single separators: `123-456`, `8 800 555-35-35`, `12/03/2024`, `1,250.00`. */
const numberRun = /\+?\(?\d(?:[\d()]|[ \u00a0\u202f\-./:,](?=\(?\d))*/g;
const currencyAfter = /^[ \u00a0\u202f]?(?:р\.|р(?![\p{L}])|руб|₽|rub|usd|eur|uah|kzt|грн|тг|\$|€|£|%)/iu;
const currencyBefore = /(?:\$|€|£|₽|usd|eur|rub)[ \u00a0\u202f]?$/i;

function findCandidates(text: string, masked: string): Candidate[] {
  const found: Candidate[] = [];
  for (const match of masked.matchAll(numberRun)) addRun(found, text, match[0].replace(/[(]+$/, ''), match.index, true);
  return found;
}

/**
 * The code candidates of one run. A run that is no code as a whole but was joined by spaces
 * (`777-777 94efc…`, `Code 1234 12 34`) is tried again piece by piece.
 */
function addRun(found: Candidate[], text: string, run: string, start: number, split: boolean): void {
  const end = start + run.length;
  const digits = run.replace(/\D/g, '');
  // Phone numbers, cards and accounts; decimals, dates and times.
  if (run.startsWith('+') || digits.length >= 9 || /[./:,]/.test(run)) return;
  const before = text.slice(0, start);
  const after = text.slice(end);
  let groups = [...run.matchAll(/\d+/g)].map((g) => ({ start: start + g.index, digits: g[0] }));
  // Glued to a letter or a mask (`x1234`, `*1234`, `••1234`, `5GB`): an identifier, a card tail, a size.
  const glued = /[\p{L}*•·]$/u.test(before) || /^[\p{L}\p{N}]/u.test(after);
  if (glued || groups.length >= 3) {
    if (split && /[ \u00a0\u202f]/.test(run)) {
      for (const piece of run.matchAll(/[^ \u00a0\u202f]+/g)) addRun(found, text, piece[0], start + piece.index, false);
    }
    return;
  }
  const moneyAfter = currencyAfter.test(after);
  const moneyBefore = currencyBefore.test(before);
  if (moneyAfter || moneyBefore) {
    // `150 000 ₽` is one amount; in `4821 1500 р.` only the number next to the currency is.
    if (groups.length === 1 || groups.slice(1).every((g) => g.digits.length === 3)) return;
    groups = moneyAfter ? groups.slice(0, -1) : groups.slice(1);
  } else if (groups.length === 2 && groups.every((g) => g.digits.length === 3)) {
    found.push({ start, end, digits, shaped: true, yearLike: false });
    return;
  }
  for (const group of groups) {
    if (group.digits.length < 4 || group.digits.length > 8) continue;
    const prefixed = groups.length === 1 && /(?:^|[^\p{L}\p{N}])\p{Lu}{1,3}-$/u.test(before);
    found.push({
      start: group.start,
      end: group.start + group.digits.length,
      digits: group.digits,
      shaped: prefixed,
      yearLike: /^(?:19|20)\d\d$/.test(group.digits),
    });
  }
}

/** Anything that ends a sentence between a code word and a number. */
const sentenceBreak = /[.!?…](?:\s|$)|\n/;
const nearChars = 40;

/**
 * Tier 0: a code word within 40 characters in the same sentence; 1: one farther in the same
 * sentence; 2: one elsewhere in the text; 3: none at all. `distance` orders within a tier.
 */
function closeness(candidate: Candidate, keywords: Array<{ start: number; end: number }>, text: string): { tier: number; distance: number } {
  if (!keywords.length) return { tier: 3, distance: 0 };
  let distance = Number.POSITIVE_INFINITY;
  for (const keyword of keywords) {
    const gap =
      keyword.end <= candidate.start
        ? text.slice(keyword.end, candidate.start)
        : keyword.start >= candidate.end
          ? text.slice(candidate.end, keyword.start)
          : undefined;
    if (gap === undefined || sentenceBreak.test(gap)) continue;
    distance = Math.min(distance, gap.length);
  }
  if (distance <= nearChars) return { tier: 0, distance };
  if (Number.isFinite(distance)) return { tier: 1, distance };
  return { tier: 2, distance: 0 };
}
