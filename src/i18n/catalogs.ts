// All four chrome catalogs, for the build; the browser receives its language's catalog as
// static-query data instead of bundling them.
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import nl from './messages/nl.json' with { type: 'json' };
import type { LocaleId } from './locales.ts';
import type { Messages } from './translate.ts';

export const catalogs: Record<LocaleId, Messages> = { nl, fr, de, en };
