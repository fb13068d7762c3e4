// The server log and the reader's address (issue #14, item 11): not logged by default, only
// shortened when an operator opts in, and never the query string.
import { describe, expect, it } from 'vitest';
import { contactValues, createTestApp, proofOfWork } from './testing/forms-app.ts';
import { clientAddressLogging, truncateAddress } from './logging.ts';
import type { ClientAddressLogging } from './logging.ts';

/** The log lines of one submission and one search page request from a known address. */
async function logOfVisit(logging?: ClientAddressLogging): Promise<string> {
  const lines: string[] = [];
  const test = await createTestApp(
    {},
    {
      logLevel: 'info',
      logStream: { write: (line) => lines.push(line) },
      ...(logging ? { logClientAddress: logging } : {}),
    },
  );
  try {
    const remoteAddress = '203.0.113.77';
    const sent = await test.app.inject({
      method: 'POST',
      url: '/api/forms/contact',
      remoteAddress,
      payload: { values: contactValues(), altcha: await proofOfWork(test.app) },
    });
    expect(sent.statusCode).toBe(201);
    await test.app.inject({ method: 'GET', url: '/en/search?q=my+name', remoteAddress });
    await test.app.inject({
      method: 'GET',
      url: '/en',
      remoteAddress: '2001:db8:aa:bb:cc:dd:ee:ff',
    });
  } finally {
    await test.close();
  }
  return lines.join('');
}

describe('the server log', () => {
  it('holds no reader address and no query at info level by default', async () => {
    const log = await logOfVisit();
    expect(log).toContain('"url":"/api/forms/contact"');
    expect(log).toContain('"url":"/en/search"');
    expect(log).not.toContain('203.0.113');
    expect(log).not.toContain('2001:db8');
    expect(log).not.toContain('my+name');
    expect(log).not.toMatch(/remoteAddress|remotePort/);
  });

  it('has one JSON line per request, with status and duration, and nothing the reader wrote', async () => {
    const lines = (await logOfVisit())
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { msg: string; req?: { url: string }; status?: number; ms?: number },
      );
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map((line) => line.req?.url)).toEqual([
      '/api/challenge',
      '/api/forms/contact',
      '/en/search',
      '/en',
    ]);
    expect(requests.slice(0, 2).map((line) => line.status)).toEqual([200, 201]);
    expect(requests.every((line) => typeof line.ms === 'number')).toBe(true);
    expect(lines.map((line) => line.msg)).not.toContain('incoming request');
    expect(JSON.stringify(lines)).not.toContain(String(contactValues().message));
  });

  it('holds a shortened address when LOG_CLIENT_ADDRESS=truncated', async () => {
    const log = await logOfVisit('truncated');
    expect(log).toContain('"client":"203.0.113.0"');
    expect(log).toContain('"client":"2001:db8:aa::"');
    expect(log).not.toContain('203.0.113.77');
    expect(log).not.toContain('2001:db8:aa:bb');
  });

  it('reads LOG_CLIENT_ADDRESS and refuses other values', () => {
    expect(clientAddressLogging(undefined)).toBe('off');
    expect(clientAddressLogging('truncated')).toBe('truncated');
    expect(() => clientAddressLogging('full')).toThrow(
      'LOG_CLIENT_ADDRESS must be "off" or "truncated", not "full"',
    );
    expect(truncateAddress('::ffff:198.51.100.23')).toBe('198.51.100.0');
  });
});
