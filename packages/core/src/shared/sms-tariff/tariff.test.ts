import full from 'libphonenumber-js/min/metadata';
import type { MetadataJson } from 'libphonenumber-js/core';
import { describe, expect, it } from 'vitest';
import { maxSmsBodyLength, sendMessageRequestSchema } from '@numbernest/contracts';
import { countSegments } from '../sms-segments';
import { quoteProblems, quoteSms, segmentPriceCents, smsCountries, smsDailyDestinationCap, smsDailySegmentCap, smsDestination, smsTariff } from '.';
import phoneMetadata from './phone-metadata.json';
import { sliceMetadata } from './slice-metadata';

describe('the Start Chat tariff', () => {
  it('prices a segment at Twilio’s price ×1.5 rounded up to the cent, never under 5 cents', () => {
    expect(segmentPriceCents(83)).toBe(5); // $0.0083 -> 1.245 ¢ -> the floor
    expect(segmentPriceCents(420)).toBe(7); // 6.3 ¢ up to 7
    expect(segmentPriceCents(400)).toBe(6); // exactly 6 ¢ stays 6
    expect(segmentPriceCents(401)).toBe(7);
    expect(segmentPriceCents(1375)).toBe(21); // 20.625 ¢
    for (const [country, tariff] of Object.entries(smsTariff)) {
      const cents = segmentPriceCents(tariff!.twilioPrice);
      expect(cents, country).toBeGreaterThanOrEqual(5);
      // Never below Twilio's price plus half of it, never more than a cent above.
      expect(cents * 200, country).toBeGreaterThanOrEqual(tariff!.twilioPrice * 3);
      expect((cents - 1) * 200, country).toBeLessThan(Math.max(tariff!.twilioPrice * 3, 5 * 200));
      // Every figure says where it comes from.
      expect(tariff!.source, country).toMatch(/Twilio/);
    }
  });

  it('tells the destination’s country from the number; other countries and invalid numbers are not offered', () => {
    expect(smsDestination('+14155550100')).toEqual({ supported: true, country: 'US', segmentCents: 5 });
    expect(smsDestination('+15005550001')).toMatchObject({ supported: true, country: 'US' }); // Twilio's magic test numbers are US numbers
    expect(smsDestination('+16135550123')).toMatchObject({ supported: true, country: 'CA', segmentCents: 5 });
    expect(smsDestination('+17875550123')).toEqual({ supported: true, country: 'PR', segmentCents: 7 });
    expect(smsDestination('+12684641234')).toMatchObject({ supported: true, country: 'AG', segmentCents: 8 });
    expect(smsDestination('+971501234567')).toMatchObject({ supported: true, country: 'AE', segmentCents: 14 });
    expect(smsDestination('+38267123456')).toMatchObject({ supported: true, country: 'ME', segmentCents: 21 });
    // Shares +1 with the US but is Jamaica: not offered (nor the UK, Russia…).
    for (const to of ['+18765550123', '+447911123456', '+79161234567', '+882123456789']) expect(smsDestination(to), to).toEqual({ supported: false });
    // Too short or too long for its country.
    for (const to of ['+1415555', '+141555501001', '+3826712']) expect(smsDestination(to), to).toEqual({ supported: false });
  });

  it('a 1,600-character UCS-2 message is its 24 segments, priced whole before anything is sent', () => {
    const text = 'ж'.repeat(maxSmsBodyLength);
    expect(sendMessageRequestSchema.safeParse({ to: '+14155550100', body: text }).success).toBe(true);
    const quote = quoteSms('+14155550100', text);
    expect(quote.segments).toMatchObject({ encoding: 'UCS-2', segments: 24 });
    expect(quote.priceCents).toBe(24 * 5);
    expect(quoteProblems(quote)).toBeUndefined();
    // The longest GSM-7 body is 11 segments.
    expect(quoteSms('+14155550100', 'a'.repeat(maxSmsBodyLength)).segments.segments).toBe(11);
  });

  it('a message is priced at the destination’s rate, and a country not in the table is refused', () => {
    const ten = 'a'.repeat(153 * 10);
    expect(countSegments(ten).segments).toBe(10);
    expect(quoteProblems(quoteSms('+971501234567', ten))).toBeUndefined();
    expect(quoteSms('+971501234567', ten).priceCents).toBe(14 * 10);

    const abroad = quoteSms('+447911123456', 'Hi');
    expect(abroad.priceCents).toBeNull();
    expect(quoteProblems(abroad)).toEqual({
      to: [
        expect.objectContaining({
          code: 'SMS_COUNTRY_UNSUPPORTED',
          message: expect.stringMatching(/^Start Chat sends SMS only to numbers in .*United States/),
        }),
      ],
    });
    expect(smsDailySegmentCap).toBeGreaterThanOrEqual(24); // the longest text fits a day
    expect(smsDailyDestinationCap).toBeGreaterThan(0);
  });

  it('phone-metadata.json is libphonenumber-js’s own metadata of exactly the tariff’s countries (else run tools/make-sms-metadata.ts)', () => {
    expect(phoneMetadata).toEqual(sliceMetadata(full as unknown as MetadataJson, smsCountries));
    expect(Object.keys(phoneMetadata.countries).sort()).toEqual([...smsCountries].sort());
  });
});
