/**
 * The e-mail of an operator's answer to a contact message: one greeting, the answer, the signature,
 * then the message it answers, quoted. Operators often open with their own "Hi Ada," or
 * "Здравствуйте!", so the e-mail adds its "Hello <name>," only when the answer has none.
 */

/** Opening words of a greeting in the languages the product speaks (English, Russian, Malay). */
const greeting =
  /^(hello|hi|hey|dear|greetings|good\s+(morning|afternoon|evening|day)|здравствуй(те)?|привет(ствую)?|добр(ый|ое|ого)\s+\p{L}+|уважаем\p{L}*|hai|helo|salam|selamat\s+\p{L}+|assalamualaikum)(?!\p{L})/iu;

/** Whether the answer's first line greets the reader already (by a greeting word, or by their name first). */
export function opensWithGreeting(body: string, name: string): boolean {
  const firstLine = body.trimStart().split('\n', 1)[0]!.trim();
  if (greeting.test(firstLine)) return true;
  const line = firstLine.toLowerCase();
  // The full name or the first name, then a comma or an exclamation mark: "Ada, …", "Ada Lovelace!".
  return [name.trim(), name.trim().split(/\s+/)[0] ?? ''].some(
    (reader) => reader !== '' && line.startsWith(reader.toLowerCase()) && /^[,!]/.test(line.slice(reader.length)),
  );
}

export interface AnsweredMessage {
  name: string;
  message: string;
  /** ISO instant the message was written. */
  createdAt: string;
}

/** The text of the answer's e-mail (English around the operator's words, as the support team writes). */
export function contactReplyText(message: AnsweredMessage, body: string): string {
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const answer = body.trim();
  const opening = opensWithGreeting(answer, message.name) ? '' : `Hello ${message.name},\n\n`;
  return `${opening}${answer}\n\n— NumberNest support\n\nOn ${message.createdAt.slice(0, 10)} you wrote:\n${quoted}\n`;
}
