import { countryIdParamsSchema, type TemporaryAvailabilityReply } from '@numbernest/contracts';
import { temporaryAvailability } from '@numbernest/core/catalogue';
import { httpHandler } from '../lib/http';

/** GET /api/temporary-availability/{countryId} -> each Temporary service's count of activations on offer there (ours and partners' agents'). */
export const handler = httpHandler({ params: countryIdParamsSchema }, async ({ params }): Promise<TemporaryAvailabilityReply> => ({
  data: await temporaryAvailability(params.countryId),
}));
