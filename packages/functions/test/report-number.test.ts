import './api'; // first: points this process at the local cloud
import { mobileNumbersReplySchema, NumberType, rentalReplySchema, type PurchaseRequest, type Rental } from '@numbernest/contracts';
import { seedCatalog } from '@numbernest/core/seed';
import { describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors, post, type ApiReply } from './api';
import { as, balanceOf, userWithBalance, type TestUser } from './auth-users';
import { openOffer, ownNumbers, ownShared } from './own-numbers';
import { purchase, rentOwn, smsTo, until } from './rent-own';
import { backdateRental } from './rental-clock';

/**
 * A Temporary activation's own actions on the web: Report number (refunded once, and the number no
 * longer sold for that service, while other services still sell it), Finish and Request another
 * code; and the SMS of a sender its service does not use, counted apart. Every rental is of a number
 * this file added, so no other file can hold it.
 */

const rentalOf = (reply: ApiReply): Rental => {
  expect(reply.status, JSON.stringify(reply.json)).toBeLessThan(300);
  return rentalReplySchema.parse(reply.json).data;
};
const report = (user: TestUser, id: string, reason: unknown) => as(user.idToken).post(`/user/rentals/${id}/report`, { reason });
const current = async (user: TestUser, id: string) => rentalOf(await as(user.idToken).get(`/user/rentals/${id}`));

async function refundsOf(user: TestUser) {
  const { allEntries } = await import('@numbernest/core/money');
  return (await allEntries(user.sub)).filter((e) => e.kind === 'refund');
}

/** Whether the picker offers this number for (country, Temporary, service): searched by its own digits. */
async function listed(e164: string, countryId: number, serviceId: number): Promise<boolean> {
  const reply = await post('/get-numbers', {
    mobile_number_type_id: NumberType.Temporary,
    country_id: countryId,
    service_provider_id: serviceId,
    q: e164.slice(1),
  });
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return mobileNumbersReplySchema.parse(reply.json).data.some((n) => n.mobile_number === e164);
}

/** A Temporary offer in an open country where another service is sold as Temporary too. */
const temporaryOfferWithAnother = () => {
  const offer = openOffer({
    temporary: true,
    where: (o) => seedCatalog.offers.some((x) => x.countryId === o.countryId && x.serviceId !== o.serviceId && x.temporaryPriceCents !== undefined),
  });
  const other = seedCatalog.offers.find((x) => x.countryId === offer.countryId && x.serviceId !== offer.serviceId && x.temporaryPriceCents !== undefined)!;
  return { offer, other };
};

describe('Report number', () => {
  it('refunds once when reported twice at once; the number leaves that service for good, other services still sell it', async () => {
    const [alice, bob] = await Promise.all([userWithBalance(100_00), userWithBalance(100_00)]);
    const { offer, other } = temporaryOfferWithAnother();
    const [number] = await ownNumbers(NumberType.Temporary, offer.countryId, 1);
    const request = (serviceId: number): PurchaseRequest => ({ mobile_number_type_id: 3, mobile_number_id: number!.numberId, service_provider_id: serviceId });
    const rental = rentalOf(await purchase(alice, request(offer.serviceId)));
    expect(rental.can_report).toEqual(['already_used']); // not delivered: after the first two minutes, as a cancel
    expectError(await report(alice, rental.id, 'not_delivered'), 409, 'EARLY_CANCEL_DENIED');
    await backdateRental(alice.sub, rental.id, 3);
    expect((await current(alice, rental.id)).can_report).toEqual(['not_delivered', 'already_used']);

    const before = await balanceOf(alice);
    const replies = await Promise.all([report(alice, rental.id, 'not_delivered'), report(alice, rental.id, 'not_delivered')]);
    const answered = replies.filter((r) => r.status === 200).map(rentalOf);
    expect(answered.length, JSON.stringify(replies.map((r) => r.json))).toBeGreaterThan(0);
    for (const reply of replies) if (reply.status !== 200) expectError(reply, 409);
    for (const ended of answered) expect(ended).toMatchObject({ status: 'inactive', ended: 'refunded', reported: 'not_delivered', can_report: [] });
    expect(await balanceOf(alice)).toBe(before + Math.round(rental.price * 100));
    expect(await refundsOf(alice)).toHaveLength(1);
    // Reported again later: the reported rental, no money.
    expect(rentalOf(await report(alice, rental.id, 'already_used'))).toMatchObject({ reported: 'not_delivered' });
    expect(await refundsOf(alice)).toHaveLength(1);

    // Gone from that service's stock, for everyone (the reporter too); still sold for another service.
    expect(await listed(rental.number, offer.countryId, offer.serviceId)).toBe(false);
    expect(await listed(rental.number, offer.countryId, other.serviceId)).toBe(true);
    expectError(await purchase(bob, request(offer.serviceId)), 409);
    expectError(await purchase(alice, request(offer.serviceId)), 409);
    expect(rentalOf(await purchase(bob, request(other.serviceId)))).toMatchObject({ number: rental.number, service: { id: other.serviceId } });
  });

  it('after a code: not delivered is refused; already used refunds it all the same', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentOwn(user);
    await smsTo(rental.number, 'G-246810 is your Google verification code');
    await until('the code', async () => (await current(user, rental.id)).messages_count === 1);
    expect((await current(user, rental.id)).can_report).toEqual(['already_used']);
    expectError(await report(user, rental.id, 'not_delivered'), 409, 'REPORT_AFTER_CODE');

    const before = await balanceOf(user);
    const reply = await report(user, rental.id, 'already_used');
    expect(rentalOf(reply)).toMatchObject({ ended: 'refunded', reported: 'already_used', messages_count: 1 });
    expect((reply.json as { balance: string }).balance).toBeDefined();
    expect(await balanceOf(user)).toBe(before + Math.round(rental.price * 100));
    const stored = await (await import('@numbernest/core/rentals')).findRental(user.sub, rental.id);
    expect(stored?.reported?.reason).toBe('already_used');
  });

  it('is refused for anything but an active activation, and for a reason it does not know', async () => {
    const user = await userWithBalance(100_00);
    const [shared] = await ownShared(1);
    const rental = rentalOf(await purchase(user, shared!));
    expect(rental.can_report).toEqual([]);
    expectError(await report(user, rental.id, 'already_used'), 409, 'ACTIVATION_ONLY');
    const activation = await rentOwn(user);
    expectFieldErrors(await report(user, activation.id, 'spam'), ['reason']);
    await backdateRental(user.sub, activation.id, 3);
    rentalOf(await as(user.idToken).post(`/user/rentals/${activation.id}/close`));
    expectError(await report(user, activation.id, 'already_used'), 409, 'RENTAL_ENDED');
    const stranger = await userWithBalance(0);
    expectError(await report(stranger, activation.id, 'already_used'), 404);
  });
});

describe('Finish and Request another code', () => {
  it('wait for a code; another code spends the last one until a newer comes; finish ends it without a refund', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentOwn(user);
    expect(rental).toMatchObject({ can_finish: false, can_request_another_code: false, another_code_requested: false });
    expectError(await as(user.idToken).post(`/user/rentals/${rental.id}/finish`), 409, 'ACTIVATION_NO_CODE');
    expectError(await as(user.idToken).post(`/user/rentals/${rental.id}/another-code`), 409, 'ACTIVATION_NO_CODE');

    await smsTo(rental.number, 'G-111222 is your Google verification code');
    await until('the code', async () => (await current(user, rental.id)).messages_count === 1);
    expect(await current(user, rental.id)).toMatchObject({ can_finish: true, can_request_another_code: true });
    expect(rentalOf(await as(user.idToken).post(`/user/rentals/${rental.id}/another-code`))).toMatchObject({ another_code_requested: true });
    expect(await current(user, rental.id)).toMatchObject({ another_code_requested: true });
    await smsTo(rental.number, 'G-333444 is your Google verification code');
    await until('the newer code', async () => (await current(user, rental.id)).messages_count === 2);
    expect(await current(user, rental.id)).toMatchObject({ another_code_requested: false, last_message: { code: '333444' } });

    const before = await balanceOf(user);
    expect(rentalOf(await as(user.idToken).post(`/user/rentals/${rental.id}/finish`))).toMatchObject({ status: 'inactive', ended: 'completed' });
    expect(await balanceOf(user)).toBe(before);
    expectError(await as(user.idToken).post(`/user/rentals/${rental.id}/finish`), 409, 'RENTAL_ENDED');
  });

  it('counts an SMS from a sender its service does not use apart from its codes', async () => {
    const user = await userWithBalance(100_00);
    const rental = await rentOwn(user);
    await smsTo(rental.number, 'G-555666 is your Google verification code', '+447700900123');
    await until('the unverified SMS', async () => (await current(user, rental.id)).other_messages_count === 1);
    expect(await current(user, rental.id)).toMatchObject({ messages_count: 0, other_messages_count: 1, can_report: ['already_used'] });
  });
});
