import { describe, expect, it } from 'vitest';
import { seedCountries, seedServices } from '../../seed';
import { countryCodes, countryIdOfIso, isoOfCountryId, serviceCodes } from '../../catalogue';
import { generateApiKey, hashApiKey } from './keys';

describe('handler_api codes table', () => {
  it('maps every seeded service and country once, and names only seeded ones', () => {
    const slugs = new Set(seedServices.map((s) => s.slug));
    expect(serviceCodes.map(([, slug]) => slug).sort()).toEqual([...slugs].sort());
    expect(new Set(serviceCodes.map(([code]) => code)).size).toBe(serviceCodes.length);
    const isos = new Set(seedCountries.map((c) => c.iso));
    expect(countryCodes.map(([, iso]) => iso).sort()).toEqual([...isos].sort());
    expect(new Set(countryCodes.map(([id]) => id)).size).toBe(countryCodes.length);
  });

  it('uses the protocol’s published codes, and the seed gives them to its services', () => {
    const codeOf = (slug: string) => seedServices.find((s) => s.slug === slug)?.protocolCode;
    expect([codeOf('google'), codeOf('telegram'), codeOf('whatsapp')]).toEqual(['go', 'tg', 'wa']);
    expect(seedServices.every((s) => s.protocolCode !== undefined)).toBe(true);
    expect([isoOfCountryId(0), isoOfCountryId(187), isoOfCountryId(16)]).toEqual(['ru', 'us', 'gb']);
    expect(countryIdOfIso('GB')).toBe(16);
  });
});

describe('API keys', () => {
  it('are nn_ + 32 base62 characters, distinct, hashed with SHA-256', () => {
    const keys = Array.from({ length: 2000 }, generateApiKey);
    for (const key of keys) expect(key).toMatch(/^nn_[0-9A-Za-z]{32}$/);
    expect(new Set(keys).size).toBe(keys.length);
    expect(hashApiKey('nn_x')).toMatch(/^[0-9a-f]{64}$/);
    // Every base62 character shows up (uniform draw, not a narrowed alphabet).
    expect(new Set(keys.map((k) => k.slice(3)).join('')).size).toBe(62);
  });
});
