import type { NumberItem, NumberSource } from './items';
import { keys } from './keys';
import { numberFactsOf, type NumberFacts } from './numbers';

/**
 * The three items of one number, as the seed and an operator's import write them: the live item in
 * its (country, type) partition, listed in the operators' inventory and, on offer at once, in the
 * picker's list; its fixed facts by public id
 * (a purchase) and by E.164 (an inbound SMS, and the one item that makes an E.164 ours only once).
 */
export function numberRecords(facts: NumberFacts & { source: NumberSource }, extra: Partial<NumberItem> = {}) {
  const number: NumberItem & { pk: string; sk: string } = {
    ...keys.number(facts.countryId, facts.typeId, facts.numberId),
    numberId: facts.numberId,
    countryId: facts.countryId,
    typeId: facts.typeId,
    e164: facts.e164,
    status: 'available',
    source: facts.source,
    inventoryList: keys.inventoryList,
    inventoryKey: keys.inventoryKey(facts.countryId, facts.typeId, facts.e164),
    pickerList: keys.pickerList(facts.countryId, facts.typeId),
    ...extra,
  };
  return {
    number,
    byId: { ...keys.numberById(facts.numberId), ...numberFactsOf(facts) },
    phone: { ...keys.numberByPhone(facts.e164), ...numberFactsOf(facts) },
  };
}
