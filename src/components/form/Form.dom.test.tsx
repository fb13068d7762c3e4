// The form's states as a reader meets them (form-state.ts): the draft restored or deleted, the
// browser's checks failing, "Check your answers" in words with their "Change" links, sending,
// the server refusing, and the confirmation with the follow-up code (Copy, Print, Save as a
// file). Focus moves to the new content each time; nothing typed is lost on the way.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formDefinitionSchema } from '../../forms/definition.ts';
import { localizeForm } from '../../forms/local-form.ts';
import type { LocaleId } from '../../i18n/locales.ts';
import { ChromeProvider } from '../Chrome.tsx';
import { testChrome } from '../testing/test-chrome.ts';
import { draftKey } from './draft.ts';
import { Form } from './Form.tsx';

const submitForm = vi.fn();
vi.mock('./form-api.ts', () => ({
  submitForm: (...args: unknown[]) => submitForm(...args) as unknown,
  uploadFile: vi.fn(),
}));

const inFour = (en: string, fr: string) => ({ nl: en, fr, de: en, en });
const definition = formDefinitionSchema.parse({
  title: inFour('Ask us', 'Posez-nous'),
  submit: inFour('Send message', 'Envoyer le message'),
  fields: [
    { type: 'text', name: 'name', label: inFour('Your name', 'Votre nom') },
    {
      type: 'radios',
      name: 'replyBy',
      label: inFour('Answer by', 'Réponse par'),
      required: true,
      options: [
        { value: 'email', label: inFour('By e-mail', 'Par e-mail') },
        { value: 'phone', label: inFour('By phone', 'Par téléphone') },
      ],
    },
    {
      type: 'tel',
      name: 'phone',
      label: inFour('Your phone number', 'Votre numéro'),
      required: true,
      when: { field: 'replyBy', equals: 'phone' },
    },
    { type: 'checkbox', name: 'voicemail', label: inFour('Voicemail is fine', 'Messagerie') },
    {
      type: 'file',
      name: 'attachments',
      label: inFour('Documents', 'Documents'),
      accept: ['pdf'],
      maxSize: '10 MB',
      multiple: true,
    },
  ],
});

function draw(language: LocaleId) {
  const form = localizeForm({ ...definition, id: 'contact' }, language);
  return render(
    <ChromeProvider chrome={testChrome(language)}>
      <Form form={form} />
    </ChromeProvider>,
  );
}

/** The rows of the check page: label, then the answer's lines. */
const rows = () =>
  [...document.querySelectorAll('.form-check__row')].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('.form-check__value')?.textContent,
    row.querySelector('.form-check__action a')?.textContent,
  ]);

async function fillAndContinue() {
  fireEvent.change(screen.getByLabelText('Your name (optional)'), {
    target: { value: 'Ana' },
  });
  fireEvent.click(screen.getByRole('radio', { name: 'By phone' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Your phone number' }), {
    target: { value: '+32 470 12 34 56' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Check your answers before sending' });
}

beforeEach(() => {
  localStorage.clear();
  // jsdom lays nothing out.
  Element.prototype.scrollIntoView = vi.fn();
  submitForm.mockReset();
});
afterEach(cleanup);

describe('Check your answers', () => {
  it('shows each shown answer in words, with a Change link, and focuses its heading', async () => {
    draw('en');
    await fillAndContinue();
    // Focused by CheckAnswers' effect, which may run just after the heading shows.
    await waitFor(() => {
      expect(document.activeElement?.textContent).toBe('Check your answers before sending');
    });
    expect(rows()).toEqual([
      ['Your name', 'Ana', 'Change Your name'],
      ['Answer by', 'By phone', 'Change Answer by'],
      ['Your phone number', '+32 470 12 34 56', 'Change Your phone number'],
      ['Voicemail is fine', 'No', 'Change Voicemail is fine'],
      ['Documents', 'No files', 'Change Documents'],
    ]);
    // The form is hidden, not gone: its send button is the check page's.
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
    expect(submitForm).not.toHaveBeenCalled();
  });

  it('goes back to the field from "Change" with nothing lost, then sends the same answers', async () => {
    draw('en');
    await fillAndContinue();
    fireEvent.click(screen.getByRole('link', { name: 'Change Answer by' }));
    await waitFor(() => {
      expect(document.activeElement?.id).toBe('contact-replyBy');
    });
    expect(screen.getByLabelText<HTMLInputElement>('Your name (optional)').value).toBe('Ana');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'By phone' }).checked).toBe(true);
    submitForm.mockResolvedValue({ kind: 'created', reference: 'K7QD-M2XA-9F' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    await screen.findByRole('heading', { name: 'Thanks for your submission!' });
    expect(submitForm).toHaveBeenCalledTimes(1);
    expect(submitForm.mock.calls[0]?.slice(0, 3)).toEqual([
      'contact',
      'en',
      {
        name: 'Ana',
        replyBy: 'phone',
        phone: '+32 470 12 34 56',
        voicemail: false,
        attachments: [],
      },
    ]);
  });

  it('shows option labels and "Non renseigné" in French', async () => {
    draw('fr');
    fireEvent.click(screen.getByRole('radio', { name: 'Par e-mail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await screen.findByRole('heading', { name: 'Vérifiez vos réponses avant d’envoyer' });
    expect(rows().map((row) => row[1])).toEqual([
      'Non renseigné',
      'Par e-mail',
      'Non',
      'Aucun fichier',
    ]);
  });

  it('stays on the form with the error summary when the browser checks fail', async () => {
    draw('en');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'There is a problem' });
    expect(screen.queryByRole('heading', { name: 'Check your answers before sending' })).toBeNull();
  });
});

describe('The confirmation', () => {
  async function sendWith(result: object) {
    submitForm.mockResolvedValue({ kind: 'created', reference: 'K7QD-M2XA-9F', ...result });
    draw('en');
    await fillAndContinue();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('heading', { name: 'Thanks for your submission!' });
  }

  it('says when and how the desk answers and what to do if it is urgent', async () => {
    await sendWith({});
    const panel = document.querySelector('.form-success');
    // Focused by an effect, which may run just after the heading shows.
    await waitFor(() => {
      expect(document.activeElement).toBe(panel);
    });
    expect([...(panel?.querySelectorAll('h4, p') ?? [])].map((node) => node.textContent)).toEqual([
      'Your reference number is K7QD-M2XA-9F. Please keep it if you contact us about this message.',
      'What happens next',
      'The central desk will answer as soon as possible, usually within a few working days.',
      'We will call you.',
      'If it is urgent, do not wait for our answer: call the central desk.',
      'In an emergency, call 112.',
      'We keep your message for 180 days after you sent it, then delete it.',
    ]);
    expect(screen.queryByRole('heading', { name: 'Your follow-up code' })).toBeNull();
  });

  it('shows the follow-up code once, grouped, with Copy, Print and Save as a file', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:code';
    });
    URL.revokeObjectURL = vi.fn();
    await sendWith({ followUpCode: '0412993875521046' });
    expect(
      screen.getByText(
        'We will call you. Whatever the desk writes to you can also be read on the follow-up page, with your code.',
      ),
    ).toBeTruthy();
    expect(
      [...document.querySelectorAll('.form-code__card dd')].map((node) => node.textContent),
    ).toEqual(['K7QD-M2XA-9F', '0412 9938 7552 1046', 'http://localhost:3000/en/follow-up']);
    // The retention of the message and its conversation, said before the code (issue 41).
    screen.getByText(
      'We keep your message and the conversation with the desk for 180 days after you sent it, then delete them, and the code no longer opens anything. You can delete them earlier on the follow-up page.',
    );
    expect(document.querySelector('.form-code__warning')?.textContent).toBe(
      'Keep this code. It is the only way to read our answer without giving your contact details. It is shown only once: we cannot show it again or send it to you. Whoever has it can read your conversation with the desk, so keep it where others cannot find it.',
    );
    const status = document.querySelector('.form-code__status');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => {
      expect(status?.textContent).toBe('The code is copied. Paste it somewhere safe.');
    });
    expect(writeText).toHaveBeenCalledWith('0412 9938 7552 1046');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save as a file' }));
      await Promise.resolve();
    });
    expect(status?.textContent).toBe('The file “K7QD-M2XA-9F.txt” is in your downloads.');
    expect(await blobs[0]?.text()).toBe(
      'Reference: K7QD-M2XA-9F\nFollow-up code: 0412 9938 7552 1046\nFollow-up page: http://localhost:3000/en/follow-up\n',
    );
    expect(
      screen.getByRole('link', { name: 'Go to the follow-up page' }).getAttribute('href'),
    ).toBe('/en/follow-up');
  });

  it('says what copying failed means', async () => {
    Object.assign(navigator, {
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    await sendWith({ followUpCode: '0412993875521046' });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => {
      expect(document.querySelector('.form-code__status')?.textContent).toBe(
        'The code could not be copied. Select it and copy it yourself, or write it down.',
      );
    });
  });
});

describe('The states of the form', () => {
  const summary = () => document.querySelector<HTMLElement>('.error-summary');
  const summaryLines = () =>
    [...(summary()?.querySelectorAll('h2, p, li') ?? [])].map((node) => node.textContent);
  const nameInput = () => screen.getByLabelText<HTMLInputElement>('Your name (optional)');
  const saved = () => JSON.parse(localStorage.getItem(draftKey('contact')) ?? 'null') as unknown;

  it('restores a saved draft, says so, and leaves files out', async () => {
    localStorage.setItem(
      draftKey('contact'),
      JSON.stringify({
        savedAt: Date.now(),
        values: { name: 'Ana', attachments: ['forged-token'], removedField: 'x' },
      }),
    );
    draw('en');
    await screen.findByText('We kept what you typed earlier on this device.');
    expect(nameInput().value).toBe('Ana');
    fireEvent.click(screen.getByRole('radio', { name: 'By e-mail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check your answers before sending' });
    expect(rows().map((row) => row[1])).toEqual(['Ana', 'By e-mail', 'No', 'No files']);
  });

  it('says nothing of a draft on a fresh form, then deletes the draft on request', () => {
    draw('en');
    expect(screen.queryByText('We kept what you typed earlier on this device.')).toBeNull();
    fireEvent.change(nameInput(), { target: { value: 'Ana' } });
    expect(saved()).toMatchObject({ values: { name: 'Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my draft' }));
    expect(document.querySelector('.form__draft-status')?.textContent).toBe(
      'Your draft is deleted from this device.',
    );
    expect(saved()).toBeNull();
    expect(nameInput().value).toBe('');
    // The next change clears the announcement and saves a new draft.
    fireEvent.change(nameInput(), { target: { value: 'Bo' } });
    expect(document.querySelector('.form__draft-status')?.textContent).toBe('');
    expect(saved()).toMatchObject({ values: { name: 'Bo' } });
  });

  it('lists the failed checks in the summary, focuses it, and keeps what was typed', async () => {
    draw('en');
    fireEvent.change(nameInput(), { target: { value: 'Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'There is a problem' });
    await waitFor(() => {
      expect(document.activeElement).toBe(summary());
    });
    expect(summaryLines()).toEqual(['There is a problem', 'Answer by – Please select an option.']);
    expect(document.querySelector('.form__error')?.textContent).toBe(
      'Please check the fields above for validation errors.',
    );
    expect(nameInput().value).toBe('Ana');
    // The summary's link moves focus to the field's control.
    fireEvent.click(screen.getByRole('link', { name: 'Answer by – Please select an option.' }));
    expect(document.activeElement?.id).toBe('contact-replyBy');
  });

  it('says the same in German', async () => {
    draw('de');
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await screen.findByRole('heading', { name: 'Es gibt ein Problem' });
    expect(summaryLines()).toEqual(['Es gibt ein Problem', 'Answer by – Bitte wähle eine Option.']);
    expect(document.querySelector('.form__error')?.textContent).toBe(
      'Bitte überprüfen Sie die obigen Felder auf Validierungsfehler.',
    );
  });

  it('shows Processing… while sending and sends once however often Send is pressed', async () => {
    let answer: (result: object) => void = () => undefined;
    submitForm.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    draw('en');
    await fillAndContinue();
    const send = screen.getByRole('button', { name: 'Send message' });
    fireEvent.click(send);
    expect(document.querySelector('.form-check .form__status')?.textContent).toBe('Processing…');
    expect(send.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(send);
    fireEvent.click(send);
    expect(submitForm).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer({ kind: 'created', reference: 'K7QD-M2XA-9F' });
      await Promise.resolve();
    });
    await screen.findByRole('heading', { name: 'Thanks for your submission!' });
    expect(submitForm).toHaveBeenCalledTimes(1);
    // Stored by the server: the draft is gone from the device.
    expect(saved()).toBeNull();
  });

  it('returns to the form with the reason when the server cannot be reached, losing nothing', async () => {
    submitForm.mockResolvedValue({ kind: 'failed', reason: 'network' });
    draw('en');
    await fillAndContinue();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('heading', { name: 'There is a problem' });
    await waitFor(() => {
      expect(document.activeElement).toBe(summary());
    });
    expect(summaryLines()).toEqual([
      'There is a problem',
      'Your message has not been sent: there is no connection to the server. What you typed is kept on this device; try again in a moment.',
    ]);
    expect(nameInput().value).toBe('Ana');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Your phone number' }).value).toBe(
      '+32 470 12 34 56',
    );
    expect(saved()).toMatchObject({ values: { name: 'Ana', phone: '+32 470 12 34 56' } });
    // Trying again goes through the checks and sends the same answers.
    submitForm.mockResolvedValue({ kind: 'created', reference: 'K7QD-M2XA-9F' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    await screen.findByRole('heading', { name: 'Thanks for your submission!' });
    expect(submitForm).toHaveBeenCalledTimes(2);
  });

  it('lists the fields the server refused, with its message', async () => {
    submitForm.mockResolvedValue({
      kind: 'invalid',
      errors: { phone: 'Please enter a valid telephone number.' },
      message: 'Please check the fields above for validation errors.',
    });
    draw('en');
    await fillAndContinue();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('heading', { name: 'There is a problem' });
    expect(summaryLines()).toEqual([
      'There is a problem',
      'Please check the fields above for validation errors.',
      'Your phone number – Please enter a valid telephone number.',
    ]);
    expect(
      screen.getByRole('textbox', { name: 'Your phone number' }).getAttribute('aria-invalid'),
    ).toBe('true');
  });
});
