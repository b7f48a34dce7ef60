// Its own module, free of zod: the landing page's picker needs the constant, not the catalogue's schemas.

/** Shared 1, Private 2, Temporary 3. */
export const NumberType = { Shared: 1, Private: 2, Temporary: 3 } as const;
export type NumberType = (typeof NumberType)[keyof typeof NumberType];
