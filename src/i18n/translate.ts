// ICU message formatting (FormatJS) for the chrome catalogs in src/i18n/messages.
import { IntlMessageFormat } from 'intl-messageformat';
import type en from './messages/en.json';

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A translate function for one language; compiled messages are cached per translator. */
export function createTranslator(lang: string, messages: Messages): Translate {
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
