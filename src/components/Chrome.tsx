// The chrome context: the current language's static-query data (menus, texts) and a translator.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { StaticQueryData } from '../routes/page-data.ts';
import { createTranslator, type Translate } from '../i18n/translate.ts';

interface ChromeValue {
  chrome: StaticQueryData;
  t: Translate;
}

const ChromeContext = createContext<ChromeValue | null>(null);

/** Provides the chrome data of one language to the components below. */
export function ChromeProvider({
  chrome,
  children,
}: {
  chrome: StaticQueryData;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ chrome, t: createTranslator(chrome.language, chrome.messages) }),
    [chrome],
  );
  return <ChromeContext.Provider value={value}>{children}</ChromeContext.Provider>;
}

/** The chrome data and translator of the current page. */
export function useChrome(): ChromeValue {
  const value = useContext(ChromeContext);
  if (!value) throw new Error('useChrome must be used inside a ChromeProvider');
  return value;
}
