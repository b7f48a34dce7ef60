/**
 * Seeded countries: name, ISO code, calling code and how mobile numbers look there
 * (mobile prefixes after the calling code and the length of the national number).
 * Price tier scales every price in the country.
 */
export interface SeedCountry {
  id: number;
  name: string;
  iso: string;
  dialCode: string;
  mobilePrefixes: readonly string[];
  nationalLength: number;
  tier: 'high' | 'mid' | 'low';
  /** false: no Private numbers here. */
  privateNumbers: boolean;
}

type Row = [name: string, iso: string, dial: string, prefixes: string[], length: number, tier: SeedCountry['tier'], priv?: false];

const rows: Row[] = [
  ['United States', 'us', '1', ['201', '212', '213', '305', '312', '415', '646', '702', '917'], 10, 'high'],
  ['United Kingdom', 'gb', '44', ['7400', '7700', '7890', '7911', '7984'], 10, 'high'],
  ['Canada', 'ca', '1', ['403', '416', '514', '604', '613'], 10, 'high'],
  ['Germany', 'de', '49', ['151', '152', '160', '170', '171', '176'], 11, 'high'],
  ['France', 'fr', '33', ['6', '7'], 9, 'high'],
  ['Spain', 'es', '34', ['6', '7'], 9, 'mid'],
  ['Italy', 'it', '39', ['320', '333', '340', '347', '380', '391'], 10, 'mid'],
  ['Netherlands', 'nl', '31', ['6'], 9, 'high'],
  ['Sweden', 'se', '46', ['70', '72', '73', '76', '79'], 9, 'high'],
  ['Poland', 'pl', '48', ['501', '512', '600', '691', '728', '790', '880'], 9, 'mid'],
  ['Ukraine', 'ua', '380', ['50', '63', '66', '67', '68', '73', '93', '95', '96', '97', '98', '99'], 9, 'mid'],
  ['Kazakhstan', 'kz', '7', ['701', '702', '705', '707', '747', '771', '775', '777'], 10, 'mid'],
  ['Russia', 'ru', '7', ['901', '903', '905', '915', '916', '926', '977', '999'], 10, 'mid'],
  ['Turkey', 'tr', '90', ['501', '530', '532', '542', '555'], 10, 'mid'],
  ['India', 'in', '91', ['70', '80', '81', '90', '91', '98', '99'], 10, 'low'],
  ['Indonesia', 'id', '62', ['811', '812', '813', '821', '852', '857', '878'], 11, 'low'],
  ['Philippines', 'ph', '63', ['905', '906', '917', '918', '927', '939', '966'], 10, 'low'],
  ['Vietnam', 'vn', '84', ['32', '33', '35', '70', '76', '86', '90', '98'], 9, 'low'],
  ['Thailand', 'th', '66', ['61', '62', '81', '86', '89', '91', '95'], 9, 'mid'],
  ['Malaysia', 'my', '60', ['12', '13', '16', '17', '19'], 9, 'mid'],
  ['Brazil', 'br', '55', ['119', '219', '319', '419', '519'], 11, 'mid'],
  ['Mexico', 'mx', '52', ['55', '33', '81', '222', '664'], 10, 'mid'],
  ['Argentina', 'ar', '54', ['911', '9221', '9341', '9351'], 11, 'mid'],
  ['Colombia', 'co', '57', ['300', '301', '310', '311', '312', '315', '320', '350'], 10, 'mid'],
  ['Nigeria', 'ng', '234', ['703', '803', '806', '813', '816', '903', '906'], 10, 'low', false],
  ['South Africa', 'za', '27', ['60', '71', '72', '76', '79', '82', '83', '84'], 9, 'mid'],
  ['Egypt', 'eg', '20', ['10', '11', '12', '15'], 10, 'low', false],
  ['Australia', 'au', '61', ['41', '42', '43', '44', '45', '47'], 9, 'high'],
  ['Japan', 'jp', '81', ['70', '80', '90'], 10, 'high', false],
  ['Portugal', 'pt', '351', ['91', '92', '93', '96'], 9, 'mid'],
  ['Georgia', 'ge', '995', ['551', '555', '557', '568', '571', '591', '595', '597', '599'], 9, 'mid'],
  ['Pakistan', 'pk', '92', ['300', '301', '312', '321', '333', '345'], 10, 'low'],
];

export const seedCountries: readonly SeedCountry[] = rows.map(([name, iso, dialCode, mobilePrefixes, nationalLength, tier, priv], i) => ({
  id: i + 1,
  name,
  iso,
  dialCode,
  mobilePrefixes,
  nationalLength,
  tier,
  privateNumbers: priv !== false,
}));

export const tierMultiplier: Record<SeedCountry['tier'], number> = { high: 1.4, mid: 1, low: 0.7 };
