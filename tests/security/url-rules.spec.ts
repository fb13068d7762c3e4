// Attack suite, URL rules (issue #14 items 1, 2, 9, 10), on the Node server and on nginx with
// deploy/nginx/site.conf: no redirect leaves the site, no path stalls the server, the requested
// path cannot inject markup, and every kind of answer carries the security headers.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SECURITY_HEADERS } from '../../server/security-headers.ts';
import { rawRequest, SERVERS } from './raw-http.ts';
import { NOT_FOUND_CASES, searchCacheCases, URL_CASES } from './url-cases.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** The time of one answer, in milliseconds. */
async function timed(port: number, target: string): Promise<number> {
  const start = performance.now();
  await rawRequest(port, target);
  return performance.now() - start;
}

for (const server of SERVERS) {
  test.describe(server.name, () => {
    test('redirects stay on the site: the table of raw paths, encodings and dot segments', async () => {
      for (const { target, status, location } of URL_CASES) {
        const response = await rawRequest(server.port, target);
        expect(response.status, target).toBe(status);
        expect(response.headers.location, target).toBe(location);
      }
    });

    test("what no file answers: a page path gets its language's not-found page, a file or the API a plain 404", async () => {
      for (const { target, notFoundPageIn } of NOT_FOUND_CASES) {
        const response = await rawRequest(server.port, target);
        expect(response.status, target).toBe(404);
        if (notFoundPageIn)
          expect(response.body, target).toContain(`<html lang="${notFoundPageIn}">`);
        else expect(response.body, target).not.toContain('<html');
      }
    });

    test("the search index's hashed files are cached for a year, its other files revalidated", async () => {
      for (const { target, cacheControl } of searchCacheCases(
        join(import.meta.dirname, '../../dist'),
      )) {
        const response = await rawRequest(server.port, target);
        expect(response.status, target).toBe(200);
        expect(response.headers['cache-control'], target).toBe(cacheControl);
      }
    });

    test('a path of thousands of slashes is answered as fast as a normal page (ratio < 5)', async () => {
      // The regression: a trailing-slash rule that backtracked over each run of slashes.
      const length = server.maxTarget;
      const bombs = [
        `${'/'.repeat(length)}x/`,
        `/en${'/'.repeat(length)}x/`,
        `/en/${'./'.repeat(length / 2)}x/`,
        `/${'%2F'.repeat(length / 3)}x/`,
      ];
      // Interleaved samples, so that load from elsewhere slows both alike; each kind of path on
      // its own, so that one slow kind is not hidden by the others.
      const normal: number[] = [];
      const slow = bombs.map((): number[] => []);
      for (let round = 0; round < 15; round++) {
        for (const [index, bomb] of bombs.entries()) {
          normal.push(await timed(server.port, '/en'));
          slow[index]?.push(await timed(server.port, bomb));
        }
      }
      for (const [index, samples] of slow.entries()) {
        expect(
          median(samples) / median(normal),
          `${bombs[index]?.slice(0, 8) ?? ''}…: median ${median(samples).toFixed(2)} ms ÷ /en ${median(normal).toFixed(2)} ms`,
        ).toBeLessThan(5);
      }
      // And they are answered by the URL rules, not by a page.
      for (const bomb of bombs) {
        expect([301, 404], bomb.slice(0, 12)).toContain(
          (await rawRequest(server.port, bomb)).status,
        );
      }
    });

    test('the requested path cannot inject markup into a not-found page, the 404 page included', async () => {
      for (const target of [
        '/en/"><h1>X</h1>/../../404',
        '/en/"><h1>X</h1>',
        '/en/404?"><h1>X</h1>',
        '/nl/%22%3E%3Ch1%3EX%3C/h1%3E',
      ]) {
        const response = await rawRequest(server.port, target);
        expect(response.body, target).not.toContain('<h1>X</h1>');
        if (response.status !== 301) {
          expect(response.body.match(/<h1[ >]/g), target).toHaveLength(1);
        }
      }
      // The not-found page's own address is not found either (#15), and names itself safely.
      const page = await rawRequest(server.port, '/en/404');
      expect(page.status).toBe(404);
      expect(page.body).toContain('The requested page &quot;/en/404&quot; could not be found.');
    });

    test('every kind of answer carries the security headers, errors and redirects included', async () => {
      const answers: [string, number, string?][] = [
        ['/en', 200],
        ['/en/first-steps/', 301],
        ['/%zz', 400],
        ['/nl/does-not-exist', 404],
        ['/assets/nothing.js', 404],
        ['/api/health', 200],
        ['/api/nothing', 404],
        ['/api/forms/contact', 400, 'POST'],
      ];
      for (const [target, status, method] of answers) {
        const response = await rawRequest(server.port, target, {
          ...(method ? { method, headers: { 'content-type': 'application/json' }, body: '{' } : {}),
        });
        expect(response.status, target).toBe(status);
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
          // Once each, not once from Node and once more from nginx.
          expect(response.headers[name], `${target} ${name}`).toBe(value);
        }
      }
    });
  });
}
