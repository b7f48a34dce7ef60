/**
 * Every text field of every request schema, found by walking the route table (each HTTP handler
 * names the schemas it validates) and the schemas validated elsewhere: a single-line field refuses
 * control characters, and line breaks or joins them into a space (a note typed in a text area); a
 * multi-line one keeps its lines and tabs and refuses the rest.
 */
import './api'; // first: points this process at the local cloud
import { parseFields, unsubscribeQuerySchema } from '@numbernest/contracts';
import { serviceRoutingInput } from '@numbernest/core/catalogue';
import { routeKey, routes } from '@numbernest/functions/routes';
import type { RequestSchemas } from '@numbernest/functions/lib/http';
import { loadHandler } from '@numbernest/local/gateway/gateway';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';

/** The texts written over several lines; every other text field is one line. */
const multiLineFields = new Set([
  'POST /api/contact-us body.message',
  'POST /api/user/rentals/{id}/messages body.body',
  'POST /api/ops/contact-messages/{id}/reply body.body',
]);

/** What this walk reads of a zod schema's definition. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  element?: z.ZodMiniType;
  keyType?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
}
const defOf = (schema: z.ZodMiniType) => schema._zod.def as unknown as Def;
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);
const noText = new Set(['number', 'boolean', 'literal', 'enum', 'transform', 'bigint', 'null', 'undefined', 'date']);

/** Each string a value of `schema` may hold, by its path: the string schema, or the pipe that starts with one. */
function textFields(schema: z.ZodMiniType, path = ''): Array<[string, z.ZodMiniType]> {
  const def = defOf(schema);
  const at = (name: string) => (path ? `${path}.${name}` : name);
  if (def.type === 'string') return [[path, schema]];
  if (wrappers.has(def.type)) return textFields(def.innerType!, path);
  if (def.type === 'pipe') return defOf(def.in!).type === 'string' ? [[path, schema]] : [...textFields(def.in!, path), ...textFields(def.out!, path)];
  if (def.type === 'object') return Object.entries(def.shape!).flatMap(([name, field]) => textFields(field, at(name)));
  if (def.type === 'union') return def.options!.flatMap((option) => textFields(option, path));
  if (def.type === 'array') return textFields(def.element!, at('0'));
  if (def.type === 'record') return [...textFields(def.keyType!, at('<key>')), ...textFields(def.valueType!, at('<value>'))];
  if (noText.has(def.type)) return [];
  throw new Error(`${path}: a ${def.type} schema; teach this walk where its strings are`);
}

/** Every request schema, named by where it is validated. */
async function requestSchemas(): Promise<Array<[string, z.ZodMiniType]>> {
  const byRoute = await Promise.all(
    routes.map(async (route) => {
      const { requestSchemas: parts = {} } = (await loadHandler(route.handler)) as { requestSchemas?: RequestSchemas };
      return (['body', 'params', 'query'] as const).flatMap((part) =>
        parts[part] ? [[`${routeKey(route)} ${part}`, parts[part]] as [string, z.ZodMiniType]] : [],
      );
    }),
  );
  return [
    ...byRoute.flat(),
    // Validated by the handler itself (its webhook stack answers with a page, not field errors).
    ['GET /api/unsubscribe/email query', unsubscribeQuerySchema],
    // A service's SMS-Activate code and patterns, checked by core for the console and `npm run ops -- service-routing`.
    ['service routing input', serviceRoutingInput],
  ];
}

const codesOf = (schema: z.ZodMiniType, value: string) => {
  const result = parseFields(schema, value, 'value');
  return result.success ? [] : (result.fields.value ?? []).map((problem) => problem.code);
};

const parsedAs = (schema: z.ZodMiniType, value: string) => {
  const result = parseFields(schema, value, 'value');
  return result.success ? result.data : undefined;
};

const lineBreaks = { 'line feed': '\n', 'carriage return': '\r', tab: '\t', 'line separator': '\u2028', 'paragraph separator': '\u2029' };
const otherControls = { NUL: '\u0000', escape: '\u001b', DEL: '\u007f', 'next line (C1)': '\u0085', 'C1 end': '\u009f' };

describe('text fields of the request schemas', () => {
  it('refuse control characters; a one-line field refuses line breaks or joins them', async () => {
    const schemas = await requestSchemas();
    const names = schemas.flatMap(([where, schema]) => textFields(schema).map(([path]) => `${where}.${path}`));
    // The walk reaches the fields this test is about (a multi-line field renamed must be renamed here).
    expect(names).toEqual(expect.arrayContaining([...multiLineFields, 'POST /api/contact-us body.subject', 'POST /api/ops/users/{sub}/block body.reason']));
    const refusedNot: string[] = [];
    for (const [where, schema] of schemas) {
      for (const [path, field] of textFields(schema)) {
        const name = `${where}.${path}`;
        const multiLine = multiLineFields.has(name);
        for (const [control, character] of Object.entries(otherControls)) {
          if (!codesOf(field, `ab${character}cd`).includes('CONTROL_CHARACTERS')) refusedNot.push(`${name}: a ${control}`);
        }
        // One line: a line break is refused, or (a note typed in a text area) joined into a space.
        if (!multiLine) {
          for (const [control, character] of Object.entries(lineBreaks)) {
            if (!codesOf(field, `ab${character}cd`).includes('CONTROL_CHARACTERS') && parsedAs(field, `ab${character}cd`) !== 'ab cd') {
              refusedNot.push(`${name}: a ${control}`);
            }
          }
        }
        if (multiLine) {
          for (const [control, character] of Object.entries(lineBreaks)) {
            if (codesOf(field, `first line${character}second line`).includes('CONTROL_CHARACTERS')) refusedNot.push(`${name}: keeps no ${control}`);
          }
        }
      }
    }
    expect(refusedNot).toEqual([]);
  });
});
