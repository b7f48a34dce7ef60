import type { TwilioNumbersReply } from '@numbernest/contracts/ops';
import { listTwilioAccountNumbers, twilioWebhookUrl } from '@numbernest/core/supply';
import { opsHandler } from '../../lib/ops';

/** GET /api/ops/sources/twilio/numbers -> every incoming number of the Twilio account, marked as ours or not (502 when Twilio cannot be asked). */
export const handler = opsHandler({}, async (): Promise<TwilioNumbersReply> => {
  const url = twilioWebhookUrl();
  const numbers = await listTwilioAccountNumbers();
  return {
    webhook_url: url,
    data: numbers.map((n) => ({
      e164: n.e164,
      sid: n.sid,
      friendly_name: n.friendlyName,
      sms_url: n.smsUrl,
      sms_url_ours: n.smsUrl === url,
      already_added: n.alreadyAdded,
      country_id: n.countryId,
      country_iso: n.countryIso,
    })),
  };
});
