// Links to the current page in the other languages, or to their home page when it has no
// translation. Native language names; the current one is marked with aria-current.
import { Link } from './router/Link.tsx';
import type { LangSlug } from '../routes/page-data.ts';
import { useChrome } from './Chrome.tsx';
import { INTENT_ONLY } from '../runtime/prefetch-intent.ts';

export function LanguageSwitch({ langSlugs }: { langSlugs: LangSlug[] }) {
  const { chrome, t } = useChrome();
  return (
    <nav className="language-switch" aria-label={t('nav.language')} {...{ [INTENT_ONLY]: '' }}>
      <ul>
        {chrome.locales.map((locale) => {
          const target = langSlugs.find((slug) => slug.language === locale.id)?.path ?? locale.path;
          const current = locale.id === chrome.language;
          return (
            <li key={locale.id}>
              <Link
                to={target}
                lang={locale.id}
                hrefLang={locale.hreflang}
                aria-current={current ? 'true' : undefined}
              >
                {locale.transName}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
