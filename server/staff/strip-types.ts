// The passkey script is TypeScript, served as JavaScript by Node's own type stripping
// (node:module stripTypeScriptTypes, ADR 0014). Node flags that function as experimental with a
// warning on standard error at start, which `npm start` should not print among the addresses;
// only that one warning is left out, during that one synchronous call.
import { stripTypeScriptTypes } from 'node:module';

/** `source` without its type annotations, as Node strips them. */
export function stripTypes(source: string): string {
  const descriptor = Object.getOwnPropertyDescriptor(process, 'emitWarning');
  process.emitWarning = () => undefined;
  try {
    return stripTypeScriptTypes(source);
  } finally {
    if (descriptor) Object.defineProperty(process, 'emitWarning', descriptor);
  }
}
