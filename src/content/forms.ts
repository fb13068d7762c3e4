// Form definitions (content/forms/{id}.yaml): read, validate and check field by field, so a
// mistake fails the build with the file and the field named.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import {
  formDefinitionSchema,
  type FieldDefinition,
  type FormDefinition,
} from '../forms/definition.ts';
import { typesetTexts } from '../i18n/typography.ts';

const FILE_NAME = /^([a-z][a-z0-9-]*)\.yaml$/;
// Names the service uses itself next to the fields (honeypot, proof of work, language), and the
// names every JavaScript object already has ("constructor", "toString" …): as field names they
// would read as inherited methods wherever a value is looked up by name.
const RESERVED = new Set([
  'website',
  'altcha',
  'lang',
  'values',
  ...Object.getOwnPropertyNames(Object.prototype),
]);

/** "fields[2] (email) → label.de" for an issue path inside a definition. */
function describePath(path: readonly PropertyKey[], front: unknown): string {
  const parts: string[] = [];
  let node: unknown = front;
  for (const key of path) {
    node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : node;
    if (typeof key === 'number') {
      const name = node && typeof node === 'object' ? (node as { name?: unknown }).name : undefined;
      const last = parts.pop() ?? '';
      parts.push(`${last}[${key}]${typeof name === 'string' ? ` (field "${name}")` : ''}`);
    } else {
      parts.push(String(key));
    }
  }
  return parts.join('.').replaceAll('.[', '[') || '(top level)';
}

function formatIssues(file: string, error: z.ZodError, front: unknown): string {
  return error.issues
    .map((issue) => `${file}: ${describePath(issue.path, front)}: ${issue.message}`)
    .join('\n');
}

/** Cross-field rules the schema cannot express; each problem names the field. */
function checkFields(definition: FormDefinition): string[] {
  const problems: string[] = [];
  const seen = new Map<string, FieldDefinition>();
  const visit = (fields: FieldDefinition[], where: string) => {
    fields.forEach((field, index) => {
      const at = `${where}[${index}] (field "${field.name}")`;
      if (RESERVED.has(field.name)) problems.push(`${at}: the name "${field.name}" is reserved`);
      if (seen.has(field.name)) problems.push(`${at}: another field is also named "${field.name}"`);
      if (field.when) {
        const controller = seen.get(field.when.field);
        if (!controller) {
          problems.push(`${at}: when.field "${field.when.field}" is not an earlier field`);
        } else if (field.when.equals === true) {
          if (controller.type !== 'checkbox') {
            problems.push(`${at}: when.equals true needs a checkbox, "${controller.name}" is not`);
          }
        } else if (!('options' in controller)) {
          problems.push(`${at}: when.field "${controller.name}" has no options to compare with`);
        } else {
          const values = controller.options.map((option) => option.value);
          const wanted = Array.isArray(field.when.equals) ? field.when.equals : [field.when.equals];
          for (const value of wanted) {
            if (!values.includes(value)) {
              problems.push(
                `${at}: when.equals "${value}" is not an option of "${controller.name}"`,
              );
            }
          }
        }
      }
      seen.set(field.name, field);
      if ('options' in field) {
        const values = field.options.map((option) => option.value);
        const duplicate = values.find((value, i) => values.indexOf(value) !== i);
        if (duplicate) problems.push(`${at}: option value "${duplicate}" appears twice`);
      }
      if (
        'minLength' in field &&
        field.minLength &&
        field.maxLength &&
        field.minLength > field.maxLength
      ) {
        problems.push(`${at}: minLength is larger than maxLength`);
      }
      if (
        (field.type === 'number' || field.type === 'date') &&
        field.min !== undefined &&
        field.max !== undefined &&
        field.min > field.max
      ) {
        problems.push(`${at}: min is larger than max`);
      }
      if (
        field.type === 'file' &&
        field.maxFiles !== undefined &&
        !field.multiple &&
        field.maxFiles > 1
      ) {
        problems.push(`${at}: maxFiles needs multiple: true`);
      }
      if (field.type === 'fieldset') visit(field.fields, `${at}.fields`);
    });
  };
  visit(definition.fields, 'fields');
  return problems;
}

/** Parses one definition; errors name the file and the field. */
export function parseFormDefinition(file: string, source: string): FormDefinition {
  const name = file.split('/').pop() ?? file;
  const id = FILE_NAME.exec(name)?.[1];
  if (!id) throw new Error(`${file}: file name must be {id}.yaml, the id in lowercase words`);
  let front: unknown;
  try {
    front = parse(source);
  } catch (error) {
    throw new Error(
      `${file}: not valid YAML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const result = formDefinitionSchema.safeParse(front);
  if (!result.success) throw new Error(formatIssues(file, result.error, front));
  // Labels and help in each language's typography, as the page and the desk's e-mails show them.
  const definition: FormDefinition = { ...typesetTexts(result.data), id };
  const problems = checkFields(definition);
  if (problems.length > 0)
    throw new Error(problems.map((problem) => `${file}: ${problem}`).join('\n'));
  return definition;
}

/** Loads every form definition of a directory by id (none when it does not exist). */
export function loadForms(dir: string): Record<string, FormDefinition> {
  if (!existsSync(dir)) return {};
  const forms: Record<string, FormDefinition> = {};
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.yaml')) continue;
    const file = join(dir, name);
    const form = parseFormDefinition(file, readFileSync(file, 'utf8'));
    forms[form.id] = form;
  }
  return forms;
}
