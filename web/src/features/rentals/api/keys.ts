import type { MessageBox, NumberType, RentalStatus } from '@numbernest/contracts';

/**
 * SWR keys of rentals and messages. Every key starts with `/user/rentals` or `/user/messages`, so a
 * push (new SMS, rental ended) refreshes whatever is on screen by mutating keys with those prefixes.
 */
export const rentalsPrefix = '/user/rentals';
export const messagesPrefix = '/user/messages';

/** The list filters (type, service, status); null means "any". */
export interface RentalFilters {
  type: NumberType | null;
  service: number | null;
  status: RentalStatus | null;
}

export const noRentalFilters: RentalFilters = { type: null, service: null, status: null };

/** GET /user/rentals?type=&service=&status=&page= with only the filters that are set. */
export function rentalsPath(filters: Partial<RentalFilters>, page = 0): string {
  const query = new URLSearchParams();
  if (filters.type) query.set('type', String(filters.type));
  if (filters.service) query.set('service', String(filters.service));
  if (filters.status) query.set('status', filters.status);
  query.set('page', String(page));
  return `${rentalsPrefix}?${query}`;
}

export const rentalPath = (id: string) => `${rentalsPrefix}/${encodeURIComponent(id)}`;

/** Every cached page of every rentals list (not the single-rental keys). */
export const isRentalListKey = (key: unknown) => typeof key === 'string' && key.startsWith(`${rentalsPrefix}?`);

export interface MessagesQuery {
  box?: MessageBox;
  rentalId?: string;
  page?: number;
}

/** GET /user/messages?box=&rental_id=&page= */
export function messagesPath({ box, rentalId, page = 0 }: MessagesQuery): string {
  const query = new URLSearchParams();
  if (box) query.set('box', box);
  if (rentalId) query.set('rental_id', rentalId);
  query.set('page', String(page));
  return `${messagesPrefix}?${query}`;
}

export const isMessagesKey = (key: unknown) => typeof key === 'string' && key.startsWith(messagesPrefix);
