/** The operator console's country edits: adding a country, renaming it, enabling or disabling it. */
import type { CountryCreate, CountryPatch, OpsCountry } from '@numbernest/contracts/ops';
import { txPut, txPutNew } from '../shared/db';
import { countryItem } from '../shared/db/items/catalogue';
import { ConflictError } from '../shared/errors';
import { audit, catalogueWrite, changedMeanwhile, countryOf, mark, type Editor, type Stored } from './catalogue-write';
import type { CountryItem } from './items';
import { toOpsCountry } from './ops-shapes';

const countryAudit = (c: CountryItem) => ({ name: c.name, iso: c.iso, dial_code: c.dialCode, enabled: !c.disabled });

/** Adds a country (no offers yet; numbers come from the inventory). Its id: the next free one unless given. */
export async function addCountry(input: CountryCreate, by: Editor, now = new Date()): Promise<OpsCountry> {
  return catalogueWrite(async (state) => {
    const id = input.id ?? Math.max(0, ...state.countries.map((c) => c.id)) + 1;
    const clash = state.countries.find((c) => c.id === id || c.iso === input.iso);
    if (clash) throw new ConflictError(`${clash.name} already has id ${clash.id} / code ${clash.iso}`, 'COUNTRY_EXISTS', { country: clash.name });
    const country: Stored<CountryItem> = {
      id,
      name: input.name,
      iso: input.iso,
      dialCode: input.dial_code,
      ...(input.enabled === false ? { disabled: true } : {}),
      ...mark(by, now),
    };
    return {
      items: [
        txPutNew(countryItem, country, changedMeanwhile),
        audit(by, 'catalogue.country.add', { type: 'country', id: String(id) }, null, countryAudit(country)),
      ],
      result: toOpsCountry(country, state),
    };
  });
}

/** Renames a country or enables/disables it (disabling takes its offers out of the price summary). */
export async function updateCountry(countryId: number, input: CountryPatch, by: Editor, now = new Date()): Promise<OpsCountry> {
  return catalogueWrite(async (state) => {
    const before = countryOf(state, countryId);
    const { disabled: _was, ...rest } = before;
    const enabled = input.enabled ?? !before.disabled;
    const country: Stored<CountryItem> = {
      ...rest,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.dial_code !== undefined ? { dialCode: input.dial_code } : {}),
      ...(enabled ? {} : { disabled: true }),
      ...mark(by, now),
    };
    return {
      items: [
        txPut(countryItem, country, { onConditionFailed: changedMeanwhile }),
        audit(by, 'catalogue.country.update', { type: 'country', id: String(countryId) }, countryAudit(before), countryAudit(country)),
      ],
      after: { ...state, countries: state.countries.map((c) => (c === before ? country : c)) },
      result: toOpsCountry(country, state),
    };
  });
}
