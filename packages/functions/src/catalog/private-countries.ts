import { listPrivateCountries } from '@numbernest/core/catalogue';
import { httpHandler } from '../lib/http';

/** GET /api/private-numbers -> countries with Private numbers, their prices and 1-week "from" price. */
export const handler = httpHandler({}, async () => ({ data: await listPrivateCountries() }));
