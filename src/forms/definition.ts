// Form definitions (content/forms/{id}.yaml): the zod schema editors write against, and the
// localized shape that pages, the browser and the server use. docs/ARCHITECTURE.md "Forms".
import { z } from 'zod';
import { perLocale } from '../i18n/per-locale.ts';
import { FILE_TYPES, type FileTypeId } from './file-types.ts';

/** A text in each of the site's languages. */
const text = perLocale(z.string().min(1), { strict: true });
export type Translated = z.infer<typeof text>;

/** Field names become JSON keys, element ids and CSV columns: keep them plain. */
const fieldName = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9]*$/, 'a name in camelCase letters and digits, such as "replyBy"');

const condition = z.strictObject({
  /** The name of an earlier field. */
  field: fieldName,
  /** Shown when that field has this value (one of these values; true for a ticked checkbox). */
  equals: z.union([z.string().min(1), z.array(z.string().min(1)).min(1), z.literal(true)]),
});
export type Condition = z.infer<typeof condition>;

const option = z.strictObject({ value: z.string().regex(/^[a-z0-9-]+$/), label: text });

const common = {
  name: fieldName,
  label: text,
  help: text.optional(),
  required: z.boolean().default(false),
  when: condition.optional(),
};
const lengths = {
  minLength: z.int().positive().optional(),
  maxLength: z.int().positive().max(20_000).optional(),
};
const autocomplete = {
  autocomplete: z
    .string()
    .regex(/^[a-z -]+$/)
    .optional(),
};
const SIZE = /^(\d+(?:\.\d+)?)\s*(KB|MB)$/;
/** The largest file any form accepts, whatever its definition says. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

const fieldTypes = {
  text: z.strictObject({
    type: z.literal('text'),
    ...common,
    ...lengths,
    ...autocomplete,
    /** A regular expression the whole value must match. */
    pattern: z
      .string()
      .refine(
        (source) => {
          try {
            new RegExp(source, 'u');
            return true;
          } catch {
            return false;
          }
        },
        { message: 'not a valid regular expression' },
      )
      .optional(),
  }),
  textarea: z.strictObject({
    type: z.literal('textarea'),
    ...common,
    ...lengths,
    rows: z.int().min(2).max(30).optional(),
  }),
  email: z.strictObject({ type: z.literal('email'), ...common, ...autocomplete }),
  url: z.strictObject({ type: z.literal('url'), ...common, ...autocomplete }),
  tel: z.strictObject({ type: z.literal('tel'), ...common, ...autocomplete }),
  number: z.strictObject({
    type: z.literal('number'),
    ...common,
    min: z.number().optional(),
    max: z.number().optional(),
    step: z.number().positive().optional(),
  }),
  date: z.strictObject({
    type: z.literal('date'),
    ...common,
    min: z.iso.date().optional(),
    max: z.iso.date().optional(),
  }),
  time: z.strictObject({ type: z.literal('time'), ...common }),
  select: z.strictObject({
    type: z.literal('select'),
    ...common,
    multiple: z.boolean().default(false),
    options: z.array(option).min(1),
  }),
  radios: z.strictObject({ type: z.literal('radios'), ...common, options: z.array(option).min(2) }),
  checkboxes: z.strictObject({
    type: z.literal('checkboxes'),
    ...common,
    options: z.array(option).min(1),
  }),
  checkbox: z.strictObject({ type: z.literal('checkbox'), ...common }),
  file: z.strictObject({
    type: z.literal('file'),
    ...common,
    multiple: z.boolean().default(false),
    /** File types by extension; the server checks the content, not only the name. */
    accept: z.array(z.enum(Object.keys(FILE_TYPES) as [FileTypeId, ...FileTypeId[]])).min(1),
    /** The largest file, such as "10 MB" (at most 20 MB). */
    maxSize: z
      .string()
      .regex(SIZE, 'a size such as "500 KB" or "10 MB"')
      .transform((size) => parseSize(size))
      .refine((bytes) => bytes <= MAX_FILE_BYTES, { message: 'at most 20 MB' }),
    maxFiles: z.int().min(1).max(10).optional(),
  }),
  markup: z.strictObject({
    type: z.literal('markup'),
    name: fieldName,
    /** Plain text shown in the form; a blank line starts a new paragraph. */
    content: text,
    when: condition.optional(),
  }),
} as const;

const inputFieldTypes = [
  fieldTypes.text,
  fieldTypes.textarea,
  fieldTypes.email,
  fieldTypes.url,
  fieldTypes.tel,
  fieldTypes.number,
  fieldTypes.date,
  fieldTypes.time,
  fieldTypes.select,
  fieldTypes.radios,
  fieldTypes.checkboxes,
  fieldTypes.checkbox,
  fieldTypes.file,
  fieldTypes.markup,
] as const;
const inputField = z.discriminatedUnion('type', inputFieldTypes);
const fieldset = z.strictObject({
  type: z.literal('fieldset'),
  name: fieldName,
  label: text,
  help: text.optional(),
  when: condition.optional(),
  fields: z.array(inputField).min(1),
});
const field = z.discriminatedUnion('type', [...inputFieldTypes, fieldset]);

export type InputFieldDefinition = z.infer<typeof inputField>;
export type FieldsetDefinition = z.infer<typeof fieldset>;
export type FieldDefinition = z.infer<typeof field>;

export const formDefinitionSchema = z.strictObject({
  title: text,
  /** A sentence under the title: what the form is for, who reads it, when to expect an answer. */
  intro: text.optional(),
  /**
   * The words of the link to the form at the top of its page and in "On this page" ("Write to
   * us"); the title when absent.
   */
  link: text.optional(),
  submit: text,
  /** Notification e-mail to the operator (through SMTP_URL); it carries no personal data. */
  notify: z.strictObject({ to: z.array(z.email()).min(1) }).optional(),
  /**
   * Days a submission and its files are kept, then deleted by the server's scheduled sweep
   * (server/forms/retention.ts); DEFAULT_RETENTION_DAYS when absent.
   */
  retentionDays: z.number().int().min(1).max(3650).optional(),
  /**
   * The 201 carries a follow-up code: the visitor reads the desk's answers and writes back on
   * the follow-up page with the reference and the code (issue 41, ADR 0030).
   */
  followUp: z.boolean().optional(),
  /**
   * The follow-up page's reply form: its uploads become a reply's files; it is never a
   * submission of its own (POST /api/forms/:id answers 404).
   */
  replyOnly: z.boolean().optional(),
  fields: z.array(field).min(1),
});
export type FormDefinition = z.infer<typeof formDefinitionSchema> & { id: string };

export { DEFAULT_RETENTION_DAYS } from './retention-days.ts';

/** "10 MB" → bytes (1 MB = 1,048,576 bytes). */
export function parseSize(size: string): number {
  const match = SIZE.exec(size);
  if (!match) return Number.NaN;
  return Math.round(Number(match[1]) * (match[2] === 'MB' ? 1024 * 1024 : 1024));
}
