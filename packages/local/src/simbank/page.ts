import { finishNames, maxIssuesWhenCancelled, type BankActivation, type SimBankState, type SimState } from './state';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What a SIM is doing, in a few words: its activation, and the services it is no longer offered for. */
function simDoing(sim: SimState, activations: BankActivation[]): string {
  const active = sim.activationId && activations.find((a) => a.activationId === sim.activationId);
  const now = active ? `in activation ${active.activationId} (${active.service})` : 'free';
  const notes = [
    ...sim.soldFor.map((service) => `sold for ${service}`),
    ...sim.notOfferedFor.map((service) => `not offered for ${service}`),
    ...Object.entries(sim.cancelledFor).map(
      ([service, times]) => `${service} cancelled ${times}×${times >= maxIssuesWhenCancelled ? ' (no longer offered)' : ''}`,
    ),
  ];
  return notes.length ? `${now}; ${notes.join(', ')}` : now;
}

const table = (testId: string, head: string[], rows: string[][], empty: string) =>
  rows.length
    ? `<table data-testid="${testId}"><thead><tr>${head.map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead><tbody>${rows
        .map((row) => `<tr>${row.map((cell) => `<td>${escape(cell)}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`
    : `<p class="note">${escape(empty)}</p>`;

/** The SIM bank's page: the look of the other stand-ins (the SMS sandbox, the checkouts). */
export function renderSimBankPage(state: SimBankState, base: string): string {
  const { switches } = state;
  const sims = table(
    'simbank-sims',
    ['Number', 'Country', 'Operator', 'Doing'],
    state.sims.map((sim) => [`+${sim.phone}`, sim.country, sim.operator, simDoing(sim, state.activations)]),
    'No SIMs.',
  );
  const activations = table(
    'simbank-activations',
    ['Id', 'Number', 'Service', 'Sum', 'Status', 'Finished how'],
    state.activations.map((a) => [
      a.activationId,
      `+${a.phone}`,
      a.service,
      `${a.sum} ${a.currency === 840 ? 'USD' : a.currency === 643 ? 'RUB' : a.currency}`,
      a.status,
      a.finish ? `${a.finish} ${finishNames[a.finish]}${a.finishRequests > 1 ? ` (asked ${a.finishRequests}×)` : ''}` : '',
    ]),
    'No activation yet: the platform asks for a number with GET_NUMBER.',
  );
  const smses = table(
    'simbank-smses',
    ['SMS id', 'To', 'From', 'Text', 'Pushes', 'Taken by the platform'],
    state.smses.map((sms) => [
      sms.smsId,
      `+${sms.phone}`,
      sms.phoneFrom,
      sms.text,
      String(sms.attempts),
      sms.delivered ? `yes (${sms.deliveredAt ?? ''})` : `not yet${sms.lastOutcome ? `: ${sms.lastOutcome}` : ''}`,
    ]),
    'No SMS yet.',
  );
  const options = state.sims
    .map((sim) => `<option value="${escape(sim.phone)}">+${escape(sim.phone)} · ${escape(sim.country)} · ${escape(sim.operator)}</option>`)
    .join('');
  const checked = (on: boolean) => (on ? ' checked' : '');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>SIM bank (local stand-in)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6fb;color:#1d2433;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:16px;box-shadow:0 8px 30px #0002;padding:32px;width:min(920px,94vw);margin:24px 0}
h1{font-size:1.1rem;margin:0 0 4px}h2{font-size:1rem;margin:28px 0 8px}.note{color:#667;font-size:.85rem;margin:0 0 12px}
label{display:block;font-size:.85rem;color:#667;margin:12px 0 4px}select,input[type=text],input[type=number],textarea{width:100%;box-sizing:border-box;padding:10px;border:1px solid #d5dae6;border-radius:10px;font:inherit}
textarea{min-height:70px}button{margin-top:16px;padding:12px 20px;border-radius:10px;border:0;font-size:1rem;font-weight:600;cursor:pointer;background:#2f6bff;color:#fff}
table{width:100%;border-collapse:collapse;font-size:.85rem}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #eef0f5;vertical-align:top;word-break:break-word}th{color:#667;font-weight:600}
.switch{display:flex;gap:8px;align-items:center;color:#1d2433}.switch input{width:auto}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:.9rem;margin:0}dt{color:#667}dd{margin:0;word-break:break-all}
</style></head><body><main>
<h1>SIM bank (local stand-in)</h1>
<p class="note">A partner's SIM bank speaking the SMSHub agent protocol to this platform, and nothing else: the platform calls it at <code>${escape(base)}/agent</code>; it pushes each SMS its SIMs receive to the platform, again every 10 s until the platform answers SUCCESS. No real SIM is involved.</p>
<dl><dt>Platform</dt><dd>${escape(state.platformUrl ?? 'not set')}</dd><dt>Key</dt><dd>${state.key === null ? 'not set yet: every request is answered ERROR' : 'set'}</dd></dl>
<h2>SIMs</h2>${sims}
<h2>Activations</h2>${activations}
<h2>SMS pushed to the platform</h2>${smses}
<h2>Send an SMS to a SIM</h2>
<form method="post" action="${escape(base)}/sms">
<label for="sim">To</label><select id="sim" name="sim">${options}</select>
<label for="from">From (number or sender name)</label><input type="text" id="from" name="from" value="Telegram" required>
<label for="text">Text</label><textarea id="text" name="text">Telegram code: 12345</textarea>
<button type="submit">Receive on the SIM</button>
</form>
<h2>Switches</h2>
<form method="post" action="${escape(base)}/switches">
<label for="slowMs">Delay every reply (ms)</label><input type="number" id="slowMs" name="slowMs" min="0" max="120000" value="${switches.slowMs}">
<label class="switch"><input type="checkbox" name="overReport"${checked(switches.overReport)}> Over-report: GET_SERVICES says 10 numbers for every SIM, busy or not</label>
<label class="switch"><input type="checkbox" name="drop"${checked(switches.drop)}> Drop: answer every request HTTP 503</label>
<label class="switch"><input type="checkbox" name="pushFails"${checked(switches.pushFails)}> Lose the platform's SUCCESS to a PUSH_SMS (so it is sent again)</label>
<button type="submit">Save switches</button>
</form>
<h2>Connection</h2>
<form method="post" action="${escape(base)}/configure">
<label for="platformUrl">Platform URL</label><input type="text" id="platformUrl" name="platformUrl" value="${escape(state.platformUrl ?? '')}">
<label for="key">Protocol key</label><input type="text" id="key" name="key" value="" placeholder="${state.key === null ? 'the key the platform gave this agent' : 'leave empty to keep the key'}">
<button type="submit">Save</button>
</form>
</main></body></html>`;
}
