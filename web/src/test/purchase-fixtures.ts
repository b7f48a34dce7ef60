import type { PurchaseHandoff } from '@numbernest/contracts';

/** What the picker's confirmation stores for a Shared WhatsApp number for 1 Month at $13.50 (the picker tests' catalogue). */
export const sharedWhatsAppMonth: PurchaseHandoff = {
  mobile_number_id: 101,
  rent_time_id: 3,
  mobile_number_type_id: 1,
  service_provider_id: 10,
  country_id: 1,
  country: 'United Kingdom',
  service: 'WhatsApp',
  number: '+447700900111',
  rent: '1 Month',
  total_price: 13.5,
};
