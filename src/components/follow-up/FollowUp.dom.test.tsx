// The follow-up page as a visitor meets it, against a mocked follow-up API: the entry form,
// the conversation in words, Delete with its confirmation, Close, and an ended session.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formDefinitionSchema } from '../../forms/definition.ts';
import { localizeForm } from '../../forms/local-form.ts';
import { FOLLOW_UP_SESSION_KEY } from '../../runtime/follow-up-session.ts';
import { ChromeProvider } from '../Chrome.tsx';
import { testChrome } from '../testing/test-chrome.ts';
import { FollowUp } from './FollowUp.tsx';

vi.mock('../form/form-api.ts', () => ({
  proofOfWork: () => Promise.resolve('solved'),
  uploadFile: vi.fn(),
}));

const inFour = (text: string) => ({ nl: text, fr: text, de: text, en: text });
const reply = localizeForm(
  {
    ...formDefinitionSchema.parse({
      title: inFour('Write back to the desk'),
      submit: inFour('Send message'),
      fields: [
        { type: 'textarea', name: 'message', label: inFour('Your message'), required: true },
      ],
    }),
    id: 'reply',
  },
  'en',
);

const THREAD = {
  reference: 'K7QD-M2XA-9F',
  lang: 'en',
  status: 'answered',
  deskNotice: 'We will call you on Monday.',
  notifyByEmail: false,
  messages: [
    { from: 'visitor', at: '2026-11-20T09:15:00Z', text: 'My insurer does not answer.', files: [] },
    {
      from: 'desk',
      at: '2026-11-21T14:30:00Z',
      text: 'We wrote to your insurer.',
      files: [{ name: 'letter.pdf', size: 2048 }],
    },
  ],
};

type Call = { url: string; method: string; headers: Record<string, string>; body?: string };
let calls: Call[] = [];
let answers: Record<string, () => Response> = {};
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status });

beforeEach(() => {
  sessionStorage.clear();
  calls = [];
  answers = {
    'POST /api/follow-up/session': () => json(201, { token: 'tok-1', idleSeconds: 1800 }),
    'GET /api/follow-up': () => json(200, THREAD),
    'DELETE /api/follow-up': () => json(204),
    'DELETE /api/follow-up/session': () => json(204),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({
        url,
        method,
        headers: init.headers as Record<string, string>,
        ...(typeof init.body === 'string' ? { body: init.body } : {}),
      });
      const answer = answers[`${method} ${url}`];
      return Promise.resolve(answer ? answer() : json(404, {}));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const at = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

const draw = () =>
  render(
    <ChromeProvider chrome={testChrome('en')}>
      <FollowUp form={reply} />
    </ChromeProvider>,
  );

async function openWith(reference: string, code: string) {
  draw();
  await screen.findByRole('heading', { name: 'Open your conversation' });
  // A page that has just loaded does not move the focus (only later views take it).
  expect(document.activeElement).toBe(document.body);
  fireEvent.change(screen.getByLabelText('Reference'), { target: { value: reference } });
  fireEvent.change(screen.getByLabelText('Follow-up code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
}

describe('the follow-up page', () => {
  it('asks for the reference and the code with autocomplete off and a numeric keyboard', async () => {
    draw();
    await screen.findByRole('heading', { name: 'Open your conversation' });
    const code = screen.getByLabelText('Follow-up code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('off');
    expect(screen.getByLabelText('Reference').getAttribute('autocomplete')).toBe('off');
    fireEvent.change(code, { target: { value: '0412 9938' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'There is a problemReference – Enter the reference of your message.Follow-up code – Enter the 16 digits of your follow-up code.',
    );
    expect(calls).toEqual([]);
  });

  it('opens the conversation: status, notice, messages in order; the code only in a POST body', async () => {
    await openWith('k7qd-m2xa-9f', '0412 9938 7552-1046');
    const title = await screen.findByRole('heading', { name: 'Your conversation K7QD-M2XA-9F' });
    await waitFor(() => {
      expect(document.activeElement).toBe(title);
    });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/follow-up/session',
      'GET /api/follow-up',
    ]);
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({
      lang: 'en',
      reference: 'K7QD-M2XA-9F',
      code: '0412993875521046',
      altcha: 'solved',
    });
    expect(calls[1]?.headers['X-Follow-Up-Session']).toBe('tok-1');
    expect(sessionStorage.getItem(FOLLOW_UP_SESSION_KEY)).toBe('tok-1');
    expect(screen.getByText(/^Status: /).textContent).toBe('Status: answered');
    expect(screen.getByText('We will call you on Monday.')).toBeTruthy();
    expect(
      [...document.querySelectorAll('.follow-up__message')].map((item) => [
        item.querySelector('h3')?.textContent,
        item.querySelector('.follow-up__text')?.textContent,
        item.querySelector('.follow-up__files')?.textContent ?? null,
      ]),
    ).toEqual([
      // Dates in the reader's own time zone, as their device sets it.
      [`You wrote, ${at('2026-11-20T09:15:00Z')}`, 'My insurer does not answer.', null],
      [
        `The central desk answered, ${at('2026-11-21T14:30:00Z')}`,
        'We wrote to your insurer.',
        'letter.pdf (2 kB)',
      ],
    ]);
    expect(screen.getByText(/^The e-mail only says/).textContent).toBe(
      'The e-mail only says that there is an answer. It contains neither the answer nor your code: you read the answer here.',
    );
  });

  it('shows the one message for a wrong reference or code, in the summary', async () => {
    answers['POST /api/follow-up/session'] = () =>
      json(401, {
        error: 'wrong_code',
        message: 'The reference or the follow-up code is not right.',
      });
    await openWith('K7QD-M2XA-9F', '0000000000000000');
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe(
        'There is a problemThe reference or the follow-up code is not right.',
      );
    });
    expect(sessionStorage.getItem(FOLLOW_UP_SESSION_KEY)).toBeNull();
  });

  it('deletes the messages only after the confirmation, then says so', async () => {
    await openWith('K7QD-M2XA-9F', '0412993875521046');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my messages' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    screen.getByText(/^Delete the whole conversation/);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete my messages' }));
    const done = await screen.findByRole('heading', { name: 'Your messages are deleted' });
    // Focus moves in an effect, after the heading is rendered (a busy CI once read it between).
    await waitFor(() => {
      expect(document.activeElement).toBe(done);
    });
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/follow-up' });
    expect(sessionStorage.getItem(FOLLOW_UP_SESSION_KEY)).toBeNull();
  });

  it('Close ends the session on the server and on this device', async () => {
    await openWith('K7QD-M2XA-9F', '0412993875521046');
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await screen.findByRole('heading', { name: 'Your conversation is closed on this device' });
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/follow-up/session' });
    expect(sessionStorage.getItem(FOLLOW_UP_SESSION_KEY)).toBeNull();
  });

  it('reopens the conversation of this tab on load without moving the focus', async () => {
    sessionStorage.setItem(FOLLOW_UP_SESSION_KEY, 'kept');
    draw();
    await screen.findByRole('heading', { name: 'Your conversation K7QD-M2XA-9F' });
    expect(document.activeElement).toBe(document.body);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/follow-up']);
  });

  it('an expired session (401) goes back to the entry form with the message, token gone', async () => {
    sessionStorage.setItem(FOLLOW_UP_SESSION_KEY, 'old');
    answers['GET /api/follow-up'] = () =>
      json(401, { error: 'session_expired', message: 'Your follow-up session has ended.' });
    draw();
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe(
        'There is a problemYour follow-up session has ended.',
      );
    });
    expect(sessionStorage.getItem(FOLLOW_UP_SESSION_KEY)).toBeNull();
  });
});
