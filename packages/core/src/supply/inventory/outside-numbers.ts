import { NumberType } from '@numbernest/contracts';
import type { CountryItem, NumberSource } from '../../catalogue';
import { readItem } from '../../shared/db';
import { numberByPhoneItem } from '../../shared/db/items/catalogue-number-by-phone';
import { addNumbers } from './import';

/** A source outside our inventory that gives a number per activation: a partner's agent or an upstream provider. */
export type OutsideSource = Extract<NumberSource, { provider: 'agent' } | { provider: 'upstream' }>;

export type OutsideNumber = { ok: true; numberId: number; e164: string } | { ok: false; reason: 'not-in-country' | 'other-source' };

const outsideIdOf = (source: NumberSource | undefined) =>
  source?.provider === 'agent' ? `agent:${source.agentId}` : source?.provider === 'upstream' ? `upstream:${source.upstreamId}` : undefined;

/**
 * The catalogue number for a phone an outside source gave for an activation (digits with the country
 * code). Made on its first activation, kept out of the picker (the source decides when it is free),
 * and the same number on every later one. A phone outside the country asked for, or one we know from
 * another source, is refused: an SMS for it could not be told apart.
 */
export async function outsideNumber(source: OutsideSource, digits: string, country: Pick<CountryItem, 'id' | 'dialCode'>): Promise<OutsideNumber> {
  const e164 = `+${digits}`;
  if (!/^\d{6,15}$/.test(digits) || !digits.startsWith(country.dialCode)) return { ok: false, reason: 'not-in-country' };
  await addNumbers([{ e164, countryId: country.id, typeId: NumberType.Temporary, source, offered: false }]);
  const number = await readItem(numberByPhoneItem, { e164 }, { consistent: true });
  if (!number || number.typeId !== NumberType.Temporary || outsideIdOf(number.source) !== outsideIdOf(source))
    return { ok: false, reason: number && number.countryId !== country.id ? 'not-in-country' : 'other-source' };
  return { ok: true, numberId: number.numberId, e164 };
}
