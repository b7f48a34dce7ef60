/** Catalogue keys, named by use (docs/access-patterns.md). Every read is a GetItem or a Query on one of these partitions. */
const pad = (n: number, width: number) => String(n).padStart(width, '0');

export const keys = {
  /** A number's fixed facts by its E.164 (imports, registered phones and the operators' search find a number by it). */
  numberByPhone: (e164: string) => ({ pk: `PHONE#${e164}`, sk: 'NUMBER' }),

  rentTimes: 'RENT_TIMES',

  countries: 'COUNTRIES',

  services: 'SERVICES',
  service: (id: number) => ({ pk: 'SERVICES', sk: `SERVICE#${pad(id, 3)}` }),

  offersOf: (countryId: number) => `COUNTRY#${countryId}`,
  offerPrefix: 'SERVICE#',
  offer: (countryId: number, serviceId: number) => ({ pk: `COUNTRY#${countryId}`, sk: `SERVICE#${pad(serviceId, 3)}` }),

  privateOffers: 'PRIVATE_OFFERS',

  number: (countryId: number, typeId: number, numberId: number) => ({
    pk: `NUMBERS#${countryId}#${typeId}`,
    sk: `NUMBER#${pad(numberId, 6)}`,
  }),

  /** The picker's list of the numbers on offer (sparse index numberPicker, by E.164): the same name as the partition. */
  pickerList: (countryId: number, typeId: number) => `NUMBERS#${countryId}#${typeId}`,

  /** The number item's attribute saying until when it is held for one service (Shared, Temporary). */
  heldAttribute: (serviceId: number) => `heldUntil_${serviceId}` as const,
  /** `heldUntil_<service>` while a rental holds the number: later than any time compared with it. */
  heldWhileRented: '9999-12-31T23:59:59.999Z',
  /** `heldUntil_<service>` of a number reported for the service (its lock's `blockedAt`): never offered for it again. */
  heldForGood: '9999-12-31T23:59:59.999Z',

  /** A number's fixed facts by its public id (the purchase hand-off carries only mobile_number_id). */
  numberById: (numberId: number) => ({ pk: `NUMBER_ID#${numberId}`, sk: 'NUMBER' }),

  priceSummary: { pk: 'CATALOG', sk: 'PRICE_SUMMARY' },

  /** The operators' list of every number (index numberInventory), sorted by country, type, E.164. */
  inventoryList: 'NUMBERS',
  inventoryKey: (countryId: number, typeId: number, e164: string) => `${pad(countryId, 3)}#${typeId}#${e164}`,
};
