import { describe, expect, it } from 'vitest';
import { servedPathPattern } from '../../../packages/local/src/served-paths';
import { opsRouteTable } from './ops/route-table';
import { routePaths } from './route-table';
import { servedPathTemplates } from './served-paths';

describe('the paths a page is served for with 200', () => {
  const served = servedPathPattern(servedPathTemplates());

  it("are every page of the app's and the console's route tables, parameters as one segment", () => {
    const pages = [...routePaths(), ...routePaths(opsRouteTable, '/ops')].filter((path) => path !== '/*' && path !== '/blogs/:id');
    for (const path of pages) expect(served.test(path.replace(/:[^/]+/g, 'x1')), path).toBe(true);
    expect(served.test('/dashboard/my-number/0mx1/')).toBe(true);
  });

  it('leave out unknown paths and blog posts, which exist only as the pages the build prerendered', () => {
    for (const path of ['/no/such/page', '/blogs/1', '/dashboard/nope', '/ops/nope', '/dashboard/my-number/a/b', '/aboutx']) {
      expect(served.test(path), path).toBe(false);
    }
  });
});
