import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type AppConfig, readConfig } from './config.js';
import { DEMO_PASSWORD, DEMO_USERS, hasDemoUsers } from './seed/demo.js';
import { describeStartupFailure } from './startup-failure.js';

let config: AppConfig | undefined;
let app: FastifyInstance;
try {
  config = readConfig();
  app = await buildApp({ config, logger: true });
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // A known cause (unwritable DATA_DIR, missing database, …) gets one line saying what to do; a bug its stack.
  const line = describeStartupFailure(error, config ?? { dataDir: process.env.DATA_DIR ?? './data', port: 3000 });
  if (!line) throw error;
  console.error(`Praxia could not start. ${line}`);
  process.exit(1);
}

const url = config.publicUrl;
console.log(`\nPraxia runs at ${url}\n`);
// Listed only where they work; in production buildApp lets only a demo installation keep them.
if (await hasDemoUsers(app.ctx.db)) {
  console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
  for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(26)} ${user.note}`);
}
if (!config.smtpUrl && !config.isProduction) console.log(`\nMails go to the outbox: ${url}/dev/mail`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
