// Whom the per-address limits count (issue #14, item 7): an IPv4 address, or an IPv6 /64.
import { describe, expect, it } from 'vitest';
import { clientKey } from './rate-limit.ts';

describe('clientKey', () => {
  it('counts an IPv6 /64 as one reader, and IPv4-mapped addresses as IPv4', () => {
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  });
});
