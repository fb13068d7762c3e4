// Form definitions: the real ones load, and mistakes fail with the file and the field named.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localizeForm } from '../forms/local-form.ts';
import { checkableFacts } from './checkable-facts.ts';
import { loadForms, parseFormDefinition } from './forms.ts';
import { loadSite, TEXT_ONLY_ADDRESS } from './site.ts';

const FILE = 'content/forms/test.yaml';
const text = (word: string) => `{ nl: ${word}, fr: ${word}, de: ${word}, en: ${word} }`;
const definition = (fields: string) =>
  `title: ${text('Title')}\nsubmit: ${text('Send')}\nfields:\n${fields}`;

describe('form definitions', () => {
  it('loads the contact, call-back, feedback and reply forms, in four languages', () => {
    const forms = loadForms(join(import.meta.dirname, '../../content/forms'));
    expect(Object.keys(forms).sort()).toEqual(['callback', 'contact', 'feedback', 'reply']);
    // The messages that get a follow-up code, and the follow-up page's reply (issue 41).
    expect(
      Object.values(forms)
        .filter((form) => form.followUp)
        .map((form) => form.id),
    ).toEqual(['callback', 'contact']);
    expect(forms.reply?.replyOnly).toBe(true);
    const contact = forms.contact;
    if (!contact) throw new Error('no contact form');
    expect(localizeForm(contact, 'en').title).toBe('Ask us your question');
    expect(localizeForm(contact, 'nl').submit).toBe('Bericht verzenden');
    // The link to the form at the top of its page: its own words, else the title.
    expect(localizeForm(contact, 'fr').link).toBe('Écrivez-nous');
    const callback = forms.callback;
    if (!callback) throw new Error('no call-back form');
    expect(localizeForm(callback, 'en').link).toBe('Ask us to call you back');
    const email = localizeForm(contact, 'de').fields.find((field) => field.name === 'email');
    expect(email).toMatchObject({
      label: 'Ihre E-Mail-Adresse',
      when: { field: 'replyBy', equals: 'email' },
    });
  });

  it('asks the safe-contact questions of an answer by phone, and the shared schema takes them', async () => {
    const forms = loadForms(join(import.meta.dirname, '../../content/forms'));
    if (!forms.contact) throw new Error('no contact form');
    const contact = localizeForm(forms.contact, 'fr');
    const byPhone = contact.fields.filter(
      (field) => field.when?.field === 'replyBy' && field.when.equals === 'phone',
    );
    // French typography: a narrow no-break space before the question mark.
    expect(byPhone.map((field) => [field.name, 'label' in field ? field.label : ''])).toEqual([
      ['phone', 'Votre numéro de téléphone'],
      ['safeTimes', 'Quand pouvons-nous vous appeler sans risque\u202f?'],
      [
        'voicemail',
        'Pouvons-nous laisser un message sur votre répondeur si vous ne décrochez pas\u202f?',
      ],
      ['sayWhoWeAre', 'Pouvons-nous dire qui nous sommes si quelqu’un d’autre décroche\u202f?'],
    ]);
    const { formSchema } = await import('../forms/schema.ts');
    const schema = formSchema(contact, (id) => id);
    const answers = {
      topic: 'insurance',
      message: 'Mon assureur ne répond pas.',
      replyBy: 'phone',
      phone: '+32 470 12 34 56',
      safeTimes: 'en semaine après 18 heures',
      voicemail: 'no',
      sayWhoWeAre: 'no',
      consent: true,
    };
    const checked = schema.safeParse(answers);
    expect(checked.success).toBe(true);
    expect(checked.data).toMatchObject({
      safeTimes: 'en semaine après 18 heures',
      voicemail: 'no',
      sayWhoWeAre: 'no',
    });
    expect(schema.safeParse({ ...answers, voicemail: 'maybe' }).success).toBe(false);
    // By e-mail, the phone questions are not asked: their answers are not kept.
    const byEmail = schema.safeParse({ ...answers, replyBy: 'email', email: 'a@example.org' });
    expect(byEmail.data).not.toHaveProperty('sayWhoWeAre');
  });

  it('names the file, the field and the missing translation', () => {
    const source = definition(
      `  - type: text\n    name: name\n    label: { nl: Naam, fr: Nom, en: Name }\n`,
    );
    expect(() => parseFormDefinition(FILE, source)).toThrow(
      /^content\/forms\/test\.yaml: fields\[0\] \(field "name"\)\.label\.de: /,
    );
  });

  it('names an unknown field type', () => {
    const source = definition(`  - type: colour\n    name: shade\n    label: ${text('Shade')}\n`);
    expect(() => parseFormDefinition(FILE, source)).toThrow(
      /content\/forms\/test\.yaml: fields\[0\] \(field "shade"\)\.type: /,
    );
  });

  it('refuses a condition on a field that does not come before it, or a value it cannot have', () => {
    const later = definition(
      `  - type: email\n    name: email\n    label: ${text('E-mail')}\n    when: { field: replyBy, equals: email }\n`,
    );
    expect(() => parseFormDefinition(FILE, later)).toThrow(
      'content/forms/test.yaml: fields[0] (field "email"): when.field "replyBy" is not an earlier field',
    );
    const wrongValue = definition(
      `  - type: radios\n    name: replyBy\n    label: ${text('Reply')}\n    options:\n      - { value: email, label: ${text('E-mail')} }\n      - { value: phone, label: ${text('Phone')} }\n` +
        `  - type: email\n    name: email\n    label: ${text('E-mail')}\n    when: { field: replyBy, equals: fax }\n`,
    );
    expect(() => parseFormDefinition(FILE, wrongValue)).toThrow(
      'content/forms/test.yaml: fields[1] (field "email"): when.equals "fax" is not an option of "replyBy"',
    );
  });

  it('refuses two fields with one name, reserved names, and a file size above 20 MB', () => {
    const twice = definition(
      `  - { type: text, name: name, label: ${text('A')} }\n  - { type: text, name: name, label: ${text('B')} }\n`,
    );
    expect(() => parseFormDefinition(FILE, twice)).toThrow(
      'fields[1] (field "name"): another field is also named "name"',
    );
    const reserved = definition(`  - { type: text, name: website, label: ${text('A')} }\n`);
    expect(() => parseFormDefinition(FILE, reserved)).toThrow('the name "website" is reserved');
    // A name every object has would read as an inherited method (issue #14, item 6).
    const inherited = definition(`  - { type: text, name: constructor, label: ${text('A')} }\n`);
    expect(() => parseFormDefinition(FILE, inherited)).toThrow(
      'the name "constructor" is reserved',
    );
    const huge = definition(
      `  - { type: file, name: scan, label: ${text('Scan')}, accept: [pdf], maxSize: 50 MB }\n`,
    );
    expect(() => parseFormDefinition(FILE, huge)).toThrow(
      /fields\[0\] \(field "scan"\)\.maxSize: at most 20 MB/,
    );
  });

  it('turns a size into bytes', () => {
    const form = parseFormDefinition(
      FILE,
      definition(
        `  - { type: file, name: scan, label: ${text('Scan')}, accept: [pdf, jpg], maxSize: 1.5 MB }\n`,
      ),
    );
    expect(form.fields[0]).toMatchObject({
      maxSize: 1_572_864,
      accept: ['pdf', 'jpg'],
      multiple: false,
    });
  });
});

describe('the forms readers fill in', () => {
  const content = join(import.meta.dirname, '../../content');
  const forms = loadForms(join(content, 'forms'));

  it('show no phone number as an example: a reader could call it, or copy it (issue #45)', () => {
    const numbers = Object.values(forms).flatMap((form) =>
      (['nl', 'fr', 'de', 'en'] as const).flatMap((lang) =>
        JSON.stringify(localizeForm(form, lang))
          .split('","')
          .flatMap((text) => checkableFacts(text, lang))
          // A full number, not 112: the intro rightly says to call it in an emergency.
          .filter((fact) => fact.kind === 'phone number' && fact.text.replace(/\D/g, '').length > 4)
          .map((fact) => `${form.id} (${lang}): ${fact.text}`),
      ),
    );
    expect(numbers).toEqual([]);
  });

  it('offer calls back only in the languages the desk’s phone lines speak', () => {
    const site = loadSite(join(content, 'site.yaml'), TEXT_ONLY_ADDRESS);
    const spoken = new Set(site.contact.phones.flatMap((phone) => phone.languages));
    const language = forms.callback?.fields.find((field) => field.name === 'language');
    const offered = language && 'options' in language ? language.options.map((o) => o.value) : [];
    expect([...offered].sort()).toEqual([...spoken].sort());
    expect(offered).toEqual(['nl', 'fr', 'en']);
  });
});
