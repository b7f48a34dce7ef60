import type { Linter } from 'eslint';

/** Each context of packages/core/src and the contexts it may import (see eslint.core-contexts.js). */
export declare const coreContexts: Readonly<Record<string, readonly string[]>>;
export declare const coreContextsConfig: Linter.Config;
