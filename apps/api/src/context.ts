import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import type { MailDispatcher } from './modules/mail/mail.dispatcher.js';

/** What modules need from the app: handed to each module's route registration. */
export type AppContext = {
  db: Database;
  config: AppConfig;
  mail: MailDispatcher;
};
