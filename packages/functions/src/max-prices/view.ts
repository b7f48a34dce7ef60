import type { MaxPriceLimit } from '@numbernest/contracts';
import type { MaxPrice } from '@numbernest/core/developer';
import { toDollars } from '@numbernest/core/pricing';

/** A saved limit as the JSON API answers it: dollars at the edge. */
export const maxPriceView = (limit: MaxPrice): MaxPriceLimit => ({
  service_id: limit.serviceId,
  price: toDollars(limit.priceCents),
  created_at: limit.createdAt,
  updated_at: limit.updatedAt,
});
