// What a zod schema says of itself, read from its definition: its checks' bounds, patterns and
// messages, its description, whether it takes ''. The walk (zod-fields.ts) turns these into a
// field's bounds, pattern and hint.
import { z } from 'zod';

type Check = z.core.$ZodCheck;

/** The checks a schema was given (`.min()`, `.regex()`, …). */
const checksOf = (schema: z.core.$ZodType): Check[] => schema._zod.def.checks ?? [];

/** The message a check was given in the schema (`.regex(re, 'message')`), when there is one. */
function messageOf(check: Check): string | undefined {
  // The check's own type narrows the map to its issue; any issue will do to read a fixed message.
  const error = check._zod.def.error as z.core.$ZodErrorMap | undefined;
  if (!error) return undefined;
  // The schema's message does not depend on the issue: call it with a minimal one.
  const result = error({ code: 'custom', input: undefined });
  if (typeof result === 'string') return result;
  return result?.message;
}

/** Bounds of a string or array: minimum and maximum length from its checks. */
export function lengthsOf(schema: z.core.$ZodType): { min?: number; max?: number } {
  const bounds: { min?: number; max?: number } = {};
  for (const check of checksOf(schema)) {
    const def = check._zod.def as z.core.$ZodCheckDef & { minimum?: number; maximum?: number };
    if (def.check === 'min_length' && def.minimum !== undefined) bounds.min = def.minimum;
    if (def.check === 'max_length' && def.maximum !== undefined) bounds.max = def.maximum;
    if (def.check === 'length_equals') {
      const length = (def as { length?: number }).length;
      if (length !== undefined) bounds.min = bounds.max = length;
    }
  }
  return bounds;
}

/** The regular expressions a string must match, each with its message. */
export function patternsOf(
  schema: z.core.$ZodType,
): { pattern: RegExp; message: string | undefined }[] {
  return checksOf(schema).flatMap((check) => {
    const def = check._zod.def as z.core.$ZodCheckDef & { format?: string; pattern?: RegExp };
    return def.check === 'string_format' && def.format === 'regex' && def.pattern
      ? [{ pattern: def.pattern, message: messageOf(check) }]
      : [];
  });
}

/** The description given with `.describe()` or `.meta()`, shown under the field. */
export function hintOf(schema: z.core.$ZodType): { hint?: string } {
  const description = z.globalRegistry.get(schema)?.description;
  return description ? { hint: description } : {};
}

/** Whether a string schema takes '' (no minimum length, pattern or format): `z.string()` alone. */
export function acceptsEmptyString(schema: z.core.$ZodType): boolean {
  if (schema._zod.def.type !== 'string') return false;
  if ((schema._zod.def as { format?: string }).format !== undefined) return false;
  const { min } = lengthsOf(schema);
  return (
    (min === undefined || min < 1) &&
    patternsOf(schema).length === 0 &&
    checksOf(schema).every((check) => (check._zod.def as { format?: string }).format === undefined)
  );
}
