// ICU message formatting (FormatJS) for the chrome catalogs in src/i18n/messages. The browser gets
// messages precompiled to ICU syntax trees, so its bundle carries no message parser.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type en from './messages/en.json';

export type MessageKey = keyof typeof en;
/** A catalog as written: ICU message strings. */
export type Messages = Record<MessageKey, string>;
/** A catalog as shipped to the browser: parsed ICU syntax trees. */
export type CompiledMessages = Record<MessageKey, MessageFormatElement[]>;
export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

// One translator per catalog object and language: the prerender renders thousands of pages with
// the same catalog, and parsing its messages again for each page was a tenth of a worker's time.
const translators = new WeakMap<Messages | CompiledMessages, Map<string, Translate>>();

/** A translate function for one language; its formatters are made once per catalog. */
export function createTranslator(lang: string, messages: Messages | CompiledMessages): Translate {
  let byLanguage = translators.get(messages);
  if (!byLanguage) {
    byLanguage = new Map();
    translators.set(messages, byLanguage);
  }
  let translate = byLanguage.get(lang);
  if (!translate) {
    translate = formatterFor(lang, messages);
    byLanguage.set(lang, translate);
  }
  return translate;
}

function formatterFor(lang: string, messages: Messages | CompiledMessages): Translate {
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  return (key, values) => {
    let format = compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(messages[key], lang);
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
}
