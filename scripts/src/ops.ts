/**
 * `npm run ops -- …`: what operators do from the command line, on the same table as
 * `npm run ledger:check` (the running `npm start`, else .data/; a stage inside `npx sst shell`).
 *
 *   npm run ops -- grant-operator <email>                  the account may use the operator console (/ops)
 *   npm run ops -- revoke-operator <email>                 …no longer, at once
 *   npm run ops -- grant-partner <email>                   the account may plug SIM banks' agents in (SMSHub agent protocol)
 *   npm run ops -- revoke-partner <email>                  …no longer, at once (its agents stay)
 *   npm run ops -- add-agent --partner <email> --name <name> --url <url> [--key <key>]
 *                                                          a partner's agent; prints its id and protocol key
 *   npm run ops -- agents [--json]                         every agent with its partner, state, stock, sold and earned
 *   npm run ops -- add-upstream --kind sms-activate|5sim --name <name> --url <base url> --key <key>
 *                  [--currency USD|RUB --rate <dollars per unit>] [--min-margin <percent>]
 *                                                          an upstream provider we buy Temporary activations from; prints its id
 *   npm run ops -- upstream-deposit <name|id> --amount <dollars> --reason "…"
 *                                                          money deposited at an upstream: credited to its ledger account (audited)
 *   npm run ops -- upstreams [--json]                      every upstream with its kind, state, balance, spend and rate
 *   npm run ops -- pause-upstream | resume-upstream | remove-upstream <name|id>
 *   npm run ops -- payouts [--json]                        partners' payouts waiting for an operator, oldest first
 *   npm run ops -- approve-payout <id> --reference "…" [--operator NAME]
 *                                                          the money was sent: the payout is paid (nothing more is debited)
 *   npm run ops -- refuse-payout <id> --reason "…" [--operator NAME]
 *                                                          refused: its amount goes back to the partner's balance, once
 *   npm run ops -- holds                                   accounts on hold (card payments taken back)
 *   npm run ops -- release-hold <email> --reason "…" [--keep] [--seen N] [--operator NAME]
 *   npm run ops -- service-routing                         every service's protocol code and SMS patterns
 *   npm run ops -- service-routing <id|slug> [--code CODE | --no-code] [--from REGEX --body REGEX]
 *   npm run ops -- partner-share                           the partners' share: the default percent and the rules per country and service
 *   npm run ops -- partner-share --default <percent>       the default (0–100, at most one decimal)
 *   npm run ops -- partner-share --country <id|iso|any> --service <id|slug|code|any> --percent <percent>
 *                                                          a rule, added or changed (the most specific rule of a sale wins)
 *   npm run ops -- partner-share --country <…> --service <…> --remove
 *   npm run ops -- backfill-numbers                        once after deploying the picker index: every number's list keys and holds
 *   npm run ops -- backfill-rental-ids                     once after deploying the console's search by rental id: every rental's id pointer
 *   npm run ops -- telegram-set-webhook [--url API_URL]    point the Telegram bot at this stage's webhook (with its secret token)
 *
 * `grant-operator` is the only way to make an operator (the first one above all); it and
 * `revoke-operator` change the Cognito group too, so they need the running `npm start` or a stage.
 * The operator console's Accounts on hold page (/ops/holds) does the same as `holds` and `release-hold`.
 * `grant-partner` and `revoke-partner` change only the profile (partner routes read it), so they need no
 * Cognito. `add-agent` checks the URL as the partner's page does (locally, this machine is allowed) and
 * prints the key once (`--key`: the key the agent is already set up with, else a new one; with `--key` it
 * polls the agent at once and prints what it offers, so its stock is on sale now); `agents --json`
 * prints one JSON array of `{ id, name, url, partner, state, stock, sold, earned }` (`earned` in dollars).
 * `add-upstream` checks the URL as the console does (locally, this machine is allowed) and never prints
 * the key again; `--rate` is dollars per one unit of `--currency` (USD at 1 when neither is given), and
 * `--min-margin` the least share of the customer's price we keep (10 by default). `upstreams --json` prints
 * one JSON array of `{ id, name, kind, url, state, balance, spend, rate }` (`balance` and `spend` in
 * dollars, `balance` null before the first sync). Each change is audited.
 * A payout's amount left the partner's balance when they asked for it: `payouts --json` prints one JSON
 * array of `{ id, partner, amount, destination, requested_at }` (`partner` the e-mail, `amount` in dollars);
 * send the money yourself, then `approve-payout` with the transfer's reference (a transaction hash, a
 * bank reference), or `refuse-payout` with the reason the partner will see. Both are audited; a payout
 * decided already is refused.
 * `release-hold` lifts the hold (or, with --keep, records that it stays); the operator defaults to
 * $USER. --seen N is the number of reversals `holds` showed: when another came in since, the
 * decision is refused (without it, the hold as it stands now is decided on). `service-routing` sets a service's SMS-Activate code (--no-code: the protocol stops
 * carrying it) and/or the patterns its SMS are routed by (sender, then text); running Lambdas see
 * it when their catalogue cache next reloads (a minute). `partner-share` is what a partner earns of each activation
 * its agent sold, in percent of the price (floored to the cent): a rule of the country and the service wins, then one
 * of the service in any country, then one of the country for any service, then the default; changes are audited and
 * running Lambdas see them as soon as the catalogue's. `telegram-set-webhook` calls the Bot API's
 * setWebhook with `{API_URL}/api/webhooks/telegram` (API_URL, else --url: the stage's `apiUrl` output)
 * and `TelegramWebhookSecret`, so Telegram sends it as X-Telegram-Bot-Api-Secret-Token; run it once per
 * stage and again after rotating the token or the secret. Exit 1 with the reason when it is refused.
 */
import { parseArgs } from 'node:util';
import { withTable } from './table-access';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    reason: { type: 'string' },
    reference: { type: 'string' },
    keep: { type: 'boolean' },
    operator: { type: 'string' },
    seen: { type: 'string' },
    code: { type: 'string' },
    'no-code': { type: 'boolean' },
    from: { type: 'string' },
    body: { type: 'string' },
    url: { type: 'string' },
    partner: { type: 'string' },
    name: { type: 'string' },
    key: { type: 'string' },
    json: { type: 'boolean' },
    default: { type: 'string' },
    country: { type: 'string' },
    service: { type: 'string' },
    percent: { type: 'string' },
    remove: { type: 'boolean' },
    kind: { type: 'string' },
    currency: { type: 'string' },
    rate: { type: 'string' },
    'min-margin': { type: 'string' },
    amount: { type: 'string' },
  },
});
const [command, email] = positionals;
const usage = [
  'usage: npm run ops -- grant-operator <email> | revoke-operator <email>',
  '       npm run ops -- grant-partner <email> | revoke-partner <email>',
  '       npm run ops -- add-agent --partner <email> --name <name> --url <url> [--key <key>] | agents [--json]',
  '       npm run ops -- add-upstream --kind sms-activate|5sim --name <name> --url <base url> --key <key> [--currency USD|RUB --rate R] [--min-margin P]',
  '       npm run ops -- upstream-deposit <name|id> --amount <dollars> --reason "…" [--operator NAME]',
  '       npm run ops -- upstreams [--json] | pause-upstream <name|id> | resume-upstream <name|id> | remove-upstream <name|id>',
  '       npm run ops -- payouts [--json] | approve-payout <id> --reference "…" | refuse-payout <id> --reason "…" [--operator NAME]',
  '       npm run ops -- holds | release-hold <email> --reason "…" [--keep] [--seen N] [--operator NAME]',
  '       npm run ops -- service-routing [<id|slug> [--code CODE | --no-code] [--from REGEX --body REGEX]]',
  '       npm run ops -- partner-share [--default P | --country <id|iso|any> --service <id|slug|code|any> (--percent P | --remove)]',
  '       npm run ops -- backfill-numbers | backfill-rental-ids',
  '       npm run ops -- telegram-set-webhook [--url API_URL]',
].join('\n');

/** A refusal, with the fields at fault when it names them. */
function refused(error: unknown): void {
  const { fieldErrors } = error as { fieldErrors?: Record<string, Array<string | { message: string }>> };
  const fields = fieldErrors
    ? Object.entries(fieldErrors).map(([field, problems]) => `${field}: ${problems.map((p) => (typeof p === 'string' ? p : p.message)).join(' ')}`)
    : [];
  console.error(`✗ ${(error as Error).message}${fields.length ? `\n  ${fields.join('\n  ')}` : ''}`);
  process.exitCode = 1;
}

await withTable(async (where) => {
  const { listHolds, releaseHold, subOfEmail } = await import('@numbernest/core/money');
  const { formatDollars } = await import('@numbernest/core/pricing');
  /** Who does it from the command line, for the audit list. */
  const cli = { sub: `cli:${process.env.USER ?? 'unknown'}`, email: values.operator ?? process.env.USER ?? 'cli' };
  if ((command === 'grant-operator' || command === 'revoke-operator') && email) {
    if (!process.env.SST_RESOURCE_UserPool) {
      console.error(`✗ No user pool: start the local cloud (npm start) first, or run this inside npx sst shell --stage NAME`);
      process.exitCode = 1;
      return;
    }
    const { grantOperator, revokeOperator } = await import('@numbernest/core/accounts');
    try {
      if (command === 'grant-operator') {
        await grantOperator(email, cli);
        console.log(`${email} is an operator: sign in again (or wait for the next token refresh) to open /ops (${where})`);
      } else {
        await revokeOperator(email, cli);
        console.log(`${email} is no longer an operator (${where})`);
      }
    } catch (error) {
      refused(error);
    }
  } else if ((command === 'grant-partner' || command === 'revoke-partner') && email) {
    const { grantPartner, revokePartner } = await import('@numbernest/core/accounts');
    try {
      if (command === 'grant-partner') {
        const partner = await grantPartner(email, cli);
        console.log(`${email} is a partner since ${partner.since} (${where})`);
      } else {
        await revokePartner(email, cli);
        console.log(`${email} is no longer a partner (${where})`);
      }
    } catch (error) {
      refused(error);
    }
  } else if (command === 'add-agent' && values.partner && values.name !== undefined && values.url !== undefined) {
    const { findUserByEmail } = await import('@numbernest/core/accounts');
    const { addAgent, pollAgent } = await import('@numbernest/core/supply');
    const partner = await findUserByEmail(values.partner.trim().toLowerCase());
    if (!partner) {
      console.error(`✗ No account with the e-mail ${values.partner} (${where})`);
      process.exitCode = 1;
    } else {
      try {
        const input = { partnerSub: partner.sub, name: values.name, url: values.url, ...(values.key !== undefined ? { key: values.key } : {}) };
        const { agent, key } = await addAgent(input, { operator: cli });
        console.log(`agent ${agent.id} of ${partner.email}: ${agent.name} at ${agent.url} (${where})`);
        console.log(`id  ${agent.id}`);
        console.log(`key ${key}`);
        if (values.key !== undefined) {
          // The agent already holds its key: polled now, its stock is on sale at once rather than at the poller's next round.
          const poll = await pollAgent(agent);
          console.log(
            poll.ok ? `polled: ${poll.total} on sale (${Math.round(poll.ms)} ms)` : `polled: no answer yet (${poll.error}); the poller asks again every 15 s`,
          );
        }
      } catch (error) {
        refused(error);
      }
    }
  } else if (command === 'agents') {
    const { listAgentsWithPartners, toAgentView } = await import('@numbernest/core/supply');
    const rows = (await listAgentsWithPartners()).map(({ agent, partner }) => {
      const { id, name, url, state, stock, sold, earned } = toAgentView(agent);
      return { id, name, url, partner: partner.email, state, stock, sold, earned };
    });
    if (values.json) {
      console.log(JSON.stringify(rows));
      return;
    }
    for (const row of rows)
      console.log(
        `${row.id} ${row.name} (${row.partner}) ${row.state} ${row.url}: stock ${row.stock}, sold ${row.sold}, earned $${formatDollars(Math.round(row.earned * 100))}`,
      );
    console.log(`${rows.length} agent(s) (${where})`);
  } else if (command === 'add-upstream' && values.kind !== undefined && values.name !== undefined && values.url !== undefined && values.key !== undefined) {
    const { addUpstream } = await import('@numbernest/core/supply');
    const margin = values['min-margin'];
    try {
      const upstream = await addUpstream(
        {
          kind: values.kind as 'sms-activate',
          name: values.name,
          url: values.url,
          key: values.key,
          ...(values.currency !== undefined ? { currency: values.currency.toUpperCase() as 'USD' } : {}),
          ...(values.rate !== undefined ? { rate: values.rate } : {}),
          ...(margin !== undefined ? { min_margin_percent: Number(margin) } : {}),
        },
        cli,
      );
      console.log(
        `upstream ${upstream.name} (${upstream.kind}) at ${upstream.url}: ${upstream.currency} at $${upstream.rate} each, margin ${upstream.minMarginPercent}% (${where})`,
      );
      console.log(`id  ${upstream.id}`);
    } catch (error) {
      refused(error);
    }
  } else if (command === 'upstreams') {
    const { listUpstreams, toUpstreamView, upstreamAccountCents } = await import('@numbernest/core/supply');
    const views = (await listUpstreams()).map(toUpstreamView);
    // The ledger account: what we deposited there less what it cost plus what it refunded.
    const accounts = await Promise.all(views.map((u) => upstreamAccountCents(u.id)));
    const rows = views.map(({ id, name, kind, url, state, balance_usd, spend, rate }, i) => ({
      id,
      name,
      kind,
      url,
      state,
      balance: balance_usd,
      account: accounts[i]! / 100,
      spend,
      rate,
    }));
    if (values.json) {
      console.log(JSON.stringify(rows));
      return;
    }
    const dollars = (amount: number | null) => (amount === null ? '-' : `$${formatDollars(Math.round(amount * 100))}`);
    const table = [
      ['id', 'name', 'kind', 'state', 'balance', 'in dollars', 'account', 'spend', 'rate', 'url'],
      ...views.map((u, i) => [
        u.id,
        u.name,
        u.kind,
        u.state,
        u.balance === null ? '-' : `${u.balance} ${u.currency}`,
        dollars(u.balance_usd),
        `$${formatDollars(accounts[i]!)}`,
        dollars(u.spend),
        `$${u.rate}/${u.currency}`,
        u.url,
      ]),
    ];
    const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
    for (const row of table)
      console.log(
        row
          .map((cell, column) => cell.padEnd(widths[column]!))
          .join('  ')
          .trimEnd(),
      );
    console.log(`${rows.length} upstream(s) (${where})`);
  } else if (command === 'upstream-deposit' && positionals[1] && values.amount !== undefined && values.reason !== undefined) {
    const { findUpstreamByIdOrName, depositToUpstream } = await import('@numbernest/core/supply');
    const found = await findUpstreamByIdOrName(positionals[1]);
    const cents = /^\d{1,9}(\.\d{1,2})?$/.test(values.amount) ? Math.round(Number(values.amount) * 100) : NaN;
    if (!found || !Number.isSafeInteger(cents) || cents <= 0) {
      console.error(found ? `✗ --amount is dollars, more than 0: ${values.amount}` : `✗ No upstream ${positionals[1]} (${where})`);
      process.exitCode = 1;
      return;
    }
    try {
      const { balanceCents } = await depositToUpstream({ upstreamId: found.id, amountCents: cents, reason: values.reason, operator: cli });
      console.log(`upstream ${found.name} (${found.id}): $${formatDollars(cents)} deposited, its account holds $${formatDollars(balanceCents)} (${where})`);
    } catch (error) {
      refused(error);
    }
  } else if ((command === 'pause-upstream' || command === 'resume-upstream' || command === 'remove-upstream') && positionals[1]) {
    const { findUpstreamByIdOrName, pauseUpstream, removeUpstream, resumeUpstream, upstreamState } = await import('@numbernest/core/supply');
    const found = await findUpstreamByIdOrName(positionals[1]);
    if (!found) {
      console.error(`✗ No upstream ${positionals[1]} (${where})`);
      process.exitCode = 1;
      return;
    }
    try {
      const change = command === 'pause-upstream' ? pauseUpstream : command === 'resume-upstream' ? resumeUpstream : removeUpstream;
      const upstream = await change(found.id, cli);
      console.log(`upstream ${upstream.name} (${upstream.id}) is ${upstreamState(upstream)} (${where})`);
    } catch (error) {
      refused(error);
    }
  } else if (command === 'payouts') {
    const { listOpenPayouts } = await import('@numbernest/core/money');
    const rows = (await listOpenPayouts()).map((p) => ({
      id: p.id,
      partner: p.email,
      amount: p.amountCents / 100,
      destination: p.destination,
      requested_at: p.requestedAt,
    }));
    if (values.json) {
      console.log(JSON.stringify(rows));
      return;
    }
    for (const row of rows)
      console.log(`${row.id} ${row.partner} $${formatDollars(Math.round(row.amount * 100))} to ${row.destination} (asked ${row.requested_at})`);
    console.log(`${rows.length} payout(s) waiting (${where})`);
  } else if ((command === 'approve-payout' || command === 'refuse-payout') && positionals[1]) {
    const { approvePayoutRequestSchema, refusePayoutRequestSchema } = await import('@numbernest/contracts');
    const { approvePayout, refusePayout } = await import('@numbernest/core/money');
    const id = positionals[1];
    const operator = { sub: cli.sub, email: cli.email };
    // The console's rules for the reference and the reason.
    const parsed =
      command === 'approve-payout'
        ? approvePayoutRequestSchema.safeParse({ reference: values.reference ?? '' })
        : refusePayoutRequestSchema.safeParse({ reason: values.reason ?? '' });
    if (!parsed.success) {
      const field = command === 'approve-payout' ? 'reference' : 'reason';
      console.error(`✗ Invalid request\n  ${field}: ${parsed.error.issues.map((issue) => issue.message).join(' ')}`);
      process.exitCode = 1;
      return;
    }
    try {
      const payout =
        'reference' in parsed.data
          ? await approvePayout(id, { operator, reference: parsed.data.reference })
          : await refusePayout(id, { operator, reason: parsed.data.reason });
      const outcome = payout.status === 'paid' ? `paid (reference ${payout.reference})` : `refused, $${formatDollars(payout.amountCents)} credited back`;
      console.log(`payout ${payout.id} of ${payout.email}, $${formatDollars(payout.amountCents)} to ${payout.destination}: ${outcome} (${where})`);
    } catch (error) {
      refused(error);
    }
  } else if (command === 'holds') {
    const holds = await listHolds();
    for (const hold of holds) {
      const owed = hold.balanceCents < 0 ? `owes $${formatDollars(-hold.balanceCents)}` : `balance $${formatDollars(hold.balanceCents)}`;
      console.log(`${hold.email} (${hold.sub}) on hold since ${hold.since}, ${owed}, ${hold.events.length} reversal(s) (--seen ${hold.events.length})`);
      for (const e of hold.events) {
        const state = e.kind === 'chargeback' ? `, dispute ${hold.disputes[e.reference] ?? 'unknown'}` : '';
        console.log(
          `  ${e.at} ${e.kind} $${formatDollars(e.amountCents)} of top-up ${e.topUpId} (${e.provider} ${e.reference}${e.reason ? `: ${e.reason}` : ''}${state})`,
        );
      }
      for (const d of hold.decisions ?? []) console.log(`  ${d.at} kept by ${d.operator}: ${d.reason}`);
    }
    console.log(`${holds.length} account(s) on hold (${where})`);
  } else if (command === 'release-hold' && email) {
    try {
      const sub = await subOfEmail(email);
      const eventsSeen = values.seen !== undefined ? Number(values.seen) : ((await listHolds()).find((h) => h.sub === sub)?.events.length ?? 1);
      const decision = await releaseHold(sub, {
        operator: { sub: cli.sub, email: values.operator ?? process.env.USER ?? '' },
        reason: values.reason ?? '',
        decision: values.keep ? 'keep' : 'release',
        eventsSeen,
      });
      console.log(
        `${email}: ${decision.decision === 'release' ? 'hold released' : 'hold kept'} by ${decision.operator}, on ${eventsSeen} reversal(s) (${where})`,
      );
    } catch (error) {
      refused(error);
    }
  } else if (command === 'service-routing') {
    const { serviceCatalog, setServiceRouting } = await import('@numbernest/core/catalogue');
    const show = (s: { id: number; slug: string; name: string; protocolCode?: string; patterns?: { from: string; body: string } }) =>
      console.log(
        `${s.id} ${s.slug} (${s.name}) code ${s.protocolCode ?? '-'}${s.patterns ? `\n  from /${s.patterns.from}/\n  body /${s.patterns.body}/i` : ' no patterns'}`,
      );
    const { byId } = await serviceCatalog();
    const target = positionals[1];
    if (!target) {
      for (const service of byId.values()) show(service);
      console.log(`${byId.size} service(s) (${where})`);
      return;
    }
    const service = [...byId.values()].find((s) => String(s.id) === target || s.slug === target);
    if (!service) {
      console.error(`✗ No service ${target} (${where})`);
      process.exitCode = 1;
      return;
    }
    const patterns = values.from !== undefined || values.body !== undefined ? { from: values.from ?? '', body: values.body ?? '' } : undefined;
    const code = values['no-code'] ? null : values.code;
    try {
      show(await setServiceRouting(service.id, { ...(code !== undefined ? { code } : {}), ...(patterns ? { patterns } : {}) }, { operator: cli }));
      console.log(`updated (${where})`);
    } catch (error) {
      refused(error);
    }
  } else if (command === 'partner-share') {
    const { listCountryItems, serviceCatalog } = await import('@numbernest/core/catalogue');
    const { partnerShareView, removePartnerShareRule, setPartnerShare } = await import('@numbernest/core/supply');
    const show = (view: Awaited<ReturnType<typeof partnerShareView>>) => {
      console.log(`default ${view.default_percent}%${view.edited_by ? ` (last changed by ${view.edited_by} at ${view.edited_at})` : ''}`);
      for (const rule of view.rules) {
        const country = rule.country_id === null ? 'any country' : `${rule.country_name ?? '?'} (${rule.country_id})`;
        const service = rule.service_id === null ? 'any service' : `${rule.service_name ?? '?'} (${rule.service_id})`;
        const example = rule.temporary_price === null ? '' : `  (of $${rule.temporary_price.toFixed(2)} Temporary: $${rule.partner_earns!.toFixed(2)})`;
        console.log(`${country} · ${service}: ${rule.percent}%${example}`);
      }
      console.log(`${view.rules.length} rule(s) (${where})`);
    };
    try {
      if (values.default !== undefined) {
        show(await partnerShareView(await setPartnerShare({ default_percent: Number(values.default) }, cli)));
      } else if (values.country !== undefined || values.service !== undefined) {
        // A country by id or ISO code, a service by id, slug or protocol code; `any` for either.
        const [countries, { byId }] = await Promise.all([listCountryItems(), serviceCatalog()]);
        const countryArg = (values.country ?? '').trim().toLowerCase();
        const serviceArg = (values.service ?? '').trim().toLowerCase();
        const country = countryArg === 'any' ? null : countries.find((c) => String(c.id) === countryArg || c.iso === countryArg);
        const service =
          serviceArg === 'any' ? null : [...byId.values()].find((s) => String(s.id) === serviceArg || s.slug === serviceArg || s.protocolCode === serviceArg);
        if (country === undefined || service === undefined) {
          console.error(
            `✗ ${country === undefined ? `No country ${values.country ?? '(give --country)'}` : `No service ${values.service ?? '(give --service)'}`} (${where})`,
          );
          process.exitCode = 1;
          return;
        }
        if (values.remove) {
          show(await partnerShareView(await removePartnerShareRule({ country: String(country?.id ?? 'any'), service: String(service?.id ?? 'any') }, cli)));
        } else if (values.percent !== undefined) {
          show(
            await partnerShareView(
              await setPartnerShare({ country_id: country?.id ?? null, service_id: service?.id ?? null, percent: Number(values.percent) }, cli),
            ),
          );
        } else {
          console.error(`✗ Give --percent P, or --remove\n${usage}`);
          process.exitCode = 1;
        }
      } else {
        show(await partnerShareView());
      }
    } catch (error) {
      refused(error);
    }
  } else if (command === 'backfill-numbers') {
    const { backfillNumbers } = await import('@numbernest/core/supply');
    const { numbers, updated } = await backfillNumbers();
    console.log(`${numbers} number(s) read, ${updated} updated (${where})`);
  } else if (command === 'backfill-rental-ids') {
    const { backfillRentalIds } = await import('@numbernest/core/rentals');
    const { rentals } = await backfillRentalIds();
    console.log(`${rentals} rental id(s) written (${where})`);
  } else if (command === 'telegram-set-webhook') {
    const base = (values.url ?? process.env.API_URL ?? '').replace(/\/$/, '');
    if (!base || !process.env.SST_RESOURCE_TelegramBotToken) {
      console.error("✗ Run inside npx sst shell --stage NAME with --url <the stage's apiUrl output> (or against npm start)");
      process.exitCode = 1;
      return;
    }
    const { telegramCall, telegramBot } = await import('@numbernest/core/channels');
    const { secret } = await import('@numbernest/core/settings');
    const url = `${base}/api/webhooks/telegram`;
    try {
      // Only what the bot answers: messages (commands) and button presses; pending updates of an old URL are dropped.
      await telegramCall('setWebhook', {
        url,
        secret_token: secret('TelegramWebhookSecret'),
        allowed_updates: ['message', 'callback_query'],
        drop_pending_updates: true,
      });
      await telegramCall('setMyCommands', {
        commands: [
          { command: 'numbers', description: 'Your active numbers and their last codes' },
          { command: 'balance', description: 'Your balance' },
          { command: 'buy', description: 'Rent a number from your balance' },
          { command: 'help', description: 'What the bot does' },
          { command: 'stop', description: 'Disconnect this chat' },
        ],
      });
      await telegramCall('setMyCommands', {
        language_code: 'ru',
        commands: [
          { command: 'numbers', description: 'Активные номера и последние коды' },
          { command: 'balance', description: 'Ваш баланс' },
          { command: 'buy', description: 'Арендовать номер с баланса' },
          { command: 'help', description: 'Что умеет бот' },
          { command: 'stop', description: 'Отключить этот чат' },
        ],
      });
      console.log(`@${(await telegramBot()).username} posts its updates to ${url} (${where})`);
    } catch (error) {
      refused(error);
    }
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
});
