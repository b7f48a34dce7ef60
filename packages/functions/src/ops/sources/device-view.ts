import type { GatewayDevice } from '@numbernest/contracts/ops';
import { deviceWebhookUrl, type DeviceItem } from '@numbernest/core/supply';

/** A registered phone on the wire. */
export const toDevice = (d: DeviceItem): GatewayDevice => ({
  id: d.id,
  name: d.name,
  sims: d.sims,
  webhook_url: deviceWebhookUrl(d.id),
  created_at: d.createdAt,
  created_by: d.createdBy,
  last_seen_at: d.lastSeenAt ?? null,
  unregistered_at: d.unregisteredAt ?? null,
});
