// How long submissions are kept when a form does not say: its own module, so that the browser's
// form code (local-form.ts) reads it without zod (definition.ts).

/** How long submissions are kept when a form does not say (the privacy page says it too). */
export const DEFAULT_RETENTION_DAYS = 180;
