import { listRentTimes } from '@numbernest/core/catalogue';
import { httpHandler } from '../lib/http';

/** GET /api/mobile-number-rent-times -> { data: [{ id, name, days }] } */
export const handler = httpHandler({}, async () => ({ data: await listRentTimes() }));
