// Turns a zod schema into the CMS's field list by walking it, so that a field added to a schema
// appears in the editor and a kind of field the walk does not know stops generation.
import { z } from 'zod';
import { acceptsEmptyString, hintOf, lengthsOf, patternsOf } from './zod-checks.ts';

/** The widgets the generated configuration uses (Sveltia CMS, Decap-compatible names). */
export type Widget =
  | 'string'
  | 'text'
  | 'markdown'
  | 'datetime'
  | 'boolean'
  | 'number'
  | 'select'
  | 'list'
  | 'object'
  | 'hidden';

/** One object type of a list or object whose items carry a discriminator (`typeKey`). */
export interface VariableType {
  name: string;
  label: string;
  widget: 'object';
  fields: CmsField[];
}

/** A field of the CMS configuration, as it is written to YAML. */
export interface CmsField {
  name: string;
  label: string;
  widget: Widget;
  required?: boolean;
  hint?: string;
  i18n?: boolean | 'duplicate';
  pattern?: [string, string];
  type?: 'date' | 'url' | 'email';
  format?: string;
  options?: (string | { label: string; value: string })[];
  multiple?: boolean;
  min?: number;
  max?: number;
  value_type?: 'int' | 'float';
  minlength?: number;
  maxlength?: number;
  default?: string | number | boolean;
  field?: CmsField;
  fields?: CmsField[];
  types?: VariableType[];
  typeKey?: string;
  /** The formatting buttons of a Markdown field's toolbar. */
  buttons?: readonly string[];
}

/** Where the walk is: the schema's name and the field's path, for overrides and messages. */
export interface FieldContext {
  schema: string;
  /** Dotted path; `[]` marks the items of a list, such as `sources[].id`. */
  path: string;
  name: string;
  label: string;
}

/**
 * Fields the walk alone cannot map well, by `{schema}.{path}`: an id that must be one of the
 * taxonomy's, or a value no widget can write. Each returns the field, told where it is and given
 * what the walk makes of it (`walked` throws where the walk cannot map the field).
 */
export type FieldOverrides = Readonly<
  Record<string, (context: FieldContext, walked: () => CmsField) => CmsField>
>;

/** What the walk needs besides the schema. */
export interface WalkOptions {
  overrides?: FieldOverrides;
}

/** "administrationName" → "Administration name": a readable label from a key. */
export function labelOf(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const fail = (context: FieldContext, reason: string): never => {
  throw new Error(
    `${context.schema}: field "${context.path}" has no widget: ${reason}. Map it in src/cms/zod-fields.ts, or give it an override in src/cms/cms-config.ts.`,
  );
};

/** "https?" → "http:// or https://": the protocols a URL schema allows, for its message. */
const schemeText = (scheme: string): string =>
  /^[a-z]+\?$/.test(scheme)
    ? `${scheme.slice(0, -2)}:// or ${scheme.slice(0, -1)}://`
    : `${scheme}://…`;

/** A string field: a date picker, a web address, an e-mail address, or text with its pattern. */
function stringField(
  def: z.core.$ZodStringDef,
  schema: z.core.$ZodType,
  base: CmsField,
  context: FieldContext,
): CmsField {
  const format = (def as { format?: string }).format;
  if (format === 'date') return { ...base, widget: 'datetime', type: 'date', format: 'YYYY-MM-DD' };
  const { min, max } = lengthsOf(schema);
  const field: CmsField = {
    ...base,
    widget: 'string',
    ...(min !== undefined && min > 1 ? { minlength: min } : {}),
    ...(max !== undefined ? { maxlength: max } : {}),
  };
  if (format === 'email') return { ...field, type: 'email' };
  if (format === 'url') {
    const protocol = (def as { protocol?: RegExp }).protocol;
    if (!protocol) return { ...field, type: 'url' };
    const scheme = protocol.source.replace(/^\^/, '').replace(/\$$/, '');
    return {
      ...field,
      type: 'url',
      // The same rule as the schema's protocol option, so the editor refuses an http:// address too.
      pattern: [
        `^(?:${scheme})://\\S+$`,
        `${base.label}: a full web address (${schemeText(scheme)})`,
      ],
    };
  }
  if (format !== undefined) fail(context, `zod string format "${format}" is not mapped`);
  const patterns = patternsOf(schema);
  if (patterns.length > 1) fail(context, 'more than one pattern');
  const [first] = patterns;
  if (!first) return field;
  const message = first.message ?? `must match ${first.pattern.source}`;
  return { ...field, pattern: [first.pattern.source, `${base.label}: ${message}`] };
}

/** A number field: integer or not, with the schema's bounds. */
function numberField(def: z.core.$ZodNumberDef, base: CmsField): CmsField {
  const formats = [
    (def as { format?: string }).format,
    ...(def.checks ?? []).map((check) => (check._zod.def as { format?: string }).format),
  ];
  const int = formats.some((format) => format === 'safeint' || format === 'int32');
  const field: CmsField = { ...base, widget: 'number', value_type: int ? 'int' : 'float' };
  for (const check of def.checks ?? []) {
    const bound = check._zod.def as z.core.$ZodCheckDef & { value?: unknown; inclusive?: boolean };
    if (typeof bound.value !== 'number') continue;
    // An exclusive bound on integers is the next integer; on decimals the editor can only approximate.
    const step = bound.inclusive || !int ? 0 : 1;
    if (bound.check === 'greater_than') field.min = bound.value + step;
    if (bound.check === 'less_than') field.max = bound.value - step;
  }
  return field;
}

/** The object types of a discriminated union, without the discriminator (the CMS writes it). */
function variableTypes(
  options: readonly z.core.$ZodType[],
  discriminator: string,
  context: FieldContext,
  walk: WalkOptions,
): VariableType[] {
  return options.map((option) => {
    const def = option._zod.def;
    if (def.type !== 'object') return fail(context, 'a discriminated union of non-objects');
    const objectDef = def as z.core.$ZodObjectDef;
    const tag = objectDef.shape[discriminator];
    const values =
      tag?._zod.def.type === 'literal'
        ? (tag._zod.def as z.core.$ZodLiteralDef<string>).values
        : [];
    const [name] = values;
    if (typeof name !== 'string')
      return fail(context, `a union member without a string "${discriminator}"`);
    const shape = Object.fromEntries(
      Object.entries(objectDef.shape).filter(([key]) => key !== discriminator),
    );
    return {
      name,
      label: labelOf(name),
      widget: 'object' as const,
      fields: fieldsOfShape(shape, context.schema, context.path, walk),
    };
  });
}

/**
 * The fields of a union of objects with no discriminator (a source by id, or by URL and title):
 * every branch's fields, required only when every branch requires them. The build checks which
 * combination is allowed; the editor cannot.
 */
function mergedObjectFields(
  options: readonly z.core.$ZodType[],
  context: FieldContext,
  walk: WalkOptions,
): CmsField[] {
  const byName = new Map<string, { field: CmsField; count: number }>();
  for (const option of options) {
    if (option._zod.def.type !== 'object')
      return fail(context, 'a union of objects and non-objects');
    const shape = (option._zod.def as z.core.$ZodObjectDef).shape;
    for (const field of fieldsOfShape(shape, context.schema, context.path, walk)) {
      const seen = byName.get(field.name);
      byName.set(field.name, {
        field: seen?.field ?? field,
        count: (seen?.count ?? 0) + (field.required === false ? 0 : 1),
      });
    }
  }
  return [...byName.values()].map(({ field, count }) => ({
    ...field,
    required: count === options.length,
  }));
}

/**
 * An optional field: not required, except a hidden one, which takes no `required` (Sveltia's
 * configuration schema refuses it, and the CMS then ignores it with a warning).
 */
const notRequired = (field: CmsField): CmsField =>
  field.widget === 'hidden' ? field : { ...field, required: false };

/** The field for one zod schema at `context`; throws, naming schema and field, on a kind it cannot map. */
export function fieldOf(
  schema: z.core.$ZodType,
  context: FieldContext,
  walk: WalkOptions = {},
): CmsField {
  const override = walk.overrides?.[`${context.schema}.${context.path}`];
  if (override) return override(context, () => mapField(schema, context, walk));
  return mapField(schema, context, walk);
}

/** The walk's own mapping of one schema, without overrides at this place. */
function mapField(schema: z.core.$ZodType, context: FieldContext, walk: WalkOptions): CmsField {
  const base: CmsField = {
    name: context.name,
    label: context.label,
    widget: 'string',
    required: true,
    ...hintOf(schema),
  };
  const def = schema._zod.def as z.core.$ZodTypes['_zod']['def'];
  switch (def.type) {
    // Wrappers are the same place: an override there has already been given its chance.
    case 'optional':
      return notRequired(mapField(def.innerType, context, walk));
    case 'default': {
      const inner = mapField(def.innerType, context, walk);
      const value: unknown = def.defaultValue;
      const kept = ['string', 'number', 'boolean'].includes(typeof value)
        ? { default: value as string | number | boolean }
        : {};
      return notRequired({ ...inner, ...kept });
    }
    case 'pipe':
      // A transform (a size such as "10 MB" to bytes) runs after the file is read: edit what is written.
      return mapField(def.in, context, walk);
    case 'string':
      return stringField(def, schema, base, context);
    case 'number':
      return numberField(def, base);
    case 'boolean':
      return { ...base, widget: 'boolean' };
    case 'enum':
      return { ...base, widget: 'select', options: Object.values(def.entries).map(String) };
    case 'literal': {
      const [value] = def.values;
      if (def.values.length !== 1 || !['string', 'number', 'boolean'].includes(typeof value))
        return fail(context, 'a literal with several or non-scalar values');
      // One allowed value: nothing to choose, the CMS writes it. A hidden field takes neither
      // `required` nor `hint` (Sveltia's config schema refuses them).
      return {
        name: base.name,
        label: base.label,
        widget: 'hidden',
        default: value as string | number | boolean,
      };
    }
    case 'object':
      return {
        ...base,
        widget: 'object',
        fields: fieldsOfShape(def.shape, context.schema, context.path, walk),
      };
    case 'array':
      return listField(def.element, schema, base, context, walk);
    case 'union': {
      const discriminator = (def as { discriminator?: string }).discriminator;
      if (discriminator)
        return {
          ...base,
          widget: 'object',
          types: variableTypes(def.options, discriminator, context, walk),
          typeKey: discriminator,
        };
      if (def.options.every((option) => option._zod.def.type === 'object'))
        return {
          ...base,
          widget: 'object',
          fields: mergedObjectFields(def.options, context, walk),
        };
      return fail(context, 'a union of values of different kinds');
    }
    default:
      return fail(context, `zod type "${def.type}" is not mapped`);
  }
}

/** A list: a multiple select for a list of choices, else a list of the element's field. */
function listField(
  element: z.core.$ZodType,
  schema: z.core.$ZodType,
  base: CmsField,
  context: FieldContext,
  walk: WalkOptions,
): CmsField {
  const { min, max } = lengthsOf(schema);
  const bounds = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
  const itemContext: FieldContext = { ...context, path: `${context.path}[]`, name: context.name };
  const item = fieldOf(element, itemContext, walk);
  if (item.widget === 'select')
    return {
      ...item,
      ...base,
      widget: 'select',
      multiple: true,
      options: item.options ?? [],
      ...bounds,
    };
  if (item.widget === 'object' && item.types)
    return {
      ...base,
      widget: 'list',
      types: item.types,
      ...(item.typeKey ? { typeKey: item.typeKey } : {}),
      ...bounds,
    };
  if (item.widget === 'object' && item.fields)
    return { ...base, widget: 'list', fields: item.fields, ...bounds };
  return { ...base, widget: 'list', field: item, ...bounds };
}

/** The fields of an object's shape, in the schema's order. */
export function fieldsOfShape(
  shape: Readonly<Record<string, z.core.$ZodType>>,
  schemaName: string,
  parentPath: string,
  walk: WalkOptions = {},
): CmsField[] {
  return Object.entries(shape).map(([key, value]) => {
    const context: FieldContext = {
      schema: schemaName,
      path: parentPath ? `${parentPath}.${key}` : key,
      name: key,
      label: labelOf(key),
    };
    // Sveltia leaves an empty field out of the file (output.omit_empty_optional_fields), and the
    // build refuses a missing key: an empty value must be optional or defaulted in the schema.
    if (acceptsEmptyString(value) && !walk.overrides?.[`${schemaName}.${context.path}`])
      fail(
        context,
        "it may be empty but must be present, and the editor leaves an empty field out: give it .default('') or .min(1)",
      );
    return fieldOf(value, context, walk);
  });
}

/** The fields of an object schema (a front matter, a settings file), walked from its shape. */
export function fieldsOf(
  schemaName: string,
  schema: z.core.$ZodType,
  walk: WalkOptions = {},
): CmsField[] {
  const def = schema._zod.def;
  if (def.type !== 'object') throw new Error(`${schemaName}: the schema is not an object`);
  return fieldsOfShape((def as z.core.$ZodObjectDef).shape, schemaName, '', walk);
}
