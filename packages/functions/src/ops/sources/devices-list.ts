import type { DevicesReply } from '@numbernest/contracts/ops';
import { listDevices } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';
import { toDevice } from './device-view';

/** GET /api/ops/sources/devices -> the registered android-sms-gateway phones, newest first, with when each last called. */
export const handler = opsHandler({}, async (): Promise<DevicesReply> => ({ data: (await listDevices()).map(toDevice) }));
