import type { InventoryNumber, NumberReply } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/numbers/{id}/retire { reason }: no new rentals from now on. */
export async function retireNumber(id: number, reason: string): Promise<InventoryNumber> {
  return (await apiRequest<NumberReply>(`/ops/numbers/${id}/retire`, { method: 'POST', body: { reason } })).data;
}

/** POST /ops/numbers/{id}/unretire: offered again. */
export async function unretireNumber(id: number): Promise<InventoryNumber> {
  return (await apiRequest<NumberReply>(`/ops/numbers/${id}/unretire`, { method: 'POST', body: {} })).data;
}
