/**
 * The app's translator: the part of i18next 26 the app used, in about 1 KB instead of 17, for the
 * landing budget (docs/decisions/0008-in-house-i18n.md). Copy lives in JSON files per language and
 * namespace, loaded on first use; keys are dot paths, optionally prefixed `ns:`; `{{var}}` interpolation without escaping (React escapes);
 * plurals by Intl.PluralRules with i18next's JSON v4 suffixes (`_one`, `_few`, `_many`, `_other`, and
 * `_zero` for a count of 0 when the key has one); `_context` variants; a missing key yields the
 * default value if given, else the key.
 */
export interface TOptions {
  count?: number;
  context?: unknown;
  /** Returns the object or array at the key (its strings interpolated) instead of a string. */
  returnObjects?: boolean;
  defaultValue?: unknown;
  ns?: string;
  lng?: string;
  [variable: string]: unknown;
}

/** A translate function; the type parameter names its default namespace (documentation only). */
export interface TFunction<_Namespace extends string = string> {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

export type NamespaceCopy = Record<string, unknown>;
export type LoadCopy = (lng: string, ns: string) => Promise<NamespaceCopy>;

export interface I18n {
  /** The language copy is shown in; changes only once the new language's copy has loaded. */
  readonly language: string;
  t: TFunction;
  /** A translate function bound to a language (null: the current one at each call) and a namespace. */
  getFixedT(lng: string | null, ns?: string): TFunction;
  changeLanguage(lng: string): Promise<TFunction>;
  /** Loads namespaces in the current language and in every language passed to loadLanguages. */
  loadNamespaces(ns: string | readonly string[]): Promise<void>;
  /** Loads every namespace in use in these languages too, now and from now on. */
  loadLanguages(lngs: string | readonly string[]): Promise<void>;
  hasLoadedNamespace(ns: string, lng?: string): boolean;
  /** Calls `listener` after each language change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

const attempts = 3;
const retryDelayMs = 350;

export function createTranslator({ lng, defaultNS, load }: { lng: string; defaultNS: string; load: LoadCopy }): I18n {
  let language = lng;
  let changingTo: string | undefined;
  const copy = new Map<string, NamespaceCopy>(); // by `${lng}|${ns}`
  const loading = new Map<string, Promise<void>>();
  const namespacesInUse = new Set<string>();
  const extraLanguages = new Set<string>();
  const listeners = new Set<() => void>();
  const pluralRules = new Map<string, Intl.PluralRules>();

  function loadOne(lng: string, ns: string): Promise<void> {
    const id = `${lng}|${ns}`;
    if (copy.has(id)) return Promise.resolve();
    let pending = loading.get(id);
    if (!pending) {
      pending = (async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            copy.set(id, await load(lng, ns));
            return;
          } catch (error) {
            if (attempt === attempts) {
              // As i18next does: the namespace counts as loaded (its keys show) rather than suspending forever.
              console.warn(`Loading the ${lng}/${ns} copy failed`, error);
              copy.set(id, {});
              return;
            }
            await new Promise((wait) => setTimeout(wait, retryDelayMs * 2 ** (attempt - 1)));
          }
        }
      })().finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    return pending;
  }

  const loadAll = (lngs: Iterable<string>, namespaces: Iterable<string>) =>
    Promise.all([...lngs].flatMap((l) => [...namespaces].map((ns) => loadOne(l, ns)))).then(() => undefined);

  const lookup = (lng: string, ns: string, key: string): unknown => valueAt(copy.get(`${lng}|${ns}`), key) ?? undefined;

  /** The keys to try, best first (i18next's order): context+plural, context, plural, the key itself. */
  function candidates(lng: string, key: string, { count, context }: TOptions): string[] {
    const hasContext = (typeof context === 'string' || typeof context === 'number') && context !== '';
    const bases = hasContext ? [`${key}_${context}`, key] : [key];
    if (count === undefined || typeof count === 'string') return bases;
    let rules = pluralRules.get(lng);
    if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
    const suffixes = [...(count === 0 ? ['_zero'] : []), `_${rules.select(count)}`, ''];
    return bases.flatMap((base) => suffixes.map((suffix) => base + suffix));
  }

  function translate(rawKey: string, options: TOptions = {}): unknown {
    const prefixed = /^([\w-]+):(.+)$/.exec(rawKey);
    const ns = prefixed ? prefixed[1]! : (options.ns ?? defaultNS);
    const key = prefixed ? prefixed[2]! : rawKey;
    const lng = options.lng ?? language;
    let found: unknown;
    for (const candidate of candidates(lng, key, options)) {
      found = lookup(lng, ns, candidate);
      if (found !== undefined) break;
    }
    if (found !== null && typeof found === 'object') return options.returnObjects ? interpolateAll(found, options) : key;
    if (found === undefined) found = options.defaultValue ?? key;
    return interpolate(String(found), options);
  }

  const t = translate as TFunction;

  const i18n: I18n = {
    get language() {
      return language;
    },
    t,
    getFixedT: (lng, ns) =>
      ((key: string, options?: TOptions) => translate(key, { ...options, lng: options?.lng ?? lng ?? language, ns: options?.ns ?? ns })) as TFunction,
    async changeLanguage(lng) {
      changingTo = lng;
      await loadAll([lng], namespacesInUse);
      // A later call wins, whichever language loads first.
      if (changingTo === lng) {
        changingTo = undefined;
        if (language !== lng) {
          language = lng;
          for (const listener of listeners) listener();
        }
      }
      return t;
    },
    loadNamespaces(ns) {
      const namespaces = typeof ns === 'string' ? [ns] : ns;
      for (const each of namespaces) namespacesInUse.add(each);
      return loadAll([language, ...extraLanguages], namespaces);
    },
    loadLanguages(lngs) {
      for (const each of typeof lngs === 'string' ? [lngs] : lngs) extraLanguages.add(each);
      return loadAll(extraLanguages, namespacesInUse);
    },
    hasLoadedNamespace: (ns, lng = language) => copy.has(`${lng}|${ns}`),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return i18n;
}

/**
 * `{{name}}` (or a dot path into the values) replaced by its value, unescaped; a name the options do
 * not have stays as written, one they have as undefined or null becomes empty. Replaced values are
 * not scanned again.
 */
export function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(/{{(.+?)}}/g, (placeholder, inner: string) => {
    const name = inner.split(',')[0]!.trim();
    const value = Object.hasOwn(values, name) ? values[name] : valueAt(values, name);
    if (value === undefined && !Object.hasOwn(values, name)) return placeholder;
    return value == null ? '' : String(value);
  });
}

/** The value at a dot path (`a.b.0`), own properties only; undefined where the path ends. */
function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolateAll(node: unknown, values: TOptions): unknown {
  if (typeof node === 'string') return interpolate(node, values);
  if (Array.isArray(node)) return node.map((each) => interpolateAll(each, values));
  if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateAll(v, values)]));
  return node;
}
