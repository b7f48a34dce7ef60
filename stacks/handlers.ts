/** Handlers live here; a handler string is `<file without extension>.<export>` (as in routes.ts). */
const FUNCTIONS_SRC = 'packages/functions/src';

/** The handler string SST expects, relative to the project root. */
export const handlerPath = (handler: string) => `${FUNCTIONS_SRC}/${handler}`;

/** The route table's handler string back from SST's (`packages/functions/src/x/y.handler` -> `x/y.handler`). */
export const handlerOf = (path: string) => (path.startsWith(`${FUNCTIONS_SRC}/`) ? path.slice(FUNCTIONS_SRC.length + 1) : path);
