// Fetching protocol JSON with the retry rules of docs/runtime.md "Loading a page".

export const RETRIES = 3;
/** Backoff before retry 1, 2 and 3 (an improvement over retrying at once). */
export const BACKOFF_MS = [100, 300, 900] as const;

export type JsonResult =
  | { status: 200; json: unknown }
  | { status: 200; json: undefined; invalid: true }
  | { status: number; json?: undefined };

export interface FetchDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
}

/**
 * GETs a JSON file. 200, 404 and 500 are final; any other status, or a network failure
 * (status 0), is retried up to RETRIES times. A 200 that does not parse is marked invalid.
 */
export async function fetchJson(url: string, deps: FetchDeps): Promise<JsonResult> {
  for (let attempt = 0; ; attempt++) {
    let status = 0;
    let response: Response | undefined;
    try {
      response = await deps.fetch(url, { headers: { accept: 'application/json' } });
      status = response.status;
    } catch {
      status = 0;
    }
    if (response && status === 200) {
      try {
        return { status: 200, json: (await response.json()) as unknown };
      } catch {
        return { status: 200, json: undefined, invalid: true };
      }
    }
    if (status === 404 || status === 500 || attempt >= RETRIES) return { status };
    await deps.sleep(BACKOFF_MS[attempt] ?? 0);
  }
}
