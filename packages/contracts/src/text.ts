import * as z from 'zod/mini';

// The control characters are the point of both patterns (hence the lint exceptions).

/** C0 controls (tab included), DEL, C1 controls, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const breaksTheLine = /[\0-\x1f\x7f-\x9f\u2028\u2029]/;

/** The same less what a written text keeps: tabs, line feeds and carriage returns, and the Unicode line breaks. */
// eslint-disable-next-line no-control-regex
const controlInText = /[\0-\x08\v\f\x0e-\x1f\x7f-\x9f]/;

/** A check refusing text that `pattern` finds: the field code `CONTROL_CHARACTERS`. */
const refusing = (pattern: RegExp) => () => z.refine<string>((text) => !pattern.test(text), { params: { code: 'CONTROL_CHARACTERS' } });

/**
 * The check of every single-line text a request carries (a name, a subject, a reason, an e-mail
 * address, a URL, an id): no control character and no line break, so a value cannot start a new
 * line where it is written (an e-mail header, a log line, a CSV row).
 *
 *   name: z.string().check(z.trim(), singleLine(), z.minLength(2), z.maxLength(100)),
 */
export const singleLine = refusing(breaksTheLine);

/** The check of a multi-line text (a message, an SMS to send): its lines and tabs kept, any other control character refused. */
export const multiLine = refusing(controlInText);

/**
 * A note typed in a text area (a reason, a transfer's note) is one line all the same: its line
 * breaks and tabs become one space before `singleLine()` checks the rest, so Enter is never refused.
 */
export const joinLines = () => z.overwrite<string>((text) => text.replace(/[\t\r\n\u2028\u2029]+/g, ' '));
