import { describe, expect, it } from 'vitest';
import { localWebBuildEnv } from './web-build';

describe('the web build for a local cloud', () => {
  it("names the cloud's own origin in canonical URLs, the sitemap and robots.txt", () => {
    expect(localWebBuildEnv(3100, {}).SITE_URL).toBe('http://localhost:3100');
    expect(localWebBuildEnv(3000, { PATH: '/bin' })).toEqual({ PATH: '/bin', SITE_URL: 'http://localhost:3000' });
  });

  it('keeps a SITE_URL given by hand', () => {
    expect(localWebBuildEnv(3100, { SITE_URL: 'https://numbers.example' }).SITE_URL).toBe('https://numbers.example');
  });
});
