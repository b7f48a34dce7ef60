import { type GetNumbersRequest, type MobileNumber, NumberType } from '@numbernest/contracts';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { listResult, type ListReply } from '../../../lib/catalog/list-result';

type NumbersKey = readonly ['/get-numbers', NumberType, number, number | null];

const fetchNumbers = ([path, type, countryId, serviceId]: NumbersKey) => {
  // Private numbers serve every service, so the request names none (contracts getNumbersRequestSchema).
  const body: GetNumbersRequest =
    type === NumberType.Private
      ? { mobile_number_type_id: NumberType.Private, country_id: countryId }
      : { mobile_number_type_id: type, country_id: countryId, service_provider_id: serviceId! };
  return apiRequest<ListReply<MobileNumber>>(path, { body });
};

/**
 * POST /get-numbers: the numbers for a country (Private) or a country and service (Shared, Temporary).
 * Idle until the selection is complete.
 */
export function useNumbers(type: NumberType, countryId: number | null, serviceId: number | null) {
  const ready = countryId !== null && (type === NumberType.Private || serviceId !== null);
  const key: NumbersKey | null = ready ? ['/get-numbers', type, countryId, type === NumberType.Private ? null : serviceId] : null;
  return listResult(useSWR(key, fetchNumbers));
}
