import type { ImportNumberRow, ImportNumbersReply } from '@numbernest/contracts/ops';
import { apiRequest } from '@/lib/api-client';

/** POST /ops/numbers: adds the rows (each checked by the server), answers what was created and skipped. */
export async function importNumbers(numbers: ImportNumberRow[]): Promise<ImportNumbersReply['data']> {
  return (await apiRequest<ImportNumbersReply>('/ops/numbers', { method: 'POST', body: { numbers } })).data;
}
