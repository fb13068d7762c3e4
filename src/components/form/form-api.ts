// The browser side of the submissions service: the proof-of-work challenge, the submission and
// the file uploads (each with its own solved challenge). Answers become results the form can
// show; nothing here throws at the form.
import type { RawValues } from '../../forms/local-form.ts';

export type SubmitResult =
  | { kind: 'created'; reference: string; followUpCode?: string }
  | { kind: 'invalid'; errors: Record<string, string>; message?: string }
  | { kind: 'failed'; reason: 'network' | 'server' | 'rejected'; message?: string };

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
  reference?: unknown;
  followUpCode?: unknown;
}

const readJson = async (response: Response): Promise<ErrorBody> => {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? body : {};
  } catch {
    return {};
  }
};

const stringRecord = (value: unknown): Record<string, string> =>
  value && typeof value === 'object'
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {};

/** Fetches an ALTCHA challenge and solves it here: the proof of work that keeps bots out. */
export async function proofOfWork(): Promise<string> {
  const response = await fetch('/api/challenge', { cache: 'no-store', credentials: 'omit' });
  if (!response.ok) throw new Error(`challenge: ${response.status}`);
  const challenge = (await response.json()) as Parameters<
    (typeof import('altcha-lib'))['solveChallenge']
  >[0]['challenge'];
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/sha'),
  ]);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('challenge: not solved in time');
  return btoa(JSON.stringify({ challenge, solution }));
}

/** Sends a submission: values as the form keeps them, the honeypot, the proof of work. */
export async function submitForm(
  formId: string,
  language: string,
  values: RawValues,
  honeypot: string,
): Promise<SubmitResult> {
  let response: Response;
  try {
    const altcha = await proofOfWork();
    response = await fetch(`/api/forms/${encodeURIComponent(formId)}`, {
      method: 'POST',
      // The API needs no cookie: the site's own (the consent choice) is not sent with a message.
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: language, values, website: honeypot, altcha }),
    });
  } catch {
    return { kind: 'failed', reason: 'network' };
  }
  const body = await readJson(response);
  const message = typeof body.message === 'string' ? body.message : undefined;
  if (response.status === 201 && typeof body.reference === 'string') {
    // Forms with a follow-up: the code, 16 digits, sent this once only.
    const code = typeof body.followUpCode === 'string' ? body.followUpCode : '';
    return {
      kind: 'created',
      reference: body.reference,
      ...(/^\d{16,}$/.test(code) ? { followUpCode: code } : {}),
    };
  }
  if (response.status === 422 && body.errors && Object.keys(stringRecord(body.errors)).length) {
    return { kind: 'invalid', errors: stringRecord(body.errors), ...(message ? { message } : {}) };
  }
  // The server's own message when it gave one (such as 507: no storage space left).
  const reason = response.status >= 500 || response.status === 0 ? 'server' : 'rejected';
  return { kind: 'failed', reason, ...(message ? { message } : {}) };
}

export type UploadResult =
  | { kind: 'uploaded'; token: string }
  | { kind: 'refused'; message: string }
  | { kind: 'failed' }
  | { kind: 'aborted' };

export interface UploadHandle {
  done: Promise<UploadResult>;
  abort: () => void;
}

/**
 * Uploads one file for a form's file field, reporting progress from 0 to 1: first a proof of
 * work (the server refuses uploads without one), then the file.
 */
export function uploadFile(
  formId: string,
  field: string,
  language: string,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle {
  let aborted = false;
  let request: XMLHttpRequest | null = null;
  const send = (proof: string) =>
    new Promise<UploadResult>((resolve) => {
      const xhr = new XMLHttpRequest();
      request = xhr;
      const query = new URLSearchParams({ form: formId, field, lang: language });
      xhr.open('POST', `/api/uploads?${query.toString()}`);
      xhr.setRequestHeader('x-proof-of-work', proof);
      xhr.responseType = 'json';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        const body = (xhr.response ?? {}) as ErrorBody & { token?: unknown };
        if (xhr.status === 201 && typeof body.token === 'string') {
          onProgress(1);
          resolve({ kind: 'uploaded', token: body.token });
        } else if (typeof body.message === 'string') {
          // Refusals (413, 415, 422) and a full disk (507) come with a translated message.
          resolve({ kind: 'refused', message: body.message });
        } else {
          resolve({ kind: 'failed' });
        }
      };
      xhr.onerror = () => {
        resolve({ kind: 'failed' });
      };
      xhr.onabort = () => {
        resolve({ kind: 'aborted' });
      };
      const data = new FormData();
      data.append('file', file, file.name);
      xhr.send(data);
    });
  const done = proofOfWork().then(
    (proof) => (aborted ? { kind: 'aborted' as const } : send(proof)),
    () => (aborted ? { kind: 'aborted' as const } : { kind: 'failed' as const }),
  );
  return {
    done,
    abort: () => {
      aborted = true;
      request?.abort();
    },
  };
}
