import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address';

const request = (headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/auth/sign-in/email', { headers });
const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe('clientAddressOf', () => {
  it("is the socket's address, whatever forwarding headers the client sends", () => {
    expect(
      clientAddressOf(
        request({ 'x-forwarded-for': '198.51.100.1', 'x-real-ip': '198.51.100.2' }),
        socket('203.0.113.7'),
        undefined,
      ),
    ).toBe('203.0.113.7');
  });

  it('counts an IPv4-mapped IPv6 socket as IPv4 and an IPv6 client as its /64 network', () => {
    expect(clientAddressOf(request(), socket('::ffff:203.0.113.7'), undefined)).toBe('203.0.113.7');
    expect(clientAddressOf(request(), socket('2001:db8:1:2:aaaa::1'), undefined)).toBe('2001:db8:1:2::/64');
    expect(clientAddressOf(request(), socket('2001:db8:1:2:bbbb::9'), undefined)).toBe('2001:db8:1:2::/64');
    expect(clientAddressOf(request(), socket('2001:db8:1:3::1'), undefined)).toBe('2001:db8:1:3::/64');
  });

  it("with CLIENT_IP_HEADER, is that header's rightmost entry (the one the proxy wrote), not the socket", () => {
    const header = 'x-forwarded-for';
    expect(
      clientAddressOf(
        request({ 'x-forwarded-for': '10.9.9.9, 198.51.100.1 , 203.0.113.7' }),
        socket('10.0.0.1'),
        header,
      ),
    ).toBe('203.0.113.7');
    expect(clientAddressOf(request({ 'x-real-ip': '203.0.113.8' }), socket('10.0.0.1'), 'x-real-ip')).toBe(
      '203.0.113.8',
    );
  });

  it('is "unknown" when there is nothing valid to go by', () => {
    expect(clientAddressOf(request(), undefined, undefined)).toBe('unknown');
    expect(clientAddressOf(request(), socket('10.0.0.1'), 'x-real-ip')).toBe('unknown');
    expect(clientAddressOf(request({ 'x-real-ip': 'not-an-address' }), socket('10.0.0.1'), 'x-real-ip')).toBe(
      'unknown',
    );
  });
});
