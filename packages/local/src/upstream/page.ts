import type { UpstreamStandInState } from './state';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const table = (testId: string, head: string[], rows: string[][], empty: string) =>
  rows.length
    ? `<table data-testid="${testId}"><thead><tr>${head.map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead><tbody>${rows
        .map((row) => `<tr>${row.map((cell) => `<td>${escape(cell)}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`
    : `<p class="note">${escape(empty)}</p>`;

const protocolNames = { 'sms-activate': 'the SMS-Activate protocol', '5sim': "5sim's v1 API" } as const;

/** How a client reaches it, in the protocol's own words. */
function howToCall(state: UpstreamStandInState, base: string): string {
  if (state.kind === 'sms-activate') {
    return `<code>${escape(base)}/stubs/handler_api.php?api_key=…&amp;action=getBalance</code> (getPrices, getNumber, getNumberV2, getStatus, setStatus)`;
  }
  return `<code>${escape(base)}/v1/user/profile</code> with <code>Authorization: Bearer …</code> (buy/activation, check, finish, cancel, ban; <code>/v1/guest/prices</code>)`;
}

/** An upstream stand-in's page: the look of the SIM bank's and the other stand-ins'. */
/** `origin` is where the page was asked (its Host header), so the base URL shown is one a client can use. */
export function renderUpstreamPage(state: UpstreamStandInState, base: string, origin = ''): string {
  const { switches } = state;
  const stock = table(
    'upstream-stock',
    ['Country', 'Service', 'Operator', 'Price', 'Numbers'],
    state.stock.map((line) => [line.country, line.service, line.operator, `${line.price} ${state.currency}`, String(switches.outOfStock ? 0 : line.count)]),
    'Nothing in stock.',
  );
  const activations = table(
    'upstream-activations',
    ['Id', 'Number', 'Country', 'Service', 'Price', 'Status', 'SMS', 'Refunded'],
    state.activations.map((a) => [
      a.id,
      `+${a.phone}`,
      a.country,
      a.service,
      `${a.price} ${state.currency}`,
      a.status,
      a.sms.map((sms) => `${sms.from}: ${sms.text}${sms.code ? ` [${sms.code}]` : ''}`).join(' · '),
      a.status === 'cancelled' || a.status === 'banned' ? (a.refunded ? 'yes' : 'no (money kept)') : '',
    ]),
    'No activation yet: a buyer asks for a number through the protocol.',
  );
  const open = state.activations.filter((a) => a.status === 'waiting' || a.status === 'received');
  const options = open.map((a) => `<option value="${escape(a.id)}">${escape(a.id)} · +${escape(a.phone)} · ${escape(a.service)}</option>`).join('');
  const checked = (on: boolean) => (on ? ' checked' : '');
  const selected = (on: boolean) => (on ? ' selected' : '');
  const title = `${state.name} (local stand-in of an upstream)`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6fb;color:#1d2433;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:16px;box-shadow:0 8px 30px #0002;padding:32px;width:min(920px,94vw);margin:24px 0}
h1{font-size:1.1rem;margin:0 0 4px}h2{font-size:1rem;margin:28px 0 8px}.note{color:#667;font-size:.85rem;margin:0 0 12px}
label{display:block;font-size:.85rem;color:#667;margin:12px 0 4px}select,input[type=text],input[type=number],textarea{width:100%;box-sizing:border-box;padding:10px;border:1px solid #d5dae6;border-radius:10px;font:inherit}
textarea{min-height:70px}button{margin-top:16px;padding:12px 20px;border-radius:10px;border:0;font-size:1rem;font-weight:600;cursor:pointer;background:#2f6bff;color:#fff}
button:disabled{background:#b8c4e0;cursor:default}
table{width:100%;border-collapse:collapse;font-size:.85rem}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #eef0f5;vertical-align:top;overflow-wrap:break-word}th{color:#667;font-weight:600;white-space:nowrap}
.switch{display:flex;gap:8px;align-items:center;color:#1d2433}.switch input{width:auto}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:.9rem;margin:0}dt{color:#667}dd{margin:0;word-break:break-all}
</style></head><body><main>
<h1>${escape(title)}</h1>
<p class="note">An upstream provider speaking ${protocolNames[state.kind]} and nothing else, as its real API does: ${howToCall(state, base)}. No real number is involved.</p>
<dl><dt>Base URL</dt><dd data-testid="upstream-base">${escape(origin + base)}</dd><dt>API key</dt><dd data-testid="upstream-key">${escape(state.key)}</dd><dt>Balance</dt><dd data-testid="upstream-balance">${escape(state.balance)} ${state.currency}</dd></dl>
<h2>Stock</h2>${stock}
<h2>Activations</h2>${activations}
<h2>Deliver an SMS to an activation</h2>
<form method="post" action="${escape(base)}/_sms">
<label for="activationId">Activation</label><select id="activationId" name="activationId"${open.length ? '' : ' disabled'}>${options}</select>
<label for="from">From (number or sender name)</label><input type="text" id="from" name="from" value="Telegram" required>
<label for="text">Text</label><textarea id="text" name="text">Telegram code: 54321</textarea>
<button type="submit"${open.length ? '' : ' disabled'}>Deliver the SMS</button>
</form>
<h2>Switches</h2>
<form method="post" action="${escape(base)}/_switches">
<label for="slowMs">Delay every answer (ms)</label><input type="number" id="slowMs" name="slowMs" min="0" max="120000" value="${switches.slowMs}">
<label class="switch"><input type="checkbox" name="outOfStock"${checked(switches.outOfStock)}> Out of stock: every purchase finds no number</label>
<label for="fail">Fail</label><select id="fail" name="fail"><option value="none"${selected(switches.fail === 'none')}>Answer normally</option><option value="http500"${selected(switches.fail === 'http500')}>Answer every request HTTP 500</option><option value="garbage"${selected(switches.fail === 'garbage')}>Answer every request with an HTML page (garbage)</option></select>
<label class="switch"><input type="checkbox" name="keepMoneyOnCancel"${checked(switches.keepMoneyOnCancel)}> Keep the money on cancel (accept the cancel, refund nothing)</label>
<button type="submit">Save switches</button>
</form>
<h2>Balance</h2>
<form method="post" action="${escape(base)}/_balance">
<label for="balance">Balance (${state.currency})</label><input type="text" id="balance" name="balance" value="${escape(state.balance)}" inputmode="decimal">
<button type="submit">Set the balance</button>
</form>
</main></body></html>`;
}
