/**
 * The money figures of `npm run bench` (issue: money), measured against a running local cloud:
 * - webhook-to-credit: a correctly signed Stripe notification POSTed to /api/webhooks/stripe until
 *   its reply, which comes after the credit's transaction has committed;
 * - POST /api/user/transfers, each caller moving money between its own pair of users;
 * - the floor: a raw TransactWriteItems of a transfer's shape (2 profile updates, 2 entries, the
 *   idempotency key, the transfer item) straight to DynamoDB Local, in rounds alternating with the two.
 * All at `callers` concurrent callers, each a bounded number of times.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { LocalCloud } from '@numbernest/local';
import { percentile } from './percentile';

export interface Timing {
  count: number;
  p50: number;
  p99: number;
  perSecond: number;
  errors: number;
}

type Work = (caller: number, i: number) => Promise<boolean>;
interface Run {
  latencies: number[];
  errors: number;
  seconds: number;
}

/** Runs `work(caller, i)` `perCaller` times in each of `callers` parallel loops; latencies in ms. */
async function run(callers: number, perCaller: number, work: Work): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      for (let i = 0; i < perCaller; i++) {
        const start = performance.now();
        const ok = await work(caller, i).catch(() => false);
        if (ok) latencies.push(performance.now() - start);
        else errors++;
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

function figures(runs: Run[]): Timing {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const at = (q: number) => Math.round(percentile(latencies, q) ?? 0);
  return {
    count: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    perSecond: Math.round(latencies.length / seconds),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/**
 * Kinds of work measured in alternating rounds, so each sees the same emulator (DynamoDB Local's
 * JIT keeps warming for minutes) and the same machine: none is favoured by going later.
 */
async function alternating<T extends Work[]>(callers: number, rounds: number, perRound: number, ...works: T): Promise<{ [K in keyof T]: Timing }> {
  const runs: Run[][] = works.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [k, work] of works.entries()) runs[k]!.push(await run(callers, perRound, (caller, i) => work(caller, round * perRound + i)));
  }
  return runs.map(figures) as { [K in keyof T]: Timing };
}

/**
 * One Cognito call to the local pool, straight to cognito-local: it takes admin calls unsigned (the
 * public proxy does not), and the bench's hundreds of sign-ups are no one address's (the proxy's limit).
 */
async function cognito<T>(cloud: LocalCloud, operation: string, input: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${cloud.cognito.directEndpoint}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`Cognito ${operation}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A verified user with a profile, signed in: its sub, e-mail and id token. */
export async function benchUser(cloud: LocalCloud) {
  const email = `bench-${randomUUID()}@example.com`;
  const password = 'Passw0rd!';
  const { UserSub } = await cognito<{ UserSub: string }>(cloud, 'SignUp', {
    ClientId: cloud.cognito.clientId,
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  await cognito(cloud, 'AdminUpdateUserAttributes', {
    UserPoolId: cloud.cognito.userPoolId,
    Username: email,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  });
  await cognito(cloud, 'AdminConfirmSignUp', { UserPoolId: cloud.cognito.userPoolId, Username: email });
  const { AuthenticationResult } = await cognito<{ AuthenticationResult: { IdToken: string } }>(cloud, 'InitiateAuth', {
    ClientId: cloud.cognito.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const token = AuthenticationResult.IdToken;
  const profile = await fetch(`${cloud.url}/api/user`, { headers: { authorization: `Bearer ${token}` } });
  if (!profile.ok) throw new Error(`GET /api/user: ${profile.status}`);
  return { sub: UserSub, email, password, token };
}

export async function benchMoney(cloud: LocalCloud, callers = 32) {
  const { createTopUp } = await import('@numbernest/core/money');
  const { findUser } = await import('@numbernest/core/accounts');
  const { stripeNotification } = await import('@numbernest/local/payments/stripe');
  const { deliver } = await import('@numbernest/local/payments/types');
  const { db, tableName } = await import('@numbernest/core/db');
  const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');

  const senders = await Promise.all(Array.from({ length: callers }, () => benchUser(cloud)));
  const recipients = await Promise.all(Array.from({ length: callers }, () => benchUser(cloud)));

  // Each kind is measured in 5 alternating rounds of 6 per caller (see `alternating`).
  const rounds = 5;
  const perRound = 6;

  // Webhook to credit: each caller's top-ups (made beforehand, not timed) settled by Stripe notifications.
  const topUps = await Promise.all(
    senders.map(async (sender) => {
      const user = (await findUser(sender.sub))!;
      const made = [];
      for (let i = 0; i < rounds * perRound; i++) made.push((await createTopUp(user, 500, 'stripe')).topUp);
      return made;
    }),
  );
  const deliverWebhook: Work = async (caller, i) => {
    const topUpId = topUps[caller]![i]!.id;
    // As Stripe sends it: the session's metadata echoed (the top-up and the paying account).
    const reply = await deliver(cloud.url, stripeNotification({ topUpId, amountCents: 500, metadata: { top_up_id: topUpId, account: senders[caller]!.sub } }));
    return reply.status === 200;
  };

  // Transfers: $1 each from the caller's sender to its own recipient. Money paid by card may not be
  // sent on for a day (the transfer hold), so each sender gets $100 credited by hand.
  const { applyLedgerTransaction } = await import('@numbernest/core/money');
  for (const sender of senders) {
    await applyLedgerTransaction({
      idempotencyKey: `bench-transfers:${sender.sub}`,
      changes: [
        { sub: sender.sub, amountCents: 10_000, kind: 'adjustment', reference: 'bench', description: { key: 'adjustment', params: { reason: 'bench' } } },
      ],
    });
  }
  const postTransfer: Work = async (caller) => {
    const response = await fetch(`${cloud.url}/api/user/transfers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${senders[caller]!.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ email: recipients[caller]!.email, amount: 1 }),
    });
    await response.arrayBuffer();
    return response.status === 201;
  };

  // The floor: the same transaction shape, written straight to DynamoDB Local (bench-only keys).
  const table = tableName();
  const rawTransaction: Work = async (caller, i) => {
    const run = `BENCH#${caller}#${i}#${randomUUID()}`;
    const update = (who: string) => ({
      Update: {
        TableName: table,
        Key: { pk: `${run}#${who}`, sk: 'PROFILE' },
        UpdateExpression: 'SET balanceCents = :b, ledgerSeq = :s',
        ConditionExpression: 'attribute_not_exists(deletedAt)',
        ExpressionAttributeValues: { ':b': 100, ':s': 1 },
      },
    });
    const put = (sk: string) => ({
      Put: { TableName: table, Item: { pk: run, sk, amountCents: 100, kind: 'bench' }, ConditionExpression: 'attribute_not_exists(pk)' },
    });
    await db.send(
      new TransactWriteCommand({ TransactItems: [update('from'), update('to'), put('LEDGER#1'), put('LEDGER#2'), put('LEDGER_KEY'), put('TRANSFER')] }),
    );
    return true;
  };

  const [webhook, raw, transfers] = await alternating(callers, rounds, perRound, deliverWebhook, rawTransaction, postTransfer);
  return { callers, webhook, transfers, raw };
}

/**
 * Purchases (rentals issue): POST /api/user/rentals of distinct Shared (number, service) pairs, each
 * caller with its own balance, next to the floor in the same run: the very TransactWriteItems a
 * purchase makes (profile, entry, idempotency key, rental with its due-work index entry, lock,
 * number check) sent straight to DynamoDB Local; and the 100-way race for one Private number.
 */
export async function benchPurchases(cloud: LocalCloud, callers = 32, perCaller = 60) {
  const { seedCatalog } = await import('@numbernest/core/seed');
  const { applyLedgerTransaction } = await import('@numbernest/core/money');
  const { purchaseRental } = await import('@numbernest/core/rentals');
  const { findUser } = await import('@numbernest/core/accounts');
  const { standingKey } = await import('@numbernest/core/rentals');
  const { db, tableName } = await import('@numbernest/core/db');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const topUp = async (users: Array<{ sub: string }>) => {
    for (const { sub } of users) {
      await applyLedgerTransaction({
        idempotencyKey: `bench:${sub}`,
        changes: [{ sub, amountCents: 1_000_000, kind: 'adjustment', reference: 'bench', description: { key: 'adjustment', params: { reason: 'bench' } } }],
      });
    }
  };

  // Each buyer holds 80 numbers by the end: a reseller in good standing (trusted: 100 at once), as
  // its numbers' codes would make it; a new account holds 10.
  const trusted = async (users: Array<{ sub: string }>) => {
    const day = new Date().toISOString().slice(0, 10);
    for (const { sub } of users)
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: standingKey(sub),
          UpdateExpression: 'SET #delivered = :many',
          ExpressionAttributeNames: { '#delivered': `delivered:${day}` },
          ExpressionAttributeValues: { ':many': 100 },
        }),
      );
  };
  const buyers = await Promise.all(Array.from({ length: callers }, () => benchUser(cloud)));
  await topUp(buyers);
  await trusted(buyers);
  // Each caller buys from its own run of consecutive offers, one number of each: no purchase is
  // refused for a lock, and no caller holds more of a slice than one account may.
  const warmUp = 20;
  const perOffer = seedCatalog.offers.map((offer) =>
    seedCatalog.numbers
      .filter((n) => n.countryId === offer.countryId && n.typeId === 1)
      .map((n) => ({ mobile_number_type_id: 1 as const, mobile_number_id: n.numberId, service_provider_id: offer.serviceId, rent_time_id: 1 })),
  );
  const taken = perOffer.map(() => 0);
  const laneOf = (slot: number) => {
    const lane: Array<(typeof perOffer)[number][number]> = [];
    for (let offer = slot * Math.floor(perOffer.length / (2 * callers)); lane.length < warmUp + perCaller; offer++) {
      const at = offer % perOffer.length;
      if (taken[at]! < perOffer[at]!.length) lane.push(perOffer[at]![taken[at]!++]!);
    }
    return lane;
  };
  // Slots 0..callers-1 buy through the API, the next ones are the floor's.
  const lanes = Array.from({ length: 2 * callers }, (_, slot) => laneOf(slot));
  const next = lanes.map(() => 0);
  const pairOf = (slot: number) => lanes[slot]![next[slot]!++]!;
  const buy = async (token: string, body: object) => {
    const response = await fetch(`${cloud.url}/api/user/rentals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  };
  const purchase = async (caller: number) => (await buy(buyers[caller]!.token, pairOf(caller))) === 201;

  // The floor: the purchase's own transaction (built by the same code, so of the same shape and
  // item sizes) for a second set of buyers whose profiles the caller already knows: no HTTP, no
  // token check, no profile read, one TransactWriteItems straight to DynamoDB Local. The gap
  // between the two is what the API adds.
  const floorBuyers = await Promise.all(Array.from({ length: callers }, () => benchUser(cloud)));
  await topUp(floorBuyers);
  await trusted(floorBuyers);
  const known = await Promise.all(floorBuyers.map(async (buyer) => (await findUser(buyer.sub))!));
  const rawTransaction = async (caller: number) => {
    const profile = known[caller]!;
    const { balanceCents } = await purchaseRental({ loadUser: async () => profile, request: pairOf(callers + caller), idempotencyKey: randomUUID() });
    known[caller] = { ...profile, balanceCents, ledgerSeq: (profile.ledgerSeq ?? 0) + 1 };
    return true;
  };

  // Neither side is measured cold: 20 untimed purchases a caller on each side first (with 5, the
  // first timed round still held nearly all of the slowest 1%: code paths of both JITs, Node's and
  // DynamoDB Local's, were still compiling); then alternating rounds, the floor first in each.
  // 1920 samples a side: the p99 of 640 (its 7th slowest) swung by a fifth from run to run.
  await run(callers, warmUp, purchase);
  await run(callers, warmUp, rawTransaction);
  const [raw, purchases] = await alternating(callers, 4, perCaller / 4, rawTransaction, purchase);

  // The race: 100 concurrent purchases of one Private number by 10 users.
  const privateNumber = seedCatalog.numbers.filter((n) => n.typeId === 2).at(-1)!;
  const statuses = await Promise.all(
    Array.from({ length: 100 }, (_, i) => buy(buyers[i % 10]!.token, { mobile_number_type_id: 2, mobile_number_id: privateNumber.numberId, rent_time_id: 1 })),
  );
  const race = {
    created: statuses.filter((s) => s === 201).length,
    conflicts: statuses.filter((s) => s === 409).length,
    other: statuses.filter((s) => s !== 201 && s !== 409).length,
  };
  return { callers, purchases, raw, race };
}

/** The header of the money, purchase and developer-API tables. */
export function printOperationHeader() {
  console.log('operation'.padEnd(42), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'ops/s'.padStart(8), 'count'.padStart(7), 'errors'.padStart(7));
}

/** One row of those tables. */
export function printOperation(name: string, f: Timing) {
  console.log(
    name.padEnd(42),
    String(f.p50).padStart(7),
    String(f.p99).padStart(7),
    String(f.perSecond).padStart(8),
    String(f.count).padStart(7),
    String(f.errors).padStart(7),
  );
}

/** The money table and its ratios to the raw floor. */
export function printMoney(money: Awaited<ReturnType<typeof benchMoney>>) {
  console.log(`\nMoney: ${money.callers} concurrent callers`);
  printOperationHeader();
  printOperation('raw TransactWriteItems (transfer shape)', money.raw);
  printOperation('webhook -> credited (Stripe)', money.webhook);
  printOperation('POST /api/user/transfers', money.transfers);
  const floor = Math.max(1, money.raw.p99);
  const ratio = (p99: number) => Math.round((p99 / floor) * 100) / 100;
  console.log(`webhook p99 / raw p99 = ${ratio(money.webhook.p99)}, transfer p99 / raw p99 = ${ratio(money.transfers.p99)}`);
}
