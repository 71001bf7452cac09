import { describe, expect, it } from 'vitest';
import { devWebOrigins, parseEnv } from '../src/env';

describe('parseEnv', () => {
  it('reads ADMIN_EMAILS as a list of addresses, and the audit log retention in days', () => {
    expect(parseEnv({}).ADMIN_EMAILS).toEqual([]);
    expect(parseEnv({}).AUDIT_RETENTION_DAYS).toBe(365);
    expect(
      parseEnv({ ADMIN_EMAILS: ' Boss@Example.org, ops@example.org ,', AUDIT_RETENTION_DAYS: '30' }),
    ).toMatchObject({
      ADMIN_EMAILS: ['boss@example.org', 'ops@example.org'],
      AUDIT_RETENTION_DAYS: 30,
    });
    expect(() => parseEnv({ ADMIN_EMAILS: 'boss' })).toThrow(/ADMIN_EMAILS/);
    expect(() => parseEnv({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('has defaults that run the embedded setup with no configuration', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.DATABASE_URL).toBe('file:./data/naav.db');
    expect(env.PHOTOS_DIR).toBe('./data/photos');
    expect(env.DATA_DIR).toBe('./data');
    // Production unless `pnpm dev` says otherwise: no stack traces, no development origins.
    expect(env.NODE_ENV).toBe('production');
    expect(env.DEMO_DATA).toBe('auto');
    expect(env.LOG_REQUESTS).toBe(true);
    expect(env.TRUSTED_ORIGINS).toEqual([]);
    // No secret anyone else knows: the server makes one in DATA_DIR on its first start.
    expect(env.AUTH_SECRET).toBeUndefined();
    // Mail is written to files; agents are asked, not forced, to use two-factor sign-in.
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.AGENT_2FA).toBe('prompt');
  });

  it('puts the database and photos in DATA_DIR unless they are set themselves', () => {
    expect(parseEnv({ DATA_DIR: '/var/lib/naav/' })).toMatchObject({
      DATABASE_URL: 'file:/var/lib/naav/naav.db',
      PHOTOS_DIR: '/var/lib/naav/photos',
    });
    expect(parseEnv({ DATA_DIR: '/var/lib/naav', DATABASE_URL: ':memory:', PHOTOS_DIR: '/srv/photos' })).toMatchObject({
      DATABASE_URL: ':memory:',
      PHOTOS_DIR: '/srv/photos',
    });
  });

  it('reads SMTP_URL with its sender, and AGENT_2FA', () => {
    const env = parseEnv({
      SMTP_URL: 'smtps://user:secret@mail.example:465',
      MAIL_FROM: 'Naav <no-reply@naav.example>',
      AGENT_2FA: 'required',
    });
    expect(env).toMatchObject({
      SMTP_URL: 'smtps://user:secret@mail.example:465',
      MAIL_FROM: 'Naav <no-reply@naav.example>',
      AGENT_2FA: 'required',
    });
    expect(() => parseEnv({ SMTP_URL: 'smtp://mail.example' })).toThrow(/MAIL_FROM/);
    expect(() => parseEnv({ SMTP_URL: 'https://mail.example', MAIL_FROM: 'a@b.c' })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ AGENT_2FA: 'sometimes' })).toThrow(/AGENT_2FA/);
  });

  it('reads the values it is given', () => {
    const env = parseEnv({
      PORT: '8080',
      DATABASE_URL: 'libsql://naav.example.turso.io',
      TRUSTED_ORIGINS: 'https://a.example, https://b.example,',
      LOG_REQUESTS: '0',
      AUTH_SECRET: 's'.repeat(32),
    });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe('libsql://naav.example.turso.io');
    expect(env.TRUSTED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(env.LOG_REQUESTS).toBe(false);
    expect(env.AUTH_SECRET).toBe('s'.repeat(32));
  });

  it("trusts pnpm dev's Vite origin from WEB_PORT (5173 by default), outside production only", () => {
    expect(devWebOrigins(parseEnv({ NODE_ENV: 'development' }))).toEqual([
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ]);
    expect(devWebOrigins(parseEnv({ NODE_ENV: 'development', WEB_PORT: '5200' }))).toEqual([
      'http://localhost:5200',
      'http://127.0.0.1:5200',
    ]);
    expect(devWebOrigins(parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), WEB_PORT: '5200' }))).toEqual(
      [],
    );
    expect(() => parseEnv({ WEB_PORT: 'vite' })).toThrow(/WEB_PORT/);
  });

  it('starts in production without AUTH_SECRET (one is made in DATA_DIR), or with one of 32+ characters', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).AUTH_SECRET).toBeUndefined();
    expect(parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).AUTH_SECRET).toBe('x'.repeat(32));
  });

  it('keeps photos in the database unless PHOTO_STORE=dir; refuses any other store', () => {
    expect(parseEnv({}).PHOTO_STORE).toBe('database');
    expect(parseEnv({ PHOTO_STORE: 'dir', PHOTOS_DIR: '/srv/photos' })).toMatchObject({
      PHOTO_STORE: 'dir',
      PHOTOS_DIR: '/srv/photos',
    });
    expect(() => parseEnv({ PHOTO_STORE: 's3' })).toThrow(/PHOTO_STORE/);
  });

  it('takes the test clock header and the cheap password hash only in test mode', () => {
    expect(parseEnv({}).TEST_CLOCK_HEADER).toBe(false);
    expect(parseEnv({ NODE_ENV: 'test', TEST_CLOCK_HEADER: 'true' }).TEST_CLOCK_HEADER).toBe(true);
    expect(() => parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), TEST_CLOCK_HEADER: 'true' })).toThrow(
      /TEST_CLOCK_HEADER/,
    );
    expect(() => parseEnv({ TEST_CLOCK_HEADER: 'true' })).toThrow(/TEST_CLOCK_HEADER/);
    expect(parseEnv({}).TEST_FAST_PASSWORD_HASH).toBe(false);
    expect(parseEnv({ NODE_ENV: 'test', TEST_FAST_PASSWORD_HASH: 'true' }).TEST_FAST_PASSWORD_HASH).toBe(true);
    expect(() =>
      parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), TEST_FAST_PASSWORD_HASH: 'true' }),
    ).toThrow(/TEST_FAST_PASSWORD_HASH/);
  });

  it('refuses a short AUTH_SECRET in any mode', () => {
    expect(() => parseEnv({ AUTH_SECRET: 'too-short' })).toThrow(/AUTH_SECRET/);
  });

  it.each(['abc', '-1', '70000', '3000.5'])('names PORT when it is %j', (port) => {
    expect(() => parseEnv({ PORT: port })).toThrow(/PORT/);
  });

  it('names every bad variable at once', () => {
    let message = '';
    try {
      parseEnv({ PORT: 'nope', DEMO_DATA: 'sometimes' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DEMO_DATA/);
  });
});

describe('throttling and the client address', () => {
  it('throttles by default, in production and everywhere else, and trusts no address header', () => {
    const production = parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) });
    expect(production.AUTH_RATE_LIMIT).toBe(true);
    expect(production.CLIENT_IP_HEADER).toBeUndefined();
    expect(parseEnv({}).AUTH_RATE_LIMIT).toBe(true);
    expect(parseEnv({ AUTH_RATE_LIMIT: 'false' }).AUTH_RATE_LIMIT).toBe(false);
    expect([parseEnv({}).LIVE_STREAMS_PER_SESSION, parseEnv({}).LIVE_STREAMS_PER_USER]).toEqual([10, 30]);
    expect(parseEnv({ LIVE_STREAMS_PER_SESSION: '2', LIVE_STREAMS_PER_USER: '5' })).toMatchObject({
      LIVE_STREAMS_PER_SESSION: 2,
      LIVE_STREAMS_PER_USER: 5,
    });
  });

  it('reads CLIENT_IP_HEADER as a lower-case header name, and refuses anything else', () => {
    expect(parseEnv({ CLIENT_IP_HEADER: 'X-Real-IP' }).CLIENT_IP_HEADER).toBe('x-real-ip');
    expect(() => parseEnv({ CLIENT_IP_HEADER: 'X-Real-IP: 1.2.3.4' })).toThrow(/CLIENT_IP_HEADER/);
  });
});
