import { describe, expect, it } from 'vitest';
import { addressGuard } from './webhook-address';

describe('the webhook address guard', () => {
  it('reaches public addresses and refuses loopback, private, link-local and the like', () => {
    const { refusal } = addressGuard([]);
    expect(refusal('hooks.example.org', '93.184.216.34')).toBeNull();
    expect(refusal('hooks.example.org', '2606:2800:220:1:248:1893:25c8:1946')).toBeNull();
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.1',
      '172.16.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
      '224.0.0.1',
    ])
      expect(refusal('hooks.example.org', address), address).toMatch(
        /not reached unless WEBHOOK_ALLOWED_HOSTS lists it/,
      );
  });

  it('lets through what WEBHOOK_ALLOWED_HOSTS lists: a host name, an address or a range', () => {
    const { refusal } = addressGuard(['127.0.0.1', '10.0.0.0/8', 'Hooks.Internal']);
    expect(refusal('localhost', '127.0.0.1')).toBeNull();
    expect(refusal('x', '10.200.0.7')).toBeNull();
    expect(refusal('hooks.internal', '192.168.5.5')).toBeNull();
    expect(refusal('other.internal', '192.168.5.5')).not.toBeNull();
    expect(refusal('x', '127.0.0.2')).not.toBeNull();
  });
});
