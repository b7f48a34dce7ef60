import { listCountries } from '@numbernest/core/catalogue';
import { httpHandler } from '../lib/http';

/** GET /api/mobile-number-countries -> { data: [{ id, name, url }] }, sorted by name. */
export const handler = httpHandler({}, async () => ({ data: await listCountries() }));
