import { NumberType } from '@numbernest/contracts';
import type { CountryItem } from '../../catalogue';
import { readItem } from '../../shared/db';
import { numberByPhoneItem } from '../../shared/db/items/catalogue-number-by-phone';
import { addNumbers } from '../inventory/import';

export type AgentNumber = { ok: true; numberId: number; e164: string } | { ok: false; reason: 'not-in-country' | 'other-source' };

/**
 * The catalogue number for a phone an agent gave for an activation (the protocol's `number`: digits
 * with the country code). Made on its first activation, kept out of the picker (the agent decides
 * when it is free), and the same number on every later one. A phone outside the country asked for,
 * or one we know from another source, is refused: an SMS for it could not be told apart.
 */
export async function agentNumber(agentId: string, digits: string, country: Pick<CountryItem, 'id' | 'dialCode'>): Promise<AgentNumber> {
  const e164 = `+${digits}`;
  if (!/^\d{6,15}$/.test(digits) || !digits.startsWith(country.dialCode)) return { ok: false, reason: 'not-in-country' };
  await addNumbers([{ e164, countryId: country.id, typeId: NumberType.Temporary, source: { provider: 'agent', agentId }, offered: false }]);
  const number = await readItem(numberByPhoneItem, { e164 }, { consistent: true });
  if (!number || number.typeId !== NumberType.Temporary || number.source?.provider !== 'agent' || number.source.agentId !== agentId)
    return { ok: false, reason: number && number.countryId !== country.id ? 'not-in-country' : 'other-source' };
  return { ok: true, numberId: number.numberId, e164 };
}
