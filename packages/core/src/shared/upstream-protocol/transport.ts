import { checkWebhookUrl, pinnedAgent } from '../ssrf';
import type { UpstreamCallFailure, UpstreamCallOptions, UpstreamCallResult } from './types';
import { beforeDeadline, DeadlinePassed, describeNetworkError } from '../outbound-call';

/**
 * One HTTP GET to an upstream through the SSRF guard (http or https, every address public; locally
 * this machine too), connecting only to the addresses checked, the whole call (DNS check included)
 * ending by `deadlineMs`. An answer of any status is returned for the protocol's codec to read; only
 * no answer at all is a failure here.
 */

export const upstreamUserAgent = 'NumberNest-Upstream-Client/1.0 (+https://numbernest.app)';

/** A reply larger than this is no protocol answer (the full price list of a big upstream is a few MB). */
export const maxUpstreamReplyBytes = 16 * 1024 * 1024;

export interface HttpAnswer {
  status: number;
  text: string;
  contentType: string;
}

export type Failed = { ok: false; failure: UpstreamCallFailure; detail: string; ms: number };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A call's clock and its failure maker, shared by the codecs. */
export function stopwatch() {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  return {
    ms,
    fail: (failure: UpstreamCallFailure, detail: string): Failed => ({ ok: false, failure, detail, ms: ms() }),
    done: <T>(reply: T): UpstreamCallResult<T> => ({ ok: true, reply, ms: ms() }),
  };
}

/**
 * GETs `url` (whose query may hold the key: it never appears in a failure's detail) and reads the
 * answer as UTF-8 text.
 */
export async function getText(
  url: string,
  headers: Record<string, string>,
  options: UpstreamCallOptions,
  clock: ReturnType<typeof stopwatch>,
): Promise<{ ok: true; answer: HttpAnswer } | Failed> {
  const deadline = AbortSignal.timeout(Math.max(1, options.deadlineMs));
  const timedOut = () => clock.fail('timeout', `No answer within ${options.deadlineMs} ms`);
  let target: Awaited<ReturnType<typeof checkWebhookUrl>>;
  try {
    target = await beforeDeadline(checkWebhookUrl(url, { local: options.local, resolve: options.resolve, schemes: 'http-or-https' }), deadline);
  } catch (error) {
    return error instanceof DeadlinePassed ? timedOut() : clock.fail('network', describeNetworkError(error));
  }
  if (target.problem !== null) return clock.fail(target.problem === 'The host does not resolve' ? 'network' : 'refused-url', target.problem);
  const dispatcher = await pinnedAgent(target.addresses, { timeoutMs: Math.max(1, options.deadlineMs - clock.ms()) });
  try {
    const { request } = await import('undici');
    const response = await request(url, {
      method: 'GET',
      dispatcher,
      signal: deadline,
      headers: { accept: 'application/json, text/plain;q=0.9, */*;q=0.5', 'user-agent': upstreamUserAgent, ...headers },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxUpstreamReplyBytes) return clock.fail('malformed', `The answer is over ${maxUpstreamReplyBytes} bytes`);
      chunks.push(chunk);
    }
    let text: string;
    try {
      text = strictUtf8.decode(Buffer.concat(chunks));
    } catch {
      return clock.fail('malformed', 'The answer is not UTF-8');
    }
    return { ok: true, answer: { status: response.statusCode, text, contentType: String(response.headers['content-type'] ?? '') } };
  } catch (error) {
    if (deadline.aborted) return timedOut();
    return clock.fail('network', describeNetworkError(error));
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
}

/** The start of an answer, for a failure's detail (one line, short). */
export const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
};

/** A base URL and a path below it (`https://h/x` + `/v1/user/profile` -> `https://h/x/v1/user/profile`). */
export const below = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;
