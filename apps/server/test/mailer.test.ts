import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/mail/mailer';
import { verificationMessage } from '../src/mail/messages';
import { linkIn, readMailFolder, startSmtpSink } from './mail';

const folder = mkdtempSync(join(tmpdir(), 'naav-outbox-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const link = 'http://127.0.0.1:3000/api/auth/verify-email?token=abc.def&callbackURL=%2Femail-verified';

describe('the mailer', () => {
  it('without SMTP_URL writes each message as an .eml file only the server can read, and prints its link', async () => {
    const outbox = join(folder, 'mail');
    const lines: string[] = [];
    const mailer = createMailer({
      from: 'Naav <no-reply@localhost>',
      outboxDir: outbox,
      log: (line) => lines.push(line),
    });
    await mailer.send(await verificationMessage({ name: 'Ana <b>Bold</b>', email: 'ana@example.org' }, link));

    const [file] = readdirSync(outbox);
    expect(file).toMatch(/\.eml$/);
    expect(statSync(join(outbox, file!)).mode & 0o777).toBe(0o600);
    expect(lines).toEqual([expect.stringContaining(link)]);
    expect(lines[0]).toContain('ana@example.org');

    const [mail] = await readMailFolder(outbox);
    expect(mail).toMatchObject({
      to: ['ana@example.org'],
      subject: 'Confirm your e-mail address for Naav',
      contentType: 'multipart/alternative',
    });
    expect(linkIn(mail!)).toBe(link);
    // The name is text, never markup.
    expect(mail!.html).toContain('Hello Ana &lt;b&gt;Bold&lt;/b&gt;,');
    expect(mail!.html).not.toContain('<b>Bold</b>');
    expect(mail!.text).toContain('Hello Ana <b>Bold</b>,');
  });

  it('with SMTP_URL hands the same message to the SMTP server', async () => {
    const smtp = await startSmtpSink();
    try {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: 'Naav <no-reply@naav.example>',
        outboxDir: join(folder, 'unused'),
      });
      await mailer.send(await verificationMessage({ name: 'Ana', email: 'ana@example.org' }, link));
      const mail = await smtp.waitFor('ana@example.org');
      expect(mail).toMatchObject({
        subject: 'Confirm your e-mail address for Naav',
        contentType: 'multipart/alternative',
      });
      expect(linkIn(mail)).toBe(link);
      expect(readdirSync(folder)).not.toContain('unused');
    } finally {
      await smtp.close();
    }
  });
});
