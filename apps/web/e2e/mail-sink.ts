import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpSink } from '@naav/server/mail-testing';
import { e2eMailbox, e2eMailPort } from './support';

// The browser tests' mail server: a real SMTP server (smtp-server) that the app sends to
// (SMTP_URL) and that files every message it receives in a folder the tests read.
rmSync(e2eMailbox, { recursive: true, force: true });
mkdirSync(e2eMailbox, { recursive: true });
let count = 0;
const sink = await startSmtpSink({
  port: e2eMailPort,
  onRaw: (raw) => {
    count += 1;
    writeFileSync(join(e2eMailbox, `${String(count).padStart(6, '0')}.eml`), raw);
  },
});
console.log(`Mail sink listening on ${sink.url}, filing into ${e2eMailbox}`);
const stop = () => void sink.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
