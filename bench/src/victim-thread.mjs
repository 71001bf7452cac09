// The victim's sampler (batch-attack.ts's `victim`) on a thread of its own, so the attack's own client work
// (building and uploading megabytes of form data) never delays the timed requests on the bench's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { victim } = await import('./batch-attack.ts');
const { url, cookie, seconds } = workerData;
parentPort.postMessage(await victim(url, cookie, seconds));
