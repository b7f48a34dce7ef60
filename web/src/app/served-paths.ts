import { opsRouteTable } from './ops/route-table';
import { routePages } from './route-table';

/**
 * The path templates a page is served for with 200 (`/dashboard/my-number/:id`: `:x` is one segment).
 * Any other path gets the app's not-found page with 404, from the local cloud and from the deployed
 * Router alike. Left out: the catch-all, and a parameterized public page (`/blogs/:id`), which exists
 * only as the pages the build prerendered (any other id is not found).
 */
export function servedPathTemplates(): string[] {
  return [...routePages(), ...routePages(opsRouteTable, '/ops')]
    .filter(({ path, page }) => path !== '/*' && !(path.includes(':') && page.kind !== 'private'))
    .map(({ path }) => path);
}
