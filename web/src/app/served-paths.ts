import { opsRouteTable } from './ops/route-table';
import { routeTable, type RouteEntry } from './route-table';

/**
 * The path templates a page is served for with 200 (`/dashboard/my-number/:id`: `:x` is one segment).
 * Any other path gets the app's not-found page with 404, from the local cloud and from the deployed
 * Router alike. Left out: the catch-all, and a parameterized public page (`/blogs/:id`), which exists
 * only as the pages the build prerendered (any other id is not found).
 */
export function servedPathTemplates(): string[] {
  const walk = (entries: RouteEntry[], parent: string): string[] =>
    entries.flatMap((entry) => {
      const path = entry.index ? parent || '/' : entry.path ? `${parent}/${entry.path}` : parent;
      const served = entry.page && entry.path !== '*' && !(path.includes(':') && entry.page.kind !== 'private');
      return [...(served ? [path] : []), ...walk(entry.children ?? [], path === '/' ? '' : path)];
    });
  return [...walk(routeTable, ''), ...walk(opsRouteTable, '/ops')];
}
