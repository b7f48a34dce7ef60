/**
 * A customer's whole journey under load (`npm run bench`): `JOURNEY_CUSTOMERS` (default 200)
 * signed-up customers with a balance, each in its own loop for `JOURNEY_SECONDS` (default 60) and
 * at most `JOURNEY_MAX` journeys (default 20): sign in (Cognito's password sign-in, then the
 * profile), list numbers, buy one (Shared, every fourth journey Temporary), receive an SMS through
 * the signed Twilio webhook, read its code through the API, then close the rental (Shared) or let
 * it run (a Temporary activation cannot be cancelled in its first two minutes). All over HTTP to
 * the local cloud on loopback, in a country and inventory of the bench's own.
 *
 * At a person's pace: `JOURNEY_THINK_MS` (default 2000, each time between half and one and a half
 * of it) between one click and the next, and the SMS comes `JOURNEY_SMS_MS` (default 10000) after
 * the purchase (the customer asks the service for a code, the service sends it). Without the pauses
 * 200 callers are a flood, not 200 customers: on one 2-core machine every step then queues behind
 * the others until purchases meet the handler's 30 s timeout. The customers arrive over the first
 * 10 s (a quarter of a shorter run). Journeys per second is then the rate 200 customers at that pace make, the "today" of
 * docs/capacity.md.
 *
 * A purchase refused because someone bought that number a moment before (409) is not an error: the
 * customer lists again and picks another, and it is counted as a conflict. Anything else that is
 * not the step's success is an error (target 0). The books are checked at the end (balance = sum
 * of entries for every user).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { LocalCloud } from '@numbernest/local';
import { addBenchCountry, importRange } from './bench-inventory';
import { benchUser } from './bench-money';
import { percentile } from './percentile';

/** Denmark: not a seeded country; +45 20 000000 onwards are valid mobile numbers (libphonenumber-js). */
const journeyCountry = { id: 902, name: 'Denmark (bench)', iso: 'dk', dialCode: '45', temporaryPrice: 0.3 };
const firstShared = 4520000000;
const firstTemporary = 4520500000;
/** Services offered everywhere, with the sender id each one's SMS come from. */
const serviceSlugs = ['telegram', 'whatsapp', 'google', 'facebook', 'instagram'] as const;

/** The steps timed, and the whole journey without the customer's pauses. */
export const journeySteps = ['sign in', 'list numbers', 'buy', 'SMS webhook', 'read code', 'close', 'whole journey, pauses left out'] as const;
type Step = (typeof journeySteps)[number];

export interface StepFigures {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface Journey {
  customers: number;
  seconds: number;
  thinkMs: number;
  smsDelayMs: number;
  inventory: { shared: number; temporary: number };
  journeys: number;
  perSecond: number;
  shared: number;
  temporary: number;
  /** Purchases refused because another customer had just bought that number (listed again, not errors). */
  conflicts: number;
  errors: number;
  errorSamples: string[];
  steps: Record<Step, StepFigures>;
  ledger: { users: number; entries: number; problems: number };
}

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` over `items`, `concurrency` at a time. */
async function eachLimited<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!);
    }),
  );
  return results;
}

class StepError extends Error {}

export async function benchJourney(
  cloud: LocalCloud,
  customers = env('JOURNEY_CUSTOMERS', 200),
  seconds = env('JOURNEY_SECONDS', 60),
  maxPerCustomer = env('JOURNEY_MAX', 20),
  thinkMs = env('JOURNEY_THINK_MS', 2000),
  smsDelayMs = env('JOURNEY_SMS_MS', 10_000),
): Promise<Journey> {
  const thinkTime = () => thinkMs * (0.5 + Math.random());
  const { seedCatalog } = await import('@numbernest/core/seed');
  const { applyLedgerTransaction, checkLedger } = await import('@numbernest/core/money');
  const { twilioInboundRequest, post } = await import('@numbernest/local/sms/upstream');
  const services = serviceSlugs.map((slug) => seedCatalog.services.find((s) => s.slug === slug)!);

  // The inventory: enough (number, service) pairs that 200 customers rarely reach for the same one.
  const inventory = { shared: env('JOURNEY_SHARED_NUMBERS', 2000), temporary: env('JOURNEY_TEMPORARY_NUMBERS', 1000) };
  await addBenchCountry({ ...journeyCountry, serviceIds: services.map((s) => s.id) });
  await importRange(journeyCountry.id, 1, firstShared, inventory.shared);
  await importRange(journeyCountry.id, 3, firstTemporary, inventory.temporary);

  // Customers (signed up and confirmed beforehand: sign-up is not part of the measured journey), $1,000 each.
  const people = await eachLimited(Array.from({ length: customers }), 16, () => benchUser(cloud));
  for (const { sub } of people) {
    await applyLedgerTransaction({
      idempotencyKey: `bench-journey:${sub}`,
      changes: [{ sub, amountCents: 100_000, kind: 'adjustment', reference: 'bench', description: { key: 'adjustment', params: { reason: 'bench' } } }],
    });
  }

  const times = Object.fromEntries(journeySteps.map((s) => [s, [] as number[]])) as Record<Step, number[]>;
  const errorSamples: string[] = [];
  let errors = 0;
  let conflicts = 0;
  let journeys = 0;
  let temporary = 0;

  /** Times one step; anything but `ok` is a StepError naming the step and the answer. */
  async function step<T>(
    name: Step,
    run: () => Promise<{ status: number; body: T }>,
    ok: (status: number) => boolean = (status) => status === 200,
  ): Promise<{ status: number; body: T }> {
    const start = performance.now();
    const reply = await run();
    times[name].push(performance.now() - start);
    if (!ok(reply.status)) throw new StepError(`${name}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
    return reply;
  }
  const call = async <T>(path: string, init: { method?: string; token?: string; body?: unknown; idempotent?: boolean } = {}) => {
    const response = await fetch(`${cloud.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.idempotent ? { 'idempotency-key': randomUUID() } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };

  async function journey(person: { email: string; password: string }, n: number): Promise<void> {
    const started = performance.now();
    let paused = 0; // the customer's own pauses, left out of the journey's time
    const think = async (ms = thinkTime()) => {
      await sleep(ms);
      paused += ms;
    };
    const { body: auth } = await step('sign in', async () => {
      const reply = await fetch(`${cloud.cognito.endpoint}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        body: JSON.stringify({
          ClientId: cloud.cognito.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: person.email, PASSWORD: person.password },
        }),
      });
      const body = (await reply.json()) as { AuthenticationResult: { IdToken: string } };
      if (!reply.ok) return { status: reply.status, body };
      // Signed in as the web is: the token, then the profile it shows.
      const profile = await call('/api/user', { token: body.AuthenticationResult.IdToken });
      return { status: profile.status, body };
    });
    const token = auth.AuthenticationResult.IdToken;
    await think();

    const typeId = n % 4 === 3 ? 3 : 1;
    const service = services[randomInt(services.length)]!;
    let rental: { id: string; number: string } | undefined;
    for (let attempt = 0; !rental; attempt++) {
      if (attempt === 10) throw new StepError('buy: ten numbers in a row were taken meanwhile');
      const { body: list } = await step('list numbers', () =>
        call<{ data: Array<{ id: number }> }>('/api/get-numbers', {
          method: 'POST',
          body: { country_id: journeyCountry.id, service_provider_id: service.id, mobile_number_type_id: typeId },
        }),
      );
      if (!list.data.length) throw new StepError(`list numbers: none left for ${service.slug} (type ${typeId})`);
      await think();
      const pick = list.data[randomInt(list.data.length)]!;
      const bought = await step(
        'buy',
        () =>
          call<{ data: { id: string; number: string } }>('/api/user/rentals', {
            method: 'POST',
            token,
            idempotent: true,
            body:
              typeId === 1
                ? { mobile_number_type_id: 1, mobile_number_id: pick.id, service_provider_id: service.id, rent_time_id: 1 }
                : { mobile_number_type_id: 3, mobile_number_id: pick.id, service_provider_id: service.id },
          }),
        (status) => status === 201 || status === 409,
      );
      if (bought.status === 409) {
        conflicts++;
        await think();
      } else rental = bought.body.data;
    }
    await think(smsDelayMs);

    const code = String(randomInt(100_000, 1_000_000));
    await step('SMS webhook', async () => {
      const reply = await post(
        twilioInboundRequest({
          appUrl: cloud.url,
          to: rental.number,
          from: service.name,
          body: `Your ${service.name} verification code is ${code}. Do not share it.`,
        }),
      );
      return { status: reply.status, body: reply.body };
    });

    // Read through the API until the code shows (the webhook's reply comes after it is stored, so at once).
    await step('read code', async () => {
      const until = performance.now() + 5000;
      for (;;) {
        const reply = await call<{ data: { last_message: { code: string | null } | null } }>(`/api/user/rentals/${rental.id}`, { token });
        if (reply.status !== 200 || reply.body.data.last_message?.code === code) return reply;
        if (performance.now() > until) return { status: 504, body: reply.body };
        await sleep(25);
      }
    });

    await think();
    if (typeId === 1) await step('close', () => call(`/api/user/rentals/${rental.id}/close`, { method: 'POST', token, idempotent: true }));
    else temporary++;
    times['whole journey, pauses left out'].push(performance.now() - started - paused);
    journeys++;
  }

  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    people.map(async (person, i) => {
      // Spread the starts over the first second, as arrivals are.
      await sleep((i * Math.min(10_000, (seconds * 1000) / 4)) / people.length);
      for (let n = 0; n < maxPerCustomer && performance.now() < end; n++) {
        await journey(person, n).catch((error: unknown) => {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(error instanceof Error ? error.message : String(error));
        });
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  const figures = (samples: number[]): StepFigures => {
    const sorted = [...samples].sort((a, b) => a - b);
    const at = (q: number) => Math.round(percentile(sorted, q) ?? 0);
    return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: Math.round(sorted.at(-1) ?? 0) };
  };
  // The ledger rule over this run's own customers (the other benches' floor users are not the app's).
  const books = await checkLedger(people.map((person) => person.sub));
  return {
    customers,
    seconds: Math.round(elapsed),
    thinkMs,
    smsDelayMs,
    inventory,
    journeys,
    perSecond: Math.round((journeys / elapsed) * 10) / 10,
    shared: journeys - temporary,
    temporary,
    conflicts,
    errors,
    errorSamples,
    steps: Object.fromEntries(journeySteps.map((s) => [s, figures(times[s])])) as Record<Step, StepFigures>,
    ledger: { users: books.users, entries: books.entries, problems: books.problems.length },
  };
}

export function printJourney(j: Journey): void {
  console.log(
    `\nJourney under load: ${j.customers} customers for ${j.seconds} s (sign in, list, buy, SMS by signed Twilio webhook, read the code, close or let run), ` +
      `${j.inventory.shared} Shared + ${j.inventory.temporary} Temporary numbers; ${j.thinkMs} ms between clicks, the SMS ${j.smsDelayMs} ms after the purchase`,
  );
  console.log('step'.padEnd(42), 'p50 ms'.padStart(7), 'p95 ms'.padStart(7), 'max ms'.padStart(8), 'count'.padStart(7));
  for (const [name, f] of Object.entries(j.steps)) {
    console.log(name.padEnd(42), String(f.p50).padStart(7), String(f.p95).padStart(7), String(f.max).padStart(8), String(f.count).padStart(7));
  }
  console.log(
    `${j.journeys} journeys (${j.shared} Shared closed, ${j.temporary} Temporary left running): ${j.perSecond} journeys/s; ` +
      `${j.conflicts} purchases taken meanwhile (listed again); ${j.errors} errors (target 0) ${j.errors ? 'FAILED' : 'OK'}`,
  );
  for (const sample of j.errorSamples) console.log(`  ${sample}`);
  console.log(
    `ledger check: ${j.ledger.users} users, ${j.ledger.entries} entries, ${j.ledger.problems} balance(s) differing from their entries ${j.ledger.problems ? 'FAILED' : 'OK'}`,
  );
}
