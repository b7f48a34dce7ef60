import { demoUpstreams, upstreamBasePath } from './index';

const startedBy = { sub: 'local:npm-start', email: 'npm start' };

/** Dollars per unit of each demo's currency (the rouble at about a cent). */
const demoRates = { USD: '1', RUB: '0.011' } as const;

/**
 * `npm start`'s upstream providers: the two stand-ins the local cloud mounts (`herosms-demo`, SMS-Activate's
 * protocol in dollars; `fivesim-demo`, 5sim's API in roubles) registered as upstreams once (found again by
 * name on later starts), each with its opening balance deposited to its ledger account once, and synced at
 * once, so the demo sells their numbers where our own inventory has none.
 */
export async function registerDemoUpstreams(cloud: { url: string }): Promise<Array<{ name: string; id: string }>> {
  const { addUpstream, depositToUpstream, findUpstreamByIdOrName, syncUpstream, upstreamValueCentsDown } = await import('@numbernest/core/supply');
  const registered: Array<{ name: string; id: string }> = [];
  for (const demo of demoUpstreams) {
    const upstream =
      (await findUpstreamByIdOrName(demo.name)) ??
      (await addUpstream(
        {
          kind: demo.kind,
          name: demo.name,
          url: `${cloud.url}${upstreamBasePath(demo.kind, demo.name)}`,
          key: demo.key,
          currency: demo.currency,
          rate: demoRates[demo.currency],
        },
        startedBy,
        { local: true },
      ));
    // Once per upstream (its key names the deposit): a later start finds it made.
    await depositToUpstream({
      upstreamId: upstream.id,
      amountCents: upstreamValueCentsDown(demo.balance, upstream.rate),
      reason: `The stand-in's opening balance, ${demo.balance} ${demo.currency}`,
      operator: startedBy,
      idempotencyKey: 'npm-start-opening-balance',
    });
    await syncUpstream(upstream); // on sale now, not at the sync's next minute
    registered.push({ name: upstream.name, id: upstream.id });
  }
  return registered;
}
