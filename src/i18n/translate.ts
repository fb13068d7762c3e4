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

/** A translate function for one language; formatters are cached per translator. */
export function createTranslator(lang: string, messages: Messages | CompiledMessages): Translate {
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
