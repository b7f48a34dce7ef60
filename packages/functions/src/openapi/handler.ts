import { httpHandler } from '../lib/http';
import { openApiDocument } from './document';

/** GET /api/openapi.json -> the OpenAPI 3.1 document (generated once per process). */
export const handler = httpHandler({}, async () => openApiDocument());
