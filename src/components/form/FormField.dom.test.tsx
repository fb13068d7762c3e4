// Form fields as a screen reader meets them: each control is named by its label, described by
// its help and error in that order, and a file field draws these parts as every other field.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formDefinitionSchema } from '../../forms/definition.ts';
import type { LocaleId } from '../../i18n/locales.ts';
import { localizeForm, type LocalField } from '../../forms/local-form.ts';
import { ChromeProvider } from '../Chrome.tsx';
import { testChrome } from '../testing/test-chrome.ts';
import type { FieldContext } from './field-parts.tsx';
import { FormField } from './FormField.tsx';

const inFour = (en: string, fr: string) => ({ nl: en, fr, de: en, en });

const definition = formDefinitionSchema.parse({
  title: inFour('Contact', 'Contact'),
  submit: inFour('Send', 'Envoyer'),
  fields: [
    {
      type: 'text',
      name: 'fullName',
      label: inFour('Your name', 'Votre nom'),
      help: inFour('As on your identity card.', 'Comme sur votre carte d’identité.'),
      required: true,
    },
    {
      type: 'radios',
      name: 'replyBy',
      label: inFour('Reply by', 'Réponse par'),
      options: [
        { value: 'email', label: inFour('E-mail', 'Courriel') },
        { value: 'phone', label: inFour('Phone', 'Téléphone') },
      ],
    },
    {
      type: 'file',
      name: 'documents',
      label: inFour('Documents', 'Documents'),
      help: inFour('A medical certificate, for example.', 'Un certificat médical, par exemple.'),
      accept: ['pdf', 'jpg'],
      maxSize: '10 MB',
      multiple: true,
      maxFiles: 3,
    },
  ],
});

const fieldsIn = (language: LocaleId) =>
  new Map(localizeForm({ ...definition, id: 'contact' }, language).fields.map((f) => [f.name, f]));

const context = (errors: Record<string, string> = {}, shown?: string[]): FieldContext => ({
  formId: 'contact',
  values: {},
  errors,
  shown: new Set(shown ?? ['fullName', 'replyBy', 'documents']),
  onChange: () => undefined,
  trackUpload: () => undefined,
});

function draw(field: LocalField | undefined, language: LocaleId, fieldContext: FieldContext) {
  if (!field) throw new Error('no such field in the test form');
  return render(
    <ChromeProvider chrome={testChrome(language)}>
      <FormField field={field} context={fieldContext} />
    </ChromeProvider>,
  );
}

/** The texts a control's aria-describedby points to, in order. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

afterEach(cleanup);

describe('FormField', () => {
  it('names a required text field by its label and describes it by its help, then its error', () => {
    draw(fieldsIn('en').get('fullName'), 'en', context({ fullName: 'Enter your name.' }));
    const input = screen.getByRole('textbox', { name: 'Your name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.hasAttribute('required')).toBe(true);
    expect(descriptionOf(input)).toEqual(['As on your identity card.', 'Enter your name.']);
  });

  it('marks an optional group "(facultatif)" in French, undescribed when it has no help or error', () => {
    draw(fieldsIn('fr').get('replyBy'), 'fr', context());
    const group = screen.getByRole('group');
    expect(group.querySelector('legend')?.textContent).toBe('Réponse par (facultatif)');
    expect(group.getAttribute('aria-describedby')).toBeNull();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'email',
      'phone',
    ]);
  });

  it('draws nothing for a field its condition hides', () => {
    const { container } = draw(fieldsIn('en').get('fullName'), 'en', context({}, []));
    expect(container.innerHTML).toBe('');
  });
});

describe('FileField', () => {
  it('has the label, help and error of every field, plus the hint on types and sizes', () => {
    draw(fieldsIn('en').get('documents'), 'en', context({ documents: 'Add a document.' }));
    const input = screen.getByLabelText('Documents (optional)');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input)).toEqual([
      'A medical certificate, for example.',
      'Up to 3 files of at most 10 MB: PDF, JPG.',
      'Add a document.',
    ]);
    const label = document.querySelector('label[for="contact-documents"]');
    expect(label?.className).toBe('form-field__label');
    expect(document.getElementById('contact-documents-error')?.className).toBe(
      'field-error form-field__error',
    );
  });
});
