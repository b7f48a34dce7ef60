import type { GetNumbersRequest, MobileNumber, NumberType } from '@numbernest/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { listResult, type ListReply } from './list-result';

type NumbersKey = readonly ['/get-numbers', NumberType, number, number | null];

const fetchNumbers = ([path, type, countryId, serviceId]: NumbersKey) => {
  // Private numbers serve every service, so the request names none (contracts getNumbersRequestSchema).
  const body: GetNumbersRequest =
    type === 2 ? { mobile_number_type_id: 2, country_id: countryId } : { mobile_number_type_id: type, country_id: countryId, service_provider_id: serviceId! };
  return apiRequest<ListReply<MobileNumber>>(path, { body });
};

/**
 * POST /get-numbers: the numbers for a country (Private) or a country and service (Shared, Temporary).
 * Idle until the selection is complete.
 */
export function useNumbers(type: NumberType, countryId: number | null, serviceId: number | null) {
  const ready = countryId !== null && (type === 2 || serviceId !== null);
  const key: NumbersKey | null = ready ? ['/get-numbers', type, countryId, type === 2 ? null : serviceId] : null;
  return listResult(useSWR(key, fetchNumbers));
}
