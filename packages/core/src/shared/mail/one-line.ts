/** One line: control characters (line breaks among them) become spaces, runs of space one. */
export const oneLine = (text: string) =>
  text
    // The control characters are the point of the pattern.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
