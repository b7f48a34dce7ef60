// The users part of the operator console: its wire types.
import * as z from 'zod/mini';
import { operatorRefSchema, reasonSchema } from './shared';

// Block

/** A blocked account: since when, why, and which operator. null: not blocked. */
export const blockStateSchema = z.object({ since: z.string(), reason: z.string(), by: operatorRefSchema });
export type BlockState = z.infer<typeof blockStateSchema>;

export const blockParamsSchema = z.object({ sub: z.string().check(z.minLength(1), z.maxLength(100)) });

/** POST /api/ops/users/{sub}/block: every user route answers 403 ACCOUNT_BLOCKED, its sessions end; the balance stays. */
export const blockRequestSchema = z.object({ reason: reasonSchema });
export type BlockRequest = z.infer<typeof blockRequestSchema>;
/** POST /api/ops/users/{sub}/unblock. */
export const unblockRequestSchema = z.object({ reason: z.optional(reasonSchema) });
export type UnblockRequest = z.infer<typeof unblockRequestSchema>;
/** Both answer the account's block as it is now. */
export const blockReplySchema = z.object({ data: z.object({ sub: z.string(), blocked: z.nullable(blockStateSchema) }) });
export type BlockReply = z.infer<typeof blockReplySchema>;
