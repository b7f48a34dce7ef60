// cognito-local's server with plain JSON log lines (its own CLI pretty-prints them), so the parent
// can read the codes it "sends" into the local mailbox. State lives in <cwd>/.cognito.
const { writeSync } = require('node:fs');
const { createRequire } = require('node:module');
const cognitoRequire = createRequire(require.resolve('cognito-local'));
const { createDefaultServer } = cognitoRequire('cognito-local');
const pino = cognitoRequire('pino');

// Plain synchronous writes: pino's own destinations held some lines back on a pipe until the
// next request (a code would reach the mailbox late).
const stdout = { write: (line) => writeSync(1, line) };
const logger = pino({ level: process.env.DEBUG ? 'debug' : 'info', base: undefined }, stdout);

// The parent holds our stdin open; when it goes away (even killed), so do we. A line `settle <n>` on it is answered
// with {"settled":n} after every line written before it: once the parent reads that, it has every mail sent until then.
process.stdin.on('end', () => process.exit(0));
process.stdin.setEncoding('utf8');
let pending = '';
process.stdin.on('data', (chunk) => {
  const lines = (pending + chunk).split('\n');
  pending = lines.pop();
  for (const line of lines) {
    const match = /^settle (\d+)$/.exec(line.trim());
    if (match) writeSync(1, `${JSON.stringify({ settled: Number(match[1]) })}\n`);
  }
});

createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => logger.info({ address: server.address() }, 'Cognito Local running'))
  .catch((error) => {
    logger.error(error);
    process.exit(1);
  });
