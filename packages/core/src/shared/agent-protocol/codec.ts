import { LosslessNumber, parse, stringify } from 'lossless-json';
import type * as z from 'zod/mini';
import { isAgentSumText, isUlongText, type AgentReply, type AgentRequest } from './protocol';

/**
 * JSON as the SMSHub agent protocol writes it: a Ulong (kept as a decimal string in our types) and
 * `sum` (an exact decimal string) go on the wire as bare JSON numbers with every digit, and come back
 * through `decodeAgentJson` as the same strings. `JSON.parse` would round 9223372036854775807.
 */

/** The top-level fields the protocol types as Ulong (in our types: decimal strings). */
const ulongFields = new Set(['number', 'activationId', 'smsId', 'phone']);

function wireNumber(field: string, value: unknown): LosslessNumber {
  if (typeof value !== 'string') throw new TypeError(`${field} must be given as a decimal string, not ${typeof value}`);
  if (field === 'sum' ? !isAgentSumText(value) : !isUlongText(value)) {
    throw new RangeError(field === 'sum' ? `sum must be a decimal with at most 4 places: ${value}` : `${field} must be a Ulong (0 … 2^63-1): ${value}`);
  }
  return new LosslessNumber(value);
}

/** A message or reply as the JSON text to send: Ulong fields and `sum` as bare numbers. Throws on a value our own code got wrong. */
export function encodeAgentJson(value: AgentRequest | AgentReply): string {
  const wire = Object.fromEntries(
    Object.entries(value).map(([field, fieldValue]) => [field, ulongFields.has(field) || field === 'sum' ? wireNumber(field, fieldValue) : fieldValue]),
  );
  return stringify(wire) ?? '{}';
}

/** A decoded message, or why it is refused (a sentence for the operators: which field, what it must be, what came). */
export type AgentDecoded<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A JSON text read by one of protocol.ts's schemas: every JSON number keeps its digits; a number sent as a string is refused. */
export function decodeAgentJson<T>(text: string, schema: z.ZodMiniType<T>): AgentDecoded<T> {
  let tree: unknown;
  try {
    tree = parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const result = schema.safeParse(tree);
  if (result.success) return { ok: true, value: result.data };
  const reason = result.error.issues.map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')} ${issue.message}` : issue.message)).join('; ');
  return { ok: false, reason };
}
