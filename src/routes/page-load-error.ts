// The error a page load ends in (a 500, or retries exhausted), with the chrome to show it in.
import type { StaticQueryData } from './page-data.ts';

export class PageLoadError extends Error {
  readonly status: number;
  readonly chrome: StaticQueryData | undefined;

  constructor(url: string, status: number, chrome: StaticQueryData | undefined) {
    super(`loading ${url} failed with status ${status}`);
    this.name = 'PageLoadError';
    this.status = status;
    this.chrome = chrome;
  }
}
