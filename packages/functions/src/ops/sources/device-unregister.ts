import { deviceParamsSchema, type UnregisterDeviceReply } from '@numbernest/contracts/ops';
import { unregisterDevice } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';
import { toDevice } from './device-view';

/** DELETE /api/ops/sources/devices/{id} -> the phone, unregistered: its webhooks are refused from now on (404 unknown, 409 already). */
export const handler = opsHandler({ params: deviceParamsSchema }, async ({ params, operator }): Promise<UnregisterDeviceReply> => ({
  data: toDevice(await unregisterDevice(params.id, operator)),
}));
