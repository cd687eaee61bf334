import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo.js';

const config = readConfig();
const app = await buildApp({ config, logger: true });
await app.listen({ port: config.port, host: config.host });

const url = config.publicUrl;
console.log(`\nPraxia runs at ${url}\n`);
console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(26)} ${user.note}`);
if (!config.smtpUrl && !config.isProduction) console.log(`\nMails go to the outbox: ${url}/dev/mail`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
