import { describe, expect, it } from 'vitest';
import { countSegments, smsEncoding } from '.';

const gsmBasic = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

describe('countSegments: GSM-7', () => {
  it('knows the whole basic table (127 characters besides the escape) and nothing more', () => {
    expect(new Set(gsmBasic).size).toBe(127);
    expect(smsEncoding(gsmBasic)).toBe('GSM-7');
    for (const char of ['`', 'ç', 'á', '’', '“', '\t', '\u00a0', '\u001b']) expect(smsEncoding(`a${char}`), JSON.stringify(char)).toBe('UCS-2');
  });

  it('160 characters are one segment; 161 are two of 153', () => {
    expect(countSegments('')).toEqual({ encoding: 'GSM-7', segments: 0, units: 0, perSegment: 160, remaining: 160 });
    expect(countSegments('Hi')).toEqual({ encoding: 'GSM-7', segments: 1, units: 2, perSegment: 160, remaining: 158 });
    expect(countSegments('a'.repeat(160))).toMatchObject({ segments: 1, units: 160, remaining: 0 });
    expect(countSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', segments: 2, units: 161, perSegment: 153, remaining: 145 });
    expect(countSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSegments('a'.repeat(307)).segments).toBe(3);
    expect(countSegments('a'.repeat(1530)).segments).toBe(10);
  });

  it('extension characters (€ [ ] { } \\ ^ ~ | and form feed) take two septets each', () => {
    for (const char of ['€', '[', ']', '{', '}', '\\', '^', '~', '|', '\f']) {
      expect(countSegments(char), JSON.stringify(char)).toMatchObject({ encoding: 'GSM-7', units: 2, segments: 1 });
    }
    expect(countSegments('€'.repeat(80))).toMatchObject({ units: 160, segments: 1 });
    expect(countSegments('€'.repeat(81))).toMatchObject({ units: 162, segments: 2 });
    expect(countSegments(`Price: 10€ [promo]`)).toMatchObject({ encoding: 'GSM-7', units: 21, segments: 1 });
  });

  it('never splits an escape sequence across segments', () => {
    // 152 plain + '€' would end on septet 154: the '€' starts the second segment.
    const text = `${'a'.repeat(152)}€${'b'.repeat(10)}`;
    expect(countSegments(text)).toMatchObject({ units: 164, segments: 2, remaining: 153 - 12 });
    // 153 × 2 septets of '€' fill two segments of 152 (76 each) with one septet left over each time.
    expect(countSegments('€'.repeat(153)).segments).toBe(3);
    expect(countSegments('€'.repeat(152)).segments).toBe(2);
  });
});

describe('countSegments: UCS-2', () => {
  it('one Cyrillic letter makes the whole text UCS-2: 70 in one segment, 67 a segment when longer', () => {
    expect(countSegments('Привет')).toEqual({ encoding: 'UCS-2', segments: 1, units: 6, perSegment: 70, remaining: 64 });
    expect(countSegments('ж'.repeat(70))).toMatchObject({ segments: 1, remaining: 0 });
    expect(countSegments('ж'.repeat(71))).toEqual({ encoding: 'UCS-2', segments: 2, units: 71, perSegment: 67, remaining: 63 });
    expect(countSegments('ж'.repeat(134)).segments).toBe(2);
    expect(countSegments('ж'.repeat(135)).segments).toBe(3);
    // Latin text with one Cyrillic letter: 100 characters are two segments, not one.
    expect(countSegments(`${'a'.repeat(99)}ж`)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    // In UCS-2 the GSM extension characters are one unit like any other.
    expect(countSegments('ж€')).toMatchObject({ encoding: 'UCS-2', units: 2 });
  });

  it('an emoji outside the BMP takes two units and is never split', () => {
    expect(countSegments('😀')).toMatchObject({ encoding: 'UCS-2', units: 2, segments: 1 });
    expect(countSegments('😀'.repeat(35))).toMatchObject({ units: 70, segments: 1 });
    expect(countSegments('😀'.repeat(36))).toMatchObject({ units: 72, segments: 2 });
    // 66 units, then an emoji that would straddle unit 67: it starts the next segment.
    expect(countSegments(`${'ж'.repeat(66)}😀${'ж'.repeat(67)}`)).toMatchObject({ units: 135, segments: 3 });
    expect(countSegments(`${'ж'.repeat(65)}😀${'ж'.repeat(67)}`)).toMatchObject({ units: 134, segments: 2 });
  });
});
