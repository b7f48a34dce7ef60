/**
 * Test-only: the handlers' catalogue cache (core's reference-cache, in the local cloud's process)
 * keeps its production lifetime in tests. A test that changes the catalogue and then reads it
 * publicly expires the cache at once instead of sleeping the lifetime out.
 */
import { apiUrl } from './api'; // first: points this process at the local cloud
import { expect } from 'vitest';

/**
 * Every cached catalogue entry past its time: the next public read sees the table. Answers how many
 * times the cache has been expired since the cloud started (other test files expire it too).
 */
export async function expireCatalogueCache(): Promise<number> {
  const reply = await fetch(`${apiUrl}/_local/catalogue-cache/expire`, { method: 'POST' });
  const body = (await reply.json()) as { expiries: number };
  expect(reply.status, JSON.stringify(body)).toBe(200);
  return body.expiries;
}
