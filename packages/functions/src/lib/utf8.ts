const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a base64-encoded body (API Gateway base64-encodes a body it cannot pass as text), or
 * undefined when its bytes are not UTF-8: they are refused, never read with U+FFFD in their place.
 */
export function utf8Text(base64: string): string | undefined {
  try {
    return utf8.decode(Buffer.from(base64, 'base64'));
  } catch {
    return undefined;
  }
}
