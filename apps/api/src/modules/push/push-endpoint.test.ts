import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './push-endpoint.js';

describe('isPublicAddress: where the server may post push messages', () => {
  it('accepts global unicast IPv4 and IPv6, and an IPv4-mapped public address', () => {
    for (const address of [
      '8.8.8.8',
      '142.250.185.74',
      '2606:4700::1111',
      '2a00:1450:4001:82b::200a',
      '::ffff:8.8.8.8',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses private, loopback, link-local and metadata, CGNAT, unique-local and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.178.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      'ff02::1',
      '2001:db8::1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses IPv6 forms that carry a private IPv4 address: mapped, compatible, NAT64, 6to4', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses what is no address at all', () => {
    expect(isPublicAddress('push.example.org')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});
