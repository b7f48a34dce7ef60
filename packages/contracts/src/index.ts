export * from './http';
export * from './validation';
export * from './catalog';
export * from './content';
export * from './account';
export * from './money';
export * from './rental';
export * from './api-keys';
