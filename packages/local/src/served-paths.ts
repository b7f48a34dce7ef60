/**
 * Whether a page path is one the app serves, from its path templates (`/blogs`, `/dashboard/my-number/:id`):
 * `:x` is one segment, a trailing slash is allowed. The built app lists its templates in
 * `served-paths.json`; the local cloud answers 404 for any other page path, and the deployed Router's
 * viewer-response function (stacks/site-routes.ts) carries the same expression.
 */
export function servedPathPattern(templates: readonly string[]): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const alternatives = templates.map((template) =>
    template === '/'
      ? ''
      : template
          .split('/')
          .slice(1)
          .map((segment) => (segment.startsWith(':') ? '/[^/]+' : `/${escape(segment)}`))
          .join(''),
  );
  return new RegExp(`^(?:${alternatives.join('|')})/?$`);
}

/** The file the build writes its served path templates to, beside index.html. */
export const servedPathsFile = 'served-paths.json';
