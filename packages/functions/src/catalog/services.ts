import { listCatalogServices } from '@numbernest/core/catalogue';
import { httpHandler } from '../lib/http';

/** GET /api/services -> { data: [{ id, name, code }] }: every service with its SMS-Activate code (null when not carried). */
export const handler = httpHandler({}, async () => ({ data: await listCatalogServices() }));
