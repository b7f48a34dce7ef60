export type { PushEvent } from './events';
export { publish } from './publish';
