// The one validator of forms: every field type, its messages in four languages, conditions.
import { describe, expect, it } from 'vitest';
import { catalogs } from '../i18n/catalogs.ts';
import type { LocaleId } from '../i18n/locales.ts';
import { createTranslator } from '../i18n/translate.ts';
import type { LocalField, LocalForm, RawValues } from './local-form.ts';
import { fieldErrors, formSchema } from './schema.ts';

const field = <F extends LocalField>(definition: F): F => definition;
const base = { required: true, label: 'Label' } as const;

/** A form with one field of every type that holds a value. */
const everyType: LocalField[] = [
  field({ ...base, type: 'text', name: 'text', minLength: 2, maxLength: 5, pattern: '[a-z]+' }),
  field({ ...base, type: 'textarea', name: 'textarea', maxLength: 10 }),
  field({ ...base, type: 'email', name: 'email' }),
  field({ ...base, type: 'url', name: 'url' }),
  field({ ...base, type: 'tel', name: 'tel' }),
  field({ ...base, type: 'number', name: 'number', min: 1, max: 10, step: 0.5 }),
  field({ ...base, type: 'date', name: 'date', min: '2020-01-01', max: '2030-12-31' }),
  field({ ...base, type: 'time', name: 'time' }),
  field({
    ...base,
    type: 'select',
    name: 'select',
    multiple: false,
    options: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ],
  }),
  field({
    ...base,
    type: 'select',
    name: 'selectMany',
    multiple: true,
    options: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ],
  }),
  field({
    ...base,
    type: 'radios',
    name: 'radios',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  }),
  field({
    ...base,
    type: 'checkboxes',
    name: 'checkboxes',
    options: [
      { value: 'x', label: 'X' },
      { value: 'y', label: 'Y' },
    ],
  }),
  field({ ...base, type: 'checkbox', name: 'checkbox' }),
  field({
    ...base,
    type: 'file',
    name: 'file',
    multiple: true,
    maxFiles: 2,
    accept: ['pdf'],
    maxSize: 1024,
  }),
];

const formIn = (language: LocaleId, fields: LocalField[] = everyType): LocalForm => ({
  id: 'test',
  language,
  title: 'Test',
  link: 'Test',
  keptDays: 180,
  submit: 'Send',
  fields,
});

const errorsOf = (language: LocaleId, values: RawValues, fields?: LocalField[]) => {
  const t = createTranslator(language, catalogs[language]);
  const result = formSchema(formIn(language, fields), t).safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
};

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

describe('required fields, in the spec’s words', () => {
  it('gives each empty required field of an empty form its message in English', () => {
    expect(errorsOf('en', {})).toEqual({
      text: 'Please enter a value.',
      textarea: 'Please enter a value.',
      email: 'Please enter a value.',
      url: 'Please enter a value.',
      tel: 'Please enter a value.',
      number: 'Please enter a value.',
      date: 'Please select a date.',
      time: 'Please select a time.',
      select: 'Please select an option.',
      selectMany: 'Please select an option.',
      radios: 'Please select an option.',
      checkboxes: 'Please select an option.',
      checkbox: 'Please select an option.',
      file: 'Please upload a file',
    });
  });

  it.each([
    [
      'de',
      'Bitte einen Wert eingeben.',
      'Bitte wähle eine Option.',
      'Bitte laden Sie eine Datei hoch',
      'Bitte wählen Sie ein Datum.',
      'Bitte wählen Sie eine Uhrzeit.',
    ],
    [
      'nl',
      'Gelieve een waarde in te vullen.',
      'Gelieve een optie te kiezen.',
      'Gelieve een bestand op te laden',
      'Gelieve een datum te kiezen.',
      'Gelieve een tijdstip te kiezen.',
    ],
    [
      'fr',
      'Veuillez saisir une valeur.',
      'Veuillez sélectionner une option.',
      'Veuillez joindre un fichier',
      'Veuillez sélectionner une date.',
      'Veuillez sélectionner une heure.',
    ],
  ] as const)('gives them in %s too', (language, value, option, file, date, time) => {
    const errors = errorsOf(language, {});
    expect(errors.text).toBe(value);
    expect(errors.radios).toBe(option);
    expect(errors.checkbox).toBe(option);
    expect(errors.file).toBe(file);
    expect(errors.date).toBe(date);
    expect(errors.time).toBe(time);
  });

  it('treats a value of spaces as empty', () => {
    expect(errorsOf('en', { text: '   ' }).text).toBe('Please enter a value.');
  });
});

describe('format messages in four languages', () => {
  const wrong: RawValues = {
    email: 'not-an-address',
    url: 'not a url',
    tel: 'call me',
    number: 'twelve',
  };
  it.each([
    [
      'en',
      'Please enter a valid email.',
      'Please enter a valid url.',
      'Please enter a valid telephone number.',
      'Please enter a valid number.',
    ],
    [
      'de',
      'Bitte geben Sie eine gültige Email-Adresse ein.',
      'Bitte geben Sie eine gültige URL ein.',
      'Bitte geben Sie eine gültige Telefonnummer ein.',
      'Bitte geben Sie eine gültige Nummer ein.',
    ],
    [
      'nl',
      'Gelieve een geldig e-mailadres in te vullen.',
      'Gelieve een geldige url in te vullen.',
      'Gelieve een geldig telefoonnummer in te vullen.',
      'Gelieve een geldig getal in te vullen.',
    ],
    [
      'fr',
      'Veuillez saisir une adresse e-mail valide.',
      'Veuillez saisir une URL valide.',
      'Veuillez saisir un numéro de téléphone valide.',
      'Veuillez saisir un nombre valide.',
    ],
  ] as const)('%s: email, url, telephone and number', (language, email, url, tel, number) => {
    const errors = errorsOf(language, wrong);
    expect([errors.email, errors.url, errors.tel, errors.number]).toEqual([
      email,
      url,
      tel,
      number,
    ]);
  });

  it.each([
    ['en', 'Please check the fields above for validation errors.'],
    ['de', 'Bitte überprüfen Sie die obigen Felder auf Validierungsfehler.'],
    ['nl', 'Gelieve de velden hierboven na te kijken op fouten.'],
    ['fr', 'Veuillez corriger les erreurs de validation dans les champs ci-dessus.'],
  ] as const)('%s has the whole-form message', (language, message) => {
    expect(createTranslator(language, catalogs[language])('form.error.form')).toBe(message);
  });

  it.each([
    [
      'en',
      'Processing…',
      'Thanks for your submission!',
      'Uploading file(s)! Please wait…',
      'Files uploaded',
      'Remove all',
    ],
    [
      'nl',
      'Bezig met verwerken…',
      'Bedankt voor uw inzending!',
      'Bestand(en) worden opgeladen! Even geduld…',
      'Bestanden opgeladen',
      'Alles verwijderen',
    ],
    [
      'fr',
      'Traitement en cours…',
      'Merci pour votre envoi\u202f!',
      'Envoi du ou des fichiers en cours\u202f! Veuillez patienter…',
      'Fichiers envoyés',
      'Tout supprimer',
    ],
    [
      'de',
      'Wird verarbeitet…',
      'Vielen Dank für Ihre Einsendung!',
      'Datei(en) werden hochgeladen! Bitte warten…',
      'Dateien hochgeladen',
      'Alle entfernen',
    ],
  ] as const)(
    '%s has the states of spec point 4',
    (language, processing, success, uploading, uploaded, removeAll) => {
      const t = createTranslator(language, catalogs[language]);
      expect([
        t('form.processing'),
        t('form.success'),
        t('form.upload.uploading'),
        t('form.upload.done'),
        t('form.upload.removeAll'),
      ]).toEqual([processing, success, uploading, uploaded, removeAll]);
    },
  );
});

describe('limits', () => {
  it('checks lengths and the pattern of a text field', () => {
    expect(errorsOf('en', { text: 'a' }).text).toBe('Please enter at least 2 characters.');
    expect(errorsOf('en', { text: 'abcdef' }).text).toBe('Please enter at most 5 characters.');
    expect(errorsOf('en', { text: 'ab1' }).text).toBe(
      'Please enter a value in the requested format.',
    );
    expect(errorsOf('de', { textarea: 'x'.repeat(11) }).textarea).toBe(
      'Bitte geben Sie höchstens 10 Zeichen ein.',
    );
  });

  it('checks the bounds and the step of a number, with a decimal comma', () => {
    expect(errorsOf('en', { number: '0.5' }).number).toBe('Please enter a number of at least 1.');
    expect(errorsOf('en', { number: '11' }).number).toBe('Please enter a number of at most 10.');
    expect(errorsOf('en', { number: '1,2' }).number).toBe('Please enter a number in steps of 0.5.');
    expect(errorsOf('nl', { number: '2,5' }).number).toBeUndefined();
  });

  it('checks that a date exists and lies within its bounds', () => {
    expect(errorsOf('en', { date: '2023-02-30' }).date).toBe('Please enter a real date.');
    expect(errorsOf('en', { date: '2019-12-31' }).date).toBe(
      'Please select a date on or after 1 January 2020.',
    );
    expect(errorsOf('fr', { date: '2031-01-01' }).date).toBe(
      'Veuillez sélectionner une date égale ou antérieure au 31 décembre 2030.',
    );
    expect(errorsOf('en', { time: '25:00' }).time).toBe(
      'Please enter a real time, for example 14:30.',
    );
  });

  it('refuses options that are not offered and too many files', () => {
    expect(errorsOf('en', { select: 'c', checkboxes: ['x', 'z'], radios: 'maybe' })).toMatchObject({
      select: 'Please select an option.',
      checkboxes: 'Please select an option.',
      radios: 'Please select an option.',
    });
    expect(errorsOf('en', { file: [TOKEN, `${TOKEN}1`, `${TOKEN}2`] }).file).toBe(
      'Please upload at most 2 files.',
    );
    expect(errorsOf('en', { file: ['../../etc/passwd'] }).file).toBe('Please upload a file');
  });

  it('refuses values of the wrong JSON type instead of failing', () => {
    expect(
      errorsOf('en', { text: 5 as unknown as string, checkboxes: 'x', file: 'a' }),
    ).toMatchObject({
      text: 'Please enter a value.',
      checkboxes: 'Please select an option.',
      file: 'Please upload a file',
    });
  });
});

describe('clean values', () => {
  it('keeps valid values, typed and trimmed', () => {
    const t = createTranslator('en', catalogs.en);
    const result = formSchema(formIn('en'), t).parse({
      text: ' abc ',
      textarea: 'two\nlines',
      email: 'reader@example.org',
      url: 'www.example.be/help',
      tel: '+32 2 542 72 24',
      number: '2,5',
      date: '2026-03-22',
      time: '09:30',
      select: 'a',
      selectMany: ['b', 'b'],
      radios: 'no',
      checkboxes: ['y'],
      checkbox: true,
      file: [TOKEN],
    });
    expect(result).toEqual({
      text: 'abc',
      textarea: 'two\nlines',
      email: 'reader@example.org',
      url: 'https://www.example.be/help',
      tel: '+32 2 542 72 24',
      number: 2.5,
      date: '2026-03-22',
      time: '09:30',
      select: 'a',
      selectMany: ['b'],
      radios: 'no',
      checkboxes: ['y'],
      checkbox: true,
      file: [TOKEN],
    });
  });

  it('leaves out optional fields left empty and fields the form does not have', () => {
    const t = createTranslator('en', catalogs.en);
    const optional = everyType.map((item) => ({ ...item, required: false }));
    expect(formSchema(formIn('en', optional), t).parse({ extra: 'x', text: '' })).toEqual({
      checkbox: false,
    });
  });
});

describe('conditions', () => {
  const conditional: LocalField[] = [
    field({
      ...base,
      type: 'radios',
      name: 'replyBy',
      options: [
        { value: 'email', label: 'E-mail' },
        { value: 'phone', label: 'Phone' },
      ],
    }),
    field({ ...base, type: 'email', name: 'email', when: { field: 'replyBy', equals: 'email' } }),
    field({ ...base, type: 'checkbox', name: 'more', required: false }),
    field({
      type: 'fieldset',
      name: 'details',
      label: 'Details',
      when: { field: 'more', equals: true },
      fields: [field({ ...base, type: 'text', name: 'detail' })],
    }),
  ];

  it('validates a field only while its condition holds, and drops it otherwise', () => {
    expect(errorsOf('en', { replyBy: 'email' }, conditional)).toEqual({
      email: 'Please enter a value.',
    });
    expect(errorsOf('en', { replyBy: 'phone', email: 'nonsense' }, conditional)).toEqual({});
    const t = createTranslator('en', catalogs.en);
    expect(
      formSchema(formIn('en', conditional), t).parse({ replyBy: 'phone', email: 'x@example.org' }),
    ).toEqual({ replyBy: 'phone', more: false });
  });

  it('shows the fields of a fieldset with the fieldset', () => {
    expect(errorsOf('en', { replyBy: 'phone', more: true }, conditional)).toEqual({
      detail: 'Please enter a value.',
    });
    expect(errorsOf('en', { replyBy: 'phone', more: false, detail: '' }, conditional)).toEqual({});
  });
});
