import { registerDeviceBodySchema, type RegisterDeviceReply } from '@numbernest/contracts/ops';
import { registerDevice } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';
import { withStatus } from '../../lib/reply';
import { toDevice } from './device-view';

/** POST /api/ops/sources/devices {name, sims: [{slot, e164}]} -> 201 the phone, its webhook URL and its signing key (shown this once). */
export const handler = opsHandler({ body: registerDeviceBodySchema }, async ({ body, operator }) => {
  const { device, signingKey } = await registerDevice(body, operator);
  return withStatus<RegisterDeviceReply>(201, { data: toDevice(device), signing_key: signingKey });
});
