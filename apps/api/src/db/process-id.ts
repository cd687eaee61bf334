import { randomUUID } from 'node:crypto';

/**
 * Names this process to PostgreSQL (application_name) and marks the outbox mails it claims: a claim whose process has
 * no connection any more belonged to a process that died, and can be taken over at once instead of after its back-off.
 */
export const PROCESS_ID = `praxia-${randomUUID()}`;
