/** Keys: docs/access-patterns.md. The registered android-sms-gateway phones are one partition (a handful of items). */
export const sourceKeys = {
  devices: 'GATEWAY_DEVICES',
  device: (id: string) => ({ pk: 'GATEWAY_DEVICES', sk: `DEVICE#${id}` }),
};
