// All four chrome catalogs, for the build; the browser receives its language's catalog as
// static-query data instead of bundling them.
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import nl from './messages/nl.json' with { type: 'json' };
import type { LocaleId } from './locales.ts';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { CompiledMessages, Messages } from './translate.ts';
import { typesetMessage } from './typography.ts';

const written: Record<LocaleId, Messages> = { nl, fr, de, en };

/** The catalogs in each language's typography (apostrophes, French spaces), as readers see them. */
export const catalogs = Object.fromEntries(
  (Object.entries(written) as [LocaleId, Messages][]).map(([lang, messages]) => [
    lang,
    Object.fromEntries(
      Object.entries(messages).map(([key, message]) => [key, typesetMessage(message, lang)]),
    ),
  ]),
) as Record<LocaleId, Messages>;

/** Parses every message of a catalog once, at build time. */
export function compileCatalog(messages: Messages): CompiledMessages {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => [key, parse(message)]),
  ) as CompiledMessages;
}
