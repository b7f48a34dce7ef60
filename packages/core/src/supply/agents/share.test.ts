import { describe, expect, it } from 'vitest';
import { partnerShareCents, sharePercentFor } from './share';

describe('the partners’ share', () => {
  const share = {
    defaultPercent: 60,
    rules: [
      { countryId: 187, percent: 55 },
      { serviceId: 1, percent: 65 },
      { countryId: 187, serviceId: 1, percent: 70.5 },
      { countryId: 16, serviceId: 2, percent: 0 },
    ],
  };

  it('takes the most specific rule: country and service, then the service anywhere, then the country, then the default', () => {
    expect(sharePercentFor(share, 187, 1)).toBe(70.5);
    expect(sharePercentFor(share, 16, 1)).toBe(65);
    expect(sharePercentFor(share, 187, 2)).toBe(55);
    expect(sharePercentFor(share, 16, 3)).toBe(60);
    // A rule of 0 % is a rule, not "none".
    expect(sharePercentFor(share, 16, 2)).toBe(0);
    expect(sharePercentFor({ defaultPercent: 42, rules: [] }, 187, 1)).toBe(42);
  });

  it('floors the amount to the cent, a tenth of a percent computed in whole numbers', () => {
    expect(partnerShareCents(100, 60)).toBe(60);
    expect(partnerShareCents(33, 60)).toBe(19);
    expect(partnerShareCents(999, 62.5)).toBe(624);
    // 0.1 + 0.2 kinds of error do not cost a cent: 70.3 % of 1000 is 703, not 702.
    expect(partnerShareCents(1000, 70.3)).toBe(703);
    expect(partnerShareCents(52, 70.5)).toBe(36);
    expect(partnerShareCents(1, 100)).toBe(1);
    expect(partnerShareCents(250, 0)).toBe(0);
  });
});
