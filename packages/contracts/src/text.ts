import * as z from 'zod/mini';

// The control characters are the point of both patterns (hence the lint exceptions).

/** C0 controls (tab included), DEL, C1 controls, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const breaksTheLine = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The same less what a written text keeps: tabs, line feeds and carriage returns, and the Unicode line breaks. */
// eslint-disable-next-line no-control-regex
const controlInText = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * The check of every single-line text a request carries (a name, a subject, a reason, an e-mail
 * address, a URL, an id): no control character and no line break, so a value cannot start a new
 * line where it is written (an e-mail header, a log line, a CSV row). `CONTROL_CHARACTERS` otherwise.
 *
 *   name: z.string().check(z.trim(), singleLine(), z.minLength(2), z.maxLength(100)),
 */
export const singleLine = () => z.refine<string>((text) => !breaksTheLine.test(text), { params: { code: 'CONTROL_CHARACTERS' } });

/** The check of a multi-line text (a message, an SMS to send): its lines and tabs kept, any other control character refused. */
export const multiLine = () => z.refine<string>((text) => !controlInText.test(text), { params: { code: 'CONTROL_CHARACTERS' } });
