/**
 * `text` in at most `max` UTF-16 units (JavaScript's `length`), ending in "…" when it was longer;
 * never cut between the two halves of a surrogate pair (an emoji stays whole or goes).
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const lastKept = text.charCodeAt(max - 2);
  const end = lastKept >= 0xd800 && lastKept <= 0xdbff ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}
