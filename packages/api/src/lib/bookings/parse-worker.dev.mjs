// Runs the parser worker from its TypeScript source (tests, `pnpm dev`): Node 20 does not apply an
// `--import` loader to a worker's own entry file, so tsx is registered here first.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
