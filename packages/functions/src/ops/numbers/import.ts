import { importNumbersBodySchema, type ImportNumbersReply } from '@numbernest/contracts/ops';
import { importNumbers } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/numbers { numbers: [{ e164, country_id, mobile_number_type_id, source }] } (up to 1,000) -> created, skipped with reasons. */
export const handler = opsHandler({ body: importNumbersBodySchema }, async ({ body, operator }): Promise<ImportNumbersReply> => {
  return { message: 'success', data: await importNumbers(operator, body.numbers) };
});
