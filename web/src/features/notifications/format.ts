/** A notification's message is previewed up to 100 characters. */
export const previewLength = 100;

/** The first 100 characters (whole characters, never half an emoji), with an ellipsis when cut. */
export function preview(message: string, length = previewLength): string {
  const chars = Array.from(message);
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : message;
}
