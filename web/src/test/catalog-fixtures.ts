import type { Country, MobileNumber, PrivateCountry, RentTime, ServiceProvider } from '@numbernest/contracts';

// Catalogue rows shaped like the API's (contracts/catalog.ts), for the tests of every feature that shows them (picker, payment, rentals).
export const rentTimes: RentTime[] = [
  { id: 1, name: '1 Week', days: 7 },
  { id: 2, name: '2 Week', days: 14 },
  { id: 3, name: '1 Month', days: 30 },
];

export const countries: Country[] = [
  { id: 1, name: 'United Kingdom', code: 'GB', url: '/images/flags/gb.svg' },
  { id: 2, name: 'Germany', code: 'DE', url: '/images/flags/de.svg' },
  { id: 3, name: 'Austria', code: 'AT', url: '/images/flags/at.svg' },
];

export const privateCountries: PrivateCountry[] = [
  { id: 1, name: 'United Kingdom', code: 'GB', url: '', price_per_day: 1, discount_1: 0.5, discount_2: 0, discount_3: 0, price: 6.5 },
  { id: 4, name: 'Canada', code: 'CA', url: '', price_per_day: 0.8, discount_1: 0, discount_2: 0, discount_3: 0, price: 5.6 },
];

export const whatsapp: ServiceProvider = {
  id: 10,
  name: 'WhatsApp',
  url: '',
  price_per_day: 0.5,
  discount_1: 0,
  discount_2: 0,
  discount_3: 1.5,
  temporary_price: 0.3,
};

export const telegram: ServiceProvider = {
  id: 11,
  name: 'Telegram',
  url: '',
  price_per_day: 0.4,
  discount_1: 0,
  discount_2: 0,
  discount_3: 0,
  temporary_price: null,
};

export const numbers: MobileNumber[] = [
  { id: 100, mobile_number: '+447700900222' },
  { id: 101, mobile_number: '+447700900111' },
];

export const temporaryNumbers: MobileNumber[] = [{ id: 200, mobile_number: '+447700900333', price: 0.3 }];
