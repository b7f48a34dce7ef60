import { findAgentByKey } from '../supply';
import { log } from '../shared/log';
import { deliverInbound } from './deliver';
import type { ReceiveOutcome } from './receive';

/** Our answer to an agent's PUSH_SMS: status 200 always (the protocol's status is in the body), gzipped when the agent accepts it. */
export interface AgentSmsReply {
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * An agent's PUSH_SMS (`POST /api/agents/sms`): the key in the body names the agent; the SMS is routed
 * as any upstream's (by its phone to the activation holding it, else an orphan for operators) and
 * answered SUCCESS once stored. The same `smsId` from the same agent again is SUCCESS and stores
 * nothing (agents retry every 10 s until they see SUCCESS). A wrong key, a body that breaks the
 * protocol, or a phone another source hosts is ERROR with the reason.
 */
export async function receiveAgentSms(request: {
  body: Buffer | string;
  headers: Record<string, string>;
}): Promise<{ reply: AgentSmsReply; outcome: ReceiveOutcome }> {
  // The protocol's code only on this path (see shared/agent-protocol).
  const { decodeRequestBody, parsePushSms, pushSmsReply } = await import('../shared/agent-protocol');
  const accept = request.headers['accept-encoding'];
  const answer = (outcome: ReceiveOutcome, error?: string) => {
    const { body, headers } = pushSmsReply(error === undefined ? 'SUCCESS' : 'ERROR', error, accept);
    return { reply: { body, headers }, outcome };
  };
  const decoded = decodeRequestBody(request.body, request.headers['content-encoding']);
  const sms = decoded.ok ? parsePushSms(decoded.text) : decoded;
  if (!sms.ok) {
    log.warn('inbound sms', { provider: 'agent', outcome: 'invalid', reason: sms.reason });
    return answer('invalid', sms.reason);
  }
  const agent = await findAgentByKey(sms.key);
  if (!agent) {
    log.warn('inbound sms', { provider: 'agent', outcome: 'refused', reason: 'wrong key' });
    return answer('refused', 'Wrong key');
  }
  const { outcome } = await deliverInbound({
    provider: 'agent',
    agentId: agent.id,
    // Unique per agent: two agents may number their SMS alike.
    providerMessageId: `${agent.id}:${sms.smsId}`,
    from: sms.phoneFrom,
    to: `+${sms.phone}`,
    body: sms.text,
    receivedAt: new Date().toISOString(),
  });
  return outcome === 'refused' ? answer(outcome, 'This number is hosted by another source') : answer(outcome);
}
