import { describe, expect, inject, it } from 'vitest';
import { localCloud, type WorkerCloud } from '../src/testing';

const tableOf = (cloud: WorkerCloud) => (JSON.parse(cloud.localEnv.SST_RESOURCE_Table!) as { name: string }).name;

describe('one local cloud per worker', () => {
  it('gives each worker its own table and its own port (with its own user pool and stand-ins behind it)', () => {
    const clouds = inject('clouds');
    expect(new Set(clouds.map(tableOf)).size).toBe(clouds.length);
    expect(new Set(clouds.map((c) => c.apiUrl)).size).toBe(clouds.length);
  });

  it("points this worker's process at its own cloud", () => {
    const clouds = inject('clouds');
    expect(clouds.indexOf(localCloud())).toBe((Number(process.env.VITEST_POOL_ID) - 1) % clouds.length);
  });
});
