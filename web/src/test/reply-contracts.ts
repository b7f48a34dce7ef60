import { errorReplySchema, insufficientFundsReplySchema } from '@numbernest/contracts';
// The server's route -> reply schema map, the one its OpenAPI document is built from: a stubbed
// reply is checked against what the server declares it sends.
import { replySchemas } from '@numbernest/contracts/replies';
import * as z from 'zod/mini';

interface ContractRoute {
  /** As the server's route table names it, e.g. `GET /api/user/rentals/{id}`. */
  name: string;
  method: string;
  pattern: RegExp;
  parameterCount: number;
  reply: z.ZodMiniType;
}

const contractRoutes: ContractRoute[] = Object.entries(replySchemas)
  .map(([name, reply]) => {
    const [method = '', path = ''] = name.split(' ');
    // The web asks for paths under /api without the prefix.
    const source = path
      .replace(/^\/api/, '')
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{\w+\}/g, '[^/]+');
    return { name, method, pattern: new RegExp(`^${source}$`), parameterCount: path.split('{').length - 1, reply };
  })
  // A literal segment wins over a parameter: /ops/users/search before /ops/users/{sub}.
  .sort((a, b) => a.parameterCount - b.parameterCount);

/** The contract route for a stub key such as `GET /user/rentals/5` (path under /api, no query), if there is one. */
export function routeOf(key: string): ContractRoute | undefined {
  const [method, path = ''] = key.split(' ');
  return contractRoutes.find((route) => route.method === method && route.pattern.test(path));
}

/** Why a stub key names no route with a reply contract, or undefined when it names one. */
export function unknownRouteProblem(key: string): string | undefined {
  if (routeOf(key)) return undefined;
  return `Stub for ${key}: the server has no such route with a reply schema; a route the web calls needs its reply schema in packages/contracts/src/replies.ts.`;
}

/** API Gateway answers these itself (no route or token, throttled, a Lambda that crashed or timed out): its bodies carry no code. */
const gatewayRefusals: Record<number, string> = {
  401: 'Unauthorized',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** A 402 says, besides the error reply, how many dollars are missing. */
const insufficientFundsErrorReplySchema = z.extend(errorReplySchema, { shortfall: insufficientFundsReplySchema.shape.shortfall });

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Fields the stub holds that the parsed reply dropped: the contracts' objects strip unknown keys
 * (the server parses with them too), so a field the server does not send would otherwise pass.
 */
function unknownFields(sent: unknown, parsed: unknown, path: string[] = []): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((item, index) => unknownFields(item, parsed[index], [...path, String(index)]));
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in parsed ? unknownFields(sent[key], parsed[key], [...path, key]) : [`✖ A field the server does not send\n  → at ${[...path, key].join('.')}`],
  );
}

function schemaProblems(schema: z.ZodMiniType, body: unknown): string[] {
  const result = z.safeParse(schema, body);
  if (!result.success) return [z.prettifyError(result.error)];
  return unknownFields(body, result.data);
}

/**
 * What is wrong with a stubbed reply to `key` (`METHOD /path`, path under /api), or undefined when
 * it is a reply the server could send: a success body matches the route's reply schema (no field
 * more, none missing), an error body the error reply schema. `body` is the JSON as sent.
 */
export function stubbedReplyProblem(key: string, status: number, body: unknown): string | undefined {
  const route = routeOf(key);
  if (!route) return unknownRouteProblem(key);
  if (status >= 400) {
    if (isPlainObject(body) && gatewayRefusals[status] === body.message && Object.keys(body).length === 1) return undefined;
    const problems = schemaProblems(status === 402 ? insufficientFundsErrorReplySchema : errorReplySchema, body);
    return problems.length ? `Stubbed ${status} reply to ${key} (${route.name}) is not an error reply:\n${problems.join('\n')}` : undefined;
  }
  const problems = schemaProblems(route.reply, body);
  return problems.length ? `Stubbed reply to ${key} (${route.name}) does not match the server's reply schema:\n${problems.join('\n')}` : undefined;
}

const problemsSeen: string[] = [];

/** Records a problem for the test's end (a fetch that throws inside the app may be swallowed) and returns it as an Error. */
export function refuseStub(problem: string): Error {
  problemsSeen.push(problem);
  return new Error(problem);
}

/** The problems recorded since the last call (setup.ts fails the test on any). */
export const takeStubProblems = () => problemsSeen.splice(0);
