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

// The parent holds our stdin open; when it goes away (even killed), so do we.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();

createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => logger.info({ address: server.address() }, 'Cognito Local running'))
  .catch((error) => {
    logger.error(error);
    process.exit(1);
  });
