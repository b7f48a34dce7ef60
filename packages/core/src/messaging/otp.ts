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
 *
 * Its time grows linearly with the text (a sender writes whatever it likes, as long as it likes):
 * every pass over the text goes forward once, no pattern backtracks over more than a few
 * characters, and how close a number is to a code word is read from positions found in one pass.
 */
export function extractCode(body: string): string | null {
  const text = body.normalize('NFKC');
  const masked = maskLinks(text);
  const candidates = findCandidates(text, masked);
  if (!candidates.length) return null;
  const keywords = [...masked.matchAll(keywordPattern)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const closeness = closenessIn(text, keywords);

  const ranked = candidates.map((candidate) => ({ candidate, ...closeness(candidate) })).filter(({ candidate, tier }) => tier === 0 || !candidate.yearLike);
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

/** JavaScript's `\s`: ECMAScript's white space and line terminators. */
function isSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** `\w`: an ASCII letter or digit, or `_`. */
const isWordChar = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
/** A character of one name of a host or path: `\w` or `-`. */
const isNameChar = (c: number) => isWordChar(c) || c === 0x2d;

/** Where the run of characters other than spaces from `from` ends. */
function endOfRun(text: string, from: number): number {
  let i = from;
  while (i < text.length && !isSpace(text.charCodeAt(i))) i++;
  return i;
}

function endOfName(text: string, from: number): number {
  let i = from;
  while (isNameChar(text.charCodeAt(i))) i++;
  return i;
}

type Span = [start: number, end: number];

/** `text` with each span replaced by as many `~`. */
function blankOut(text: string, spans: Span[]): string {
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    out += text.slice(from, start) + '~'.repeat(end - start);
    from = end;
  }
  return out + text.slice(from);
}

/** What opens a web address, any case, with at least one more character but a space after it; tried at one place (sticky). */
const addressOpening = /(?:https?:\/\/|www\.)(?=\S)/iy;

/** Web addresses: an opening (`https://`, `http://`, `www.`) at the start of a word, and the rest up to the next space. */
function webAddresses(text: string): Span[] {
  const spans: Span[] = [];
  for (let i = 0; i < text.length; i++) {
    const letter = text.charCodeAt(i) | 0x20; // ASCII letters to lower case
    if ((letter !== 0x68 && letter !== 0x77) || (i > 0 && isWordChar(text.charCodeAt(i - 1)))) continue;
    addressOpening.lastIndex = i;
    if (!addressOpening.test(text)) continue;
    const end = endOfRun(text, addressOpening.lastIndex);
    spans.push([i, end]);
    i = end; // a space (or the end): no address opens there
  }
  return spans;
}

/**
 * Paths after a dotted name (`v.whatsapp.com/123456`): two or more names of `\w` and `-` joined
 * by single dots, directly followed by `/`, with the rest up to the next space.
 */
function dottedPaths(text: string): Span[] {
  const spans: Span[] = [];
  let i = 0;
  while (i < text.length) {
    if (!isNameChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = endOfName(text, i);
    let names = 1;
    for (; text.charCodeAt(j) === 0x2e && isNameChar(text.charCodeAt(j + 1)); names++) j = endOfName(text, j + 1);
    if (names > 1 && text.charCodeAt(j) === 0x2f) {
      const end = endOfRun(text, j + 1);
      spans.push([i, end]);
      i = end;
    } else {
      // A path opening at any later name of this chain would end at the same `j`, with fewer dots: none does.
      i = j;
    }
  }
  return spans;
}

/**
 * The same text with links blanked out (their digits are ids, not codes); lengths kept. Web
 * addresses first, then paths after dotted names in what is left, each one forward pass.
 */
function maskLinks(text: string): string {
  const withoutAddresses = blankOut(text, webAddresses(text));
  return blankOut(withoutAddresses, dottedPaths(withoutAddresses));
}

/** A run of digits joined by single separators: `123-456`, `8 800 555-35-35`, `12/03/2024`, `1,250.00`. */
const numberRun = /\+?\(?\d(?:[\d()]|[ \u00a0\u202f\-./:,](?=\(?\d))*/g;
const currencyAfter = /^[ \u00a0\u202f]?(?:р\.|р(?![\p{L}])|руб|₽|rub|usd|eur|uah|kzt|грн|тг|\$|€|£|%)/iu;
const currencyBefore = /(?:\$|€|£|₽|usd|eur|rub)[ \u00a0\u202f]?$/i;

function findCandidates(text: string, masked: string): Candidate[] {
  const found: Candidate[] = [];
  for (const match of masked.matchAll(numberRun)) addRun(found, text, withoutOpenBrackets(match[0]), match.index, true);
  return found;
}

/** A run without the `(` that trail it (they open what follows); a loop, as `/[(]+$/` backtracks over every `(` inside a run. */
function withoutOpenBrackets(run: string): string {
  let end = run.length;
  while (run[end - 1] === '(') end--;
  return run.slice(0, end);
}

/**
 * How much text on either side of a run its checks read (a currency, a prefix such as `G-`, a letter
 * or mask glued to it): the longest reaches 5 characters, at most 9 UTF-16 units, so 16 is all of
 * it, and too long for the prefix check's `^` to match anywhere but the text's real start.
 */
const sideLength = 16;

/**
 * The code candidates of one run. A run that is no code as a whole but was joined by spaces
 * (`777-777 94efc…`, `Code 1234 12 34`) is tried again piece by piece.
 */
function addRun(found: Candidate[], text: string, run: string, start: number, split: boolean): void {
  const end = start + run.length;
  const digits = run.replace(/\D/g, '');
  // Phone numbers, cards and accounts; decimals, dates and times.
  if (run.startsWith('+') || digits.length >= 9 || /[./:,]/.test(run)) return;
  const before = text.slice(Math.max(0, start - sideLength), start);
  const after = text.slice(end, end + sideLength);
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

const nearChars = 40;
const lineBreak = 0x0a;
/** `.`, `!`, `?` or `…`: the end of a sentence when a space follows. */
const isSentenceEnd = (c: number) => c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026;

/**
 * How close each candidate is to a code word. Tier 0: a code word within 40 characters in the same
 * sentence; 1: one farther in the same sentence; 2: one elsewhere in the text; 3: none at all.
 * `distance` orders within a tier.
 *
 * Between a code word and a number, a sentence ends at a line break, or at `.`, `!`, `?` or `…`
 * followed by a space or last in the stretch between them. The breaks a following space confirms
 * are counted once along the text, so whether a stretch holds one is a subtraction. Two code words
 * decide: before the number, the last one (an earlier one's stretch holds this one's); after it,
 * the first with no mark right before it (such a mark breaks its own word's stretch, but inside a
 * later word's stretch a letter follows it and it breaks nothing, while every confirmed break stays:
 * the later words are cut off exactly when this one is). A candidate ends in a digit or `)`, never
 * a mark, so a code word right after it is not mistaken for one after a mark.
 */
function closenessIn(text: string, keywords: Array<{ start: number; end: number }>): (candidate: Candidate) => { tier: number; distance: number } {
  if (!keywords.length) return () => ({ tier: 3, distance: 0 });
  const length = text.length;
  const endsSentence = (at: number) => text.charCodeAt(at) === lineBreak || isSentenceEnd(text.charCodeAt(at));
  // breaksBefore[i]: line breaks, and marks followed by a space, in text[0, i).
  const breaksBefore = new Uint32Array(length + 1);
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    breaksBefore[i + 1] = breaksBefore[i]! + (c === lineBreak || (isSentenceEnd(c) && isSpace(text.charCodeAt(i + 1))) ? 1 : 0);
  }
  const breakWithin = (from: number, to: number) => to > from && (breaksBefore[to - 1]! > breaksBefore[from]! || endsSentence(to - 1));

  // At each position: the end of the last code word ending there or before; the start of the first one starting there or after with no mark before it.
  const lastEnd = new Int32Array(length + 1).fill(-1);
  for (const { end } of keywords) lastEnd[end] = end;
  for (let i = 1; i <= length; i++) if (lastEnd[i]! < 0) lastEnd[i] = lastEnd[i - 1]!;
  const nextStart = new Int32Array(length + 1).fill(-1);
  for (const { start } of keywords) if (start === 0 || !endsSentence(start - 1)) nextStart[start] = start;
  for (let i = length - 1; i >= 0; i--) if (nextStart[i]! < 0) nextStart[i] = nextStart[i + 1]!;

  return (candidate) => {
    let distance = Number.POSITIVE_INFINITY;
    const before = lastEnd[candidate.start]!;
    if (before >= 0 && !breakWithin(before, candidate.start)) distance = candidate.start - before;
    const after = nextStart[candidate.end]!;
    if (after >= 0 && !breakWithin(candidate.end, after)) distance = Math.min(distance, after - candidate.end);
    if (distance <= nearChars) return { tier: 0, distance };
    if (Number.isFinite(distance)) return { tier: 1, distance };
    return { tier: 2, distance: 0 };
  };
}
