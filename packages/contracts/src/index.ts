export * from './http';
export * from './catalog';
export * from './content';
