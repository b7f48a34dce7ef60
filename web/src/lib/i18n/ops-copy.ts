import { addNamespaces } from '.';

/** The operator console's copy (locales/<lng>/ops*.json), registered when the console loads. */
export const opsNamespaces = addNamespaces(import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/ops*.json'));
