import { findUser } from '../accounts';
import { liveUpstreamActivations, findRental, markUpstreamAnotherAsked, type UpstreamActivationItem } from '../rentals';
import { countUpstreamCode, findUpstream, sendDueUpstreamEnds, upstreamState, type UpstreamItem } from '../supply';
import { log } from '../shared/log';
import { scheduledRounds } from '../shared/rounds';
import { isLocalStage } from '../shared/settings';
import { deliverToRental, findInboundRecord } from './deliver';
import { keptSms } from './inbound-text';
import type { InboundSms } from './items';

/** An upstream's getStatus may take this long; a slower one is asked again next round. */
export const statusDeadlineMs = 3_000;
/** Activations asked at once. */
const concurrency = 100;

/** Codes this warm Lambda delivered already (an upstream repeats a code on every status until the next): skipped without a read. */
const delivered = new Set<string>();
/** Past this many the memory starts afresh (a code forgotten costs one read of its inbound record, nothing more). */
const rememberedCodes = 20_000;

export interface CodePollOutcome {
  asked: number;
  codes: number;
  failed: number;
}

/**
 * One round over every live upstream activation: its upstream's status (getStatus, 5sim's check),
 * and a code it names delivered to the rental as any SMS is (stored, pushed to the open tab, sent
 * to the customer's webhook and channels), once: the same code of the same activation is one
 * inbound SMS (`<upstream>:<activation>:<code>`), stored once however often it is seen.
 */
export async function pollUpstreamCodesOnce(): Promise<CodePollOutcome> {
  const live = await liveUpstreamActivations();
  const outcome: CodePollOutcome = { asked: 0, codes: 0, failed: 0 };
  if (!live.length) return outcome;
  const upstreams = new Map<string, UpstreamItem | undefined>();
  for (const id of new Set(live.map((a) => a.upstreamId))) upstreams.set(id, await findUpstream(id));
  const { upstreamAskAnother, upstreamStatus } = await import('../shared/upstream-protocol');
  const queue = [...live];
  const worker = async () => {
    for (let activation = queue.shift(); activation; activation = queue.shift()) {
      const upstream = upstreams.get(activation.upstreamId);
      if (!upstream || upstreamState(upstream) === 'removed') continue;
      outcome.asked++;
      const options = { deadlineMs: statusDeadlineMs, local: isLocalStage() };
      // The renter asked for another code since the upstream was last told: told first (SMS-Activate then waits for a newer SMS).
      if (activation.anotherAfter !== undefined && activation.anotherAsked !== activation.anotherAfter) {
        const asked = await upstreamAskAnother(upstream, activation.activationId, options);
        if (asked.ok) await markUpstreamAnotherAsked(activation.rentalId, activation.anotherAfter);
      }
      const result = await upstreamStatus(upstream, activation.activationId, options);
      if (!result.ok) {
        outcome.failed++;
        continue;
      }
      if (result.reply.status !== 'code') continue;
      const got = await deliverCode(activation, result.reply.code, result.reply.text).catch((error: unknown) => {
        log.error('upstream code not delivered', { upstreamId: upstream.id, rentalId: activation.rentalId, error: String(error) });
        return false;
      });
      if (got) outcome.codes++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return outcome;
}

/** Delivers an upstream's code to its rental, once; true when this call stored it. */
async function deliverCode(activation: UpstreamActivationItem, code: string, text: string | null): Promise<boolean> {
  const providerMessageId = `${activation.upstreamId}:${activation.activationId}:${code}`;
  if (delivered.size > rememberedCodes) delivered.clear();
  if (delivered.has(providerMessageId) || (await findInboundRecord('upstream', providerMessageId))) {
    delivered.add(providerMessageId);
    return false;
  }
  const rental = await findRental(activation.sub, activation.rentalId);
  if (!rental || rental.status !== 'active') return false;
  const now = new Date();
  const sms: InboundSms = {
    provider: 'upstream',
    upstreamId: activation.upstreamId,
    providerMessageId,
    from: rental.serviceName ?? 'Upstream',
    to: activation.e164,
    // The upstream found the code: its SMS text when it gives one, else the code stands for it.
    body: text?.trim() || code,
    receivedAt: now.toISOString(),
  };
  const { sms: kept } = keptSms(sms);
  const stored = await deliverToRental(kept, code, true, rental, await findUser(rental.sub), now);
  if (stored === 'claimed') delivered.add(providerMessageId);
  if (typeof stored === 'string') return false;
  delivered.add(providerMessageId);
  if (rental.messagesCount === 0) await countUpstreamCode(activation.upstreamId);
  log.info('inbound sms', { provider: 'upstream', providerMessageId, outcome: 'delivered', rentalId: rental.id });
  return true;
}

/** The code poll's pace: a scheduled run fires once a minute and asks every live activation this many times, this far apart. */
export const codeRounds = 12;
export const codeEveryMs = 5_000;

const codeRuns = scheduledRounds();
/** Ends a run's waits between rounds at once (the local cloud stopping). */
export const stopUpstreamRounds = (): void => codeRuns.stop();

/**
 * One scheduled run (a minute): `codeRounds` rounds `codeEveryMs` apart, each asking every live
 * upstream activation for its code and carrying the ends due to their upstreams. Idle rounds run too
 * (one read of an empty partition each): an activation bought mid-minute waits at most one round for
 * its code's first look, not the next minute.
 */
export async function runUpstreamRounds(
  rounds = codeRounds,
  everyMs = codeEveryMs,
): Promise<{ asked: number; codes: number; failedPolls: number; ends: number; failedEnds: number }> {
  const totals = { asked: 0, codes: 0, failedPolls: 0, ends: 0, failedEnds: 0 };
  await codeRuns.run(rounds, everyMs, async () => {
    const [codes, ends] = await Promise.all([pollUpstreamCodesOnce(), sendDueUpstreamEnds()]);
    totals.asked += codes.asked;
    totals.codes += codes.codes;
    totals.failedPolls += codes.failed;
    totals.ends += ends.sent;
    totals.failedEnds += ends.failed;
  });
  return totals;
}
