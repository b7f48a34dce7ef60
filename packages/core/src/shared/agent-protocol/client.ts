import { gzip, gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import type * as z from 'zod/mini';
import { checkWebhookUrl, pinnedAgent, type Resolver } from '../ssrf';
import { decodeAgentJson, encodeAgentJson } from './codec';
import {
  agentReplySchemas,
  type ActivationFinish,
  type AgentReply,
  type AgentRequest,
  type FinishActivationReply,
  type FinishActivationRequest,
  type GetNumberReply,
  type GetNumberRequest,
  type GetServicesReply,
  type GetServicesRequest,
} from './protocol';
import { beforeDeadline, DeadlinePassed, describeNetworkError } from '../outbound-call';

/**
 * The platform's side of the SMSHub agent protocol: one POST of a message to a partner's agent. The
 * URL is checked by the SSRF guard (http or https, every address public; locally this machine too)
 * and the request connects only to the addresses checked. The body is gzip-compressed; a reply is
 * read gzipped or plain. The whole call, DNS check included, ends by `deadlineMs`. An agent's
 * misbehaviour (slow, unreachable, an HTTP error, a reply that breaks the protocol) is a result, never
 * an exception.
 */

export const agentUserAgent = 'NumberNest-Agent-Client/1.0 (+https://numbernest.app)';

/** A reply larger than this (before or after gunzip) is no protocol reply: refused as malformed. */
export const maxAgentReplyBytes = 4 * 1024 * 1024;

/** The agent as the platform knows it: its URL and its protocol key. */
export interface AgentEndpoint {
  url: string;
  key: string;
}

/** How one call is made. */
export interface AgentCallOptions {
  /** The whole call's budget (DNS check, connect, reply), in milliseconds. */
  deadlineMs: number;
  /** The local stage: an agent on this machine may be reached. */
  local: boolean;
  /** Tests: the DNS answer. */
  resolve?: Resolver;
}

/** Why a call gave no protocol reply. */
export type AgentCallFailure = 'timeout' | 'refused-url' | 'http' | 'malformed' | 'network';

/** A call's outcome, with how long it took. */
export type AgentCallResult<Reply> = { ok: true; reply: Reply; ms: number } | { ok: false; failure: AgentCallFailure; detail: string; ms: number };

/** A platform→agent message; the agent's key is added by the call. */
export type AgentCallMessage = Omit<GetServicesRequest, 'key'> | Omit<GetNumberRequest, 'key'> | Omit<FinishActivationRequest, 'key'>;

type ReplyTo<Message extends AgentCallMessage> = Message['action'] extends 'GET_SERVICES'
  ? GetServicesReply
  : Message['action'] extends 'GET_NUMBER'
    ? GetNumberReply
    : FinishActivationReply;

const gzipBytes = promisify(gzip);
const gunzipBytes = promisify(gunzip);

/** The body, at most maxAgentReplyBytes of it (undefined beyond). */
async function readCapped(body: AsyncIterable<Buffer>): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxAgentReplyBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const isGzip = (bytes: Buffer) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Sends one message to an agent and reads its reply by the protocol's rules for that message. */
export async function callAgent<Message extends AgentCallMessage>(
  agent: AgentEndpoint,
  message: Message,
  options: AgentCallOptions,
): Promise<AgentCallResult<ReplyTo<Message>>> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const fail = (failure: AgentCallFailure, detail: string) => ({ ok: false as const, failure, detail, ms: ms() });
  const deadline = AbortSignal.timeout(Math.max(1, options.deadlineMs));
  const timedOut = () => fail('timeout', `No reply within ${options.deadlineMs} ms`);

  let target: Awaited<ReturnType<typeof checkWebhookUrl>>;
  try {
    target = await beforeDeadline(checkWebhookUrl(agent.url, { local: options.local, resolve: options.resolve, schemes: 'http-or-https' }), deadline);
  } catch (error) {
    return error instanceof DeadlinePassed ? timedOut() : fail('network', describeNetworkError(error));
  }
  if (target.problem !== null) return fail(target.problem === 'The host does not resolve' ? 'network' : 'refused-url', target.problem);

  const body = await gzipBytes(Buffer.from(encodeAgentJson({ ...message, key: agent.key } as AgentRequest), 'utf8'));
  const remaining = Math.max(1, options.deadlineMs - ms());
  const dispatcher = await pinnedAgent(target.addresses, { timeoutMs: remaining });
  try {
    const { request } = await import('undici');
    const response = await request(agent.url, {
      method: 'POST',
      dispatcher,
      signal: deadline,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-encoding': 'gzip',
        'accept-encoding': 'gzip',
        'user-agent': agentUserAgent,
      },
      body,
    });
    const bytes = await readCapped(response.body);
    if (response.statusCode < 200 || response.statusCode > 299) {
      const text = bytes && !isGzip(bytes) ? bytes.toString('utf8').slice(0, 200) : '';
      return fail('http', `HTTP ${response.statusCode}${text ? `: ${text}` : ''}`);
    }
    if (!bytes) return fail('malformed', `The reply is over ${maxAgentReplyBytes} bytes`);
    let plain = bytes;
    const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
    if (encoding === 'gzip' || isGzip(bytes)) {
      try {
        plain = await gunzipBytes(bytes, { maxOutputLength: maxAgentReplyBytes });
      } catch (error) {
        return fail('malformed', `The reply is not valid gzip: ${describeNetworkError(error)}`);
      }
    } else if (encoding && encoding !== 'identity') return fail('malformed', `The reply's Content-Encoding is ${encoding}: only gzip is read`);
    let text: string;
    try {
      text = strictUtf8.decode(plain);
    } catch {
      return fail('malformed', 'The reply is not UTF-8');
    }
    const schema: z.ZodMiniType<AgentReply> = agentReplySchemas[message.action];
    const decoded = decodeAgentJson(text, schema);
    if (!decoded.ok) return fail('malformed', `The ${message.action} reply breaks the protocol: ${decoded.reason}`);
    return { ok: true, reply: decoded.value as ReplyTo<Message>, ms: ms() };
  } catch (error) {
    if (deadline.aborted) return timedOut();
    return fail('network', describeNetworkError(error));
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
}

/** GET_SERVICES: how many SIMs the agent has for each country, operator and service. */
export const getServices = (agent: AgentEndpoint, options: AgentCallOptions) => callAgent(agent, { action: 'GET_SERVICES' }, options);

/** GET_NUMBER: one number for a service, paying `sum` (see sum.ts), none starting with an excepted prefix. */
export const getNumber = (agent: AgentEndpoint, request: Omit<GetNumberRequest, 'action' | 'key'>, options: AgentCallOptions) =>
  callAgent(agent, { action: 'GET_NUMBER', ...request }, options);

/** FINISH_ACTIVATION: how an activation ended (the agent answers SUCCESS again to a repeat). */
export const finishActivation = (agent: AgentEndpoint, finish: { activationId: string; status: ActivationFinish }, options: AgentCallOptions) =>
  callAgent(agent, { action: 'FINISH_ACTIVATION', ...finish }, options);
