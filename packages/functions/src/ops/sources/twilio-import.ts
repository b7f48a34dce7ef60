import { twilioImportBodySchema, type TwilioImportReply } from '@numbernest/contracts/ops';
import { importTwilioNumbers } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** POST /api/ops/sources/twilio/import {numbers: [{sid, mobile_number_type_id}]} -> numbers added once each, their SMS webhook set at Twilio. */
export const handler = opsHandler({ body: twilioImportBodySchema }, async ({ body, operator }): Promise<TwilioImportReply> => {
  const result = await importTwilioNumbers(
    body.numbers.map((n) => ({ sid: n.sid, typeId: n.mobile_number_type_id })),
    operator,
  );
  return { created: result.created, skipped: result.skipped, webhooks_set: result.webhooksSet, webhook_failures: result.webhookFailures };
});
