import './api'; // first: points this process at the local cloud
import { catalogServicesReplySchema } from '@numbernest/contracts';
import { serviceCodes } from '@numbernest/core/catalogue';
import { describe, expect, it } from 'vitest';
import { get } from './api';

describe('GET /api/services', () => {
  it('lists every service by name with its SMS-Activate code, signed out', async () => {
    const reply = await get('/services');
    expect(reply.status).toBe(200);
    const { data } = catalogServicesReplySchema.parse(reply.json);
    expect(data.map((s) => s.name)).toEqual(data.map((s) => s.name).sort((a, b) => a.localeCompare(b, 'en')));
    expect(data).toContainEqual(expect.objectContaining({ name: 'Telegram', code: 'tg' }));
    // Every seeded code; other test files may add services of their own meanwhile.
    const codes = data.flatMap((s) => (s.code ? [s.code] : []));
    expect(codes).toEqual(expect.arrayContaining(serviceCodes.map(([code]) => code)));
    expect(new Set(codes).size).toBe(codes.length);
  });
});
