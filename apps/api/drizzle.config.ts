import { defineConfig } from 'drizzle-kit';

// Generates the SQL migrations from src/db/schema.ts; they are committed and run at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
