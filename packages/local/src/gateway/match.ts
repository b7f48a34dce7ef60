import type { Route } from '@numbernest/functions/routes';

export type RouteMatch =
  { kind: 'found'; route: Route; pathParameters: Record<string, string> } | { kind: 'wrong-method'; allowed: string[] } | { kind: 'none' };

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
  /** Literal segments win over `{param}` ones, as in API Gateway. */
  specificity: number;
}

/** API Gateway v2 route matching: `{name}` is one segment, `{name+}` the rest of the path. */
export function createRouteMatcher(routes: Route[]): (method: string, path: string) => RouteMatch {
  const compiled = routes.map(compile).sort((a, b) => b.specificity - a.specificity);
  return (method, path) => {
    const candidates = compiled.flatMap((c) => {
      const match = c.pattern.exec(path);
      return match ? [{ c, values: match.slice(1) }] : [];
    });
    if (candidates.length === 0) return { kind: 'none' };
    const hit = candidates.find(({ c }) => c.route.method === method);
    if (!hit) return { kind: 'wrong-method', allowed: [...new Set(candidates.map(({ c }) => c.route.method))] };
    const pathParameters = Object.fromEntries(hit.c.names.map((name, i) => [name, safeDecode(hit.values[i] ?? '')]));
    return { kind: 'found', route: hit.c.route, pathParameters };
  };
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  let specificity = 0;
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)(\+?)\}$/.exec(segment);
      if (!param) {
        specificity += 2;
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      }
      names.push(param[1]!);
      return param[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), names, specificity };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
