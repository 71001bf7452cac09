import { defineConfig } from 'drizzle-kit';

// Only used to generate SQL migrations from the schema; the server applies them on start.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/schema/index.ts',
  out: './migrations',
});
