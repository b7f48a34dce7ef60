/**
 * The layout's breakpoints, in CSS pixels of viewport width: every `@media (max-width: …)` in web/src
 * uses one of these (styles/breakpoints.test.ts checks), and code asking matchMedia uses them too.
 * The same table, with what changes at each, heads styles/tokens.css (CSS cannot read these).
 */
export const breakpoints = {
  /** Phones: the footer goes to one column, the signed-in header drops the word mark. */
  phone: 480,
  /** Large phones: compact header tools; forms and panels take the full width. */
  small: 600,
  /** Dashboard and page grids go to one column, tables to lists. */
  narrow: 700,
  /** Tablets: narrower container padding, compact header, stacked payment and result cards. */
  tablet: 768,
  /** Small laptops: the dashboard's side navigation gives way to the drawer; footer and page grids narrow. */
  desktop: 960,
  /** Below the container width: dashboard and rental grids drop a column. */
  wide: 1200,
} as const;

export type Breakpoint = keyof typeof breakpoints;
