import type { PushEvent } from './events';

/** Sends an event to every open tab of the user (the push worker implements the delivery). */
export async function publish(_sub: string, _event: PushEvent): Promise<void> {}
