import './api'; // first: points this process at the local cloud
import { randomUUID } from 'node:crypto';
import { rentalReplySchema, type PurchaseRequest, type Rental } from '@numbernest/contracts';
import { opsCustomerSearchReplySchema, type OpsCustomerMatch } from '@numbernest/contracts/ops';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldErrors, send, type ApiReply } from './api';
import { as, userWithBalance, type TestUser } from './auth-users';
import { createOperator } from './operators';
import { ownPrivate } from './own-numbers';

/** The console's customer search: by part of an e-mail (a paginated Scan), by a rented number and by a rental id (key lookups). */

let operator: TestUser;
beforeAll(async () => {
  operator = await createOperator();
});

const search = (query: Record<string, string>) => as(operator.idToken).get(`/ops/users/search?${new URLSearchParams(query)}`);

function ok(reply: ApiReply, status = 200) {
  expect(reply.status, JSON.stringify(reply.json)).toBe(status);
  return reply.json;
}

/** Every page of a search, following the cursor to the end. */
async function allMatches(query: Record<string, string>): Promise<OpsCustomerMatch[]> {
  const found: OpsCustomerMatch[] = [];
  let cursor: string | null = null;
  do {
    const page = opsCustomerSearchReplySchema.parse(ok(await search({ ...query, ...(cursor ? { cursor } : {}) })));
    found.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return found;
}

async function buy(user: TestUser, body: PurchaseRequest): Promise<Rental> {
  const headers = { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
  return rentalReplySchema.parse(ok(await send('POST', '/user/rentals', { headers, body: JSON.stringify(body) }), 201)).data;
}

describe('GET /api/ops/users/search', () => {
  it('finds customers by part of their e-mail, in any case, and nobody else', async () => {
    const [ada, bob] = await Promise.all([userWithBalance(), userWithBalance()]);
    // A run of the random part only Ada's address holds, typed in capitals.
    const part = ada.email.split('@')[0]!.slice(-12).toUpperCase();
    const found = await allMatches({ by: 'email', q: part });
    expect(found).toEqual([{ sub: ada.sub, email: ada.email, deleted: false, blocked: false, number: null, rental_id: null }]);
    expect(found.map((m) => m.sub)).not.toContain(bob.sub);
  });

  it('finds who rents a number however it is pasted, with the rental', async () => {
    const renter = await userWithBalance(50_00);
    const [request] = await ownPrivate();
    const rental = await buy(renter, request!);
    const digits = rental.number.slice(1);
    const spaced = `+${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
    for (const q of [spaced, digits, `00${digits}`]) {
      const page = opsCustomerSearchReplySchema.parse(ok(await search({ by: 'phone', q })));
      expect(page, q).toEqual({
        data: [{ sub: renter.sub, email: renter.email, deleted: false, blocked: false, number: rental.number, rental_id: rental.id }],
        next_cursor: null,
      });
    }
  });

  it('finds the customer of a rental id, in any case; a rental bought before the id pointers is found once they are backfilled', async () => {
    const renter = await userWithBalance(50_00);
    const [request] = await ownPrivate();
    const rental = await buy(renter, request!);
    const expected = {
      data: [{ sub: renter.sub, email: renter.email, deleted: false, blocked: false, number: rental.number, rental_id: rental.id }],
      next_cursor: null,
    };
    expect(opsCustomerSearchReplySchema.parse(ok(await search({ by: 'rental', q: ` ${rental.id.toUpperCase()} ` })))).toEqual(expected);

    // As a rental bought before the purchase wrote its pointer.
    const { db, tableName } = await import('@numbernest/core/db');
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await db.send(new DeleteCommand({ TableName: tableName(), Key: { pk: `RENTAL_ID#${rental.id}`, sk: 'RENTAL' } }));
    expect(ok(await search({ by: 'rental', q: rental.id }))).toEqual({ data: [], next_cursor: null });
    const { backfillRentalIds } = await import('@numbernest/core/rentals');
    expect((await backfillRentalIds()).rentals).toBeGreaterThanOrEqual(1);
    expect(opsCustomerSearchReplySchema.parse(ok(await search({ by: 'rental', q: rental.id })))).toEqual(expected);
  });

  it('finds nobody for an e-mail part, a number or a rental id no customer has', async () => {
    expect(ok(await search({ by: 'rental', q: '0000000000nosuchrental' }))).toEqual({ data: [], next_cursor: null });
    expect(await allMatches({ by: 'email', q: `nobody-${randomUUID()}` })).toEqual([]);
    expect(opsCustomerSearchReplySchema.parse(ok(await search({ by: 'phone', q: '+999 000 1234567' })))).toEqual({ data: [], next_cursor: null });
  });

  it('refuses bad input with field errors, and anyone but an operator', async () => {
    expectFieldErrors(await search({ by: 'phone', q: 'not a number' }), ['q']);
    expectFieldErrors(await search({ by: 'email', q: 'ab' }), ['q']);
    expectFieldErrors(await search({ by: 'email', q: 'EMAIL#x' }), ['q']);
    expectFieldErrors(await search({ by: 'rental', q: 'not/a-rental' }), ['q']);
    expectFieldErrors(await search({ by: 'name', q: 'ada' }), ['by']);
    expectFieldErrors(await search({ q: 'ada' }), ['by']);
    const customer = await userWithBalance();
    expectError(await as(customer.idToken).get('/ops/users/search?by=email&q=ada'), 403, 'OPERATORS_ONLY');
  });
});
