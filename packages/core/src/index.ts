/** Pure parts only, safe for any importer; AWS-backed modules live at @numbernest/core/<module>. */
export * from './shared/errors';
export * from './shared/pricing';
export * from './shared/shuffle';
