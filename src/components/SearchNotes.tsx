// What the search page says about how it searched: a word that found nothing and the word of the
// site searched instead, the words no page had together with the others, and "Did you mean …?"
// (a link to that search) when a word found little. Inside the results' status region, so a
// screen reader hears it with the count.
import type { LocaleId } from '../i18n/locales.ts';
import type { SiteSearchResult } from '../runtime/search/site-search.ts';
import { useChrome } from './Chrome.tsx';
import { Link } from './router/Link.tsx';

interface SearchNotesProps {
  result: SiteSearchResult;
  language: LocaleId;
}

export function SearchNotes({ result, language }: SearchNotesProps) {
  const { t } = useChrome();
  const quoted = (words: readonly string[]) =>
    new Intl.ListFormat(language, { type: 'conjunction' }).format(
      words.map((word) => t('search.quoted', { word })),
    );
  return (
    <>
      {result.corrections.map(({ typed, used }) => (
        <p key={typed} className="search-page__note">
          {t('search.corrected', { typed, used })}
        </p>
      ))}
      {result.leftOut.length > 0 ? (
        <p className="search-page__note">
          {t('search.leftOut', { words: quoted(result.leftOut) })}
        </p>
      ) : null}
      {result.suggestion ? (
        <p className="search-page__note">
          <Link to={`/${language}/search?q=${encodeURIComponent(result.suggestion)}`}>
            {t('search.didYouMean', { query: result.suggestion })}
          </Link>
        </p>
      ) : null}
    </>
  );
}
