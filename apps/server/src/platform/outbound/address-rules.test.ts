import { describe, expect, it } from 'vitest';
import { isRefusedAddress } from './address-rules.ts';
import { judgeDestination } from './destination.ts';

describe('address rules', () => {
  it('refuses loopback, private, link-local, metadata, CGNAT, "this network", multicast and reserved IPv4', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '169.254.0.1',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
    ])
      expect(isRefusedAddress(address), address).toBe(true);
  });

  it('allows public IPv4, including the neighbours of refused ranges', () => {
    for (const address of ['8.8.8.8', '157.240.22.35', '172.15.255.255', '172.32.0.1', '100.128.0.1', '11.0.0.1'])
      expect(isRefusedAddress(address), address).toBe(false);
  });

  it('refuses IPv6 loopback, unspecified, unique-local, link-local, multicast, documentation and metadata', () => {
    for (const address of [
      '::1',
      '::',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
      '2002:7f00:1::1',
      '2001::1',
      '100::1',
      '[::1]',
    ])
      expect(isRefusedAddress(address), address).toBe(true);
  });

  it('judges an IPv6 address that carries an IPv4 one by the IPv4 address', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:a00:1',
      '64:ff9b::a00:1',
    ])
      expect(isRefusedAddress(address), address).toBe(true);
    for (const address of ['::ffff:8.8.8.8', '64:ff9b::808:808', '2a03:2880:f12f:83:face:b00c:0:25de'])
      expect(isRefusedAddress(address), address).toBe(false);
  });

  it('refuses what is not an IP address', () => {
    expect(isRefusedAddress('localhost')).toBe(true);
    expect(isRefusedAddress('')).toBe(true);
  });
});

describe('destination rules before DNS', () => {
  const judge = (url: string, rules = {}, allowPrivate = false) => judgeDestination(new URL(url), rules, allowPrivate);

  it('refuses IP-literal hosts in every spelling the URL parser accepts', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://0/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'https://10.1.2.3:8443/',
    ])
      expect(judge(url), url).toEqual({ refused: expect.any(String) });
  });

  it('refuses localhost names and schemes other than http and https', () => {
    for (const url of ['http://localhost/', 'http://LOCALHOST./', 'http://app.localhost/', 'file:///etc/passwd'])
      expect(judge(url), url).toEqual({ refused: expect.any(String) });
    expect(judge('ftp://push.example/x')).toEqual({ refused: expect.stringContaining('scheme') });
    expect(judge('http://push.example/', { httpsOnly: true })).toEqual({ refused: expect.stringContaining('scheme') });
    expect(judge('https://push.example/', { httpsOnly: true })).toEqual({ trusted: false });
  });

  it('allows private literals only with OUTBOUND_HTTP_ALLOW_PRIVATE', () => {
    expect(judge('http://127.0.0.1:8080/', {}, true)).toEqual({ trusted: false });
    expect(judge('http://localhost/', {}, true)).toEqual({ trusted: false });
  });

  it('keeps to the allowed hosts, names or subdomain patterns', () => {
    const rules = { allowedHosts: ['lookaside.fbsbx.com', '*.fbcdn.net'] };
    expect(judge('https://lookaside.fbsbx.com/x', rules)).toEqual({ trusted: false });
    expect(judge('https://scontent.xx.fbcdn.net/v/x.jpg', rules)).toEqual({ trusted: false });
    for (const url of [
      'https://fbcdn.net/x',
      'https://evilfbcdn.net/x',
      'https://fbcdn.net.evil.example/x',
      'https://lookaside.fbsbx.com.evil.example/x',
      'https://other.fbsbx.com/x',
    ])
      expect(judge(url, rules), url).toEqual({ refused: expect.stringContaining('host') });
  });

  it('trusts a configured origin as given, and only that origin', () => {
    const rules = { httpsOnly: true, allowedHosts: ['*.fbcdn.net'], trustedOrigins: ['http://127.0.0.1:4000'] };
    expect(judge('http://127.0.0.1:4000/media/1', rules)).toEqual({ trusted: true });
    expect(judge('http://127.0.0.1:4001/media/1', rules)).toEqual({ refused: expect.any(String) });
    expect(judge('https://127.0.0.1:4000/media/1', rules)).toEqual({ refused: expect.any(String) });
  });
});
