/** Pure parts only, safe for any importer; AWS-backed modules live at @numbernest/core/<module>. */
export * from './errors';
export * from './pricing';
export * from './shuffle';
