import { existsSync } from 'node:fs';

/** Handlers live here; a handler string is `<file without extension>.<export>` (as in routes.ts). */
const FUNCTIONS_SRC = 'packages/functions/src';

/** The handler string SST expects, relative to the project root. */
export const handlerPath = (handler: string) => `${FUNCTIONS_SRC}/${handler}`;

/** The route table's handler string back from SST's (`packages/functions/src/x/y.handler` -> `x/y.handler`). */
export const handlerOf = (path: string) => (path.startsWith(`${FUNCTIONS_SRC}/`) ? path.slice(FUNCTIONS_SRC.length + 1) : path);

/**
 * The handler string, or undefined while its file does not exist yet. Some handlers (triggers,
 * sockets, jobs) are written by later issues; wiring them only when present keeps every
 * `sst deploy` and the infra type-check valid in between. run() executes with the project root
 * as its working directory (SST chdirs there), so the relative check is exact.
 */
export function handlerIfPresent(handler: string): string | undefined {
  const file = `${FUNCTIONS_SRC}/${handler.slice(0, handler.lastIndexOf('.'))}`;
  const present = ['.ts', '.js', '.mjs'].some((ext) => existsSync(file + ext));
  return present ? handlerPath(handler) : undefined;
}
