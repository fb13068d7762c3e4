// A search form: a GET form to the language's search page, so it works without JavaScript;
// with JavaScript it navigates in the app. The query lives in the URL (?q=). The field's focus
// starts loading the language's search index, and typing the index chunks of the words, so that
// the first search does not wait for them (src/runtime/search-client.ts, loaded then: it is not
// in every page's JavaScript).
import { useId, type SubmitEvent } from 'react';
import { useNavigate } from './router/RouterProvider.tsx';
import { useChrome } from './Chrome.tsx';
import { searchPath } from '../routes/url-rules.ts';

interface SearchFormProps {
  /** The query to show in the field. */
  query?: string;
  /** A message tied to the field (the required-term error). */
  error?: string;
  className?: string;
}

/** The search client, loaded the first time a search field is used. */
const searchClient = () => import('../runtime/search-client.ts');

export function SearchForm({ query = '', error, className }: SearchFormProps) {
  const { chrome, t } = useChrome();
  const navigate = useNavigate();
  const id = useId();
  const action = searchPath(chrome.language);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    void navigate(`${action}?q=${encodeURIComponent(typeof value === 'string' ? value : '')}`);
  };

  return (
    <form
      role="search"
      action={action}
      method="get"
      className={className}
      onSubmit={onSubmit}
      noValidate
    >
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        // A new query from the URL replaces what the field shows.
        key={query}
        id={`${id}-q`}
        name="q"
        type="search"
        defaultValue={query}
        onFocus={() => {
          void searchClient().then((client) => {
            client.warmUpSearch(chrome.language);
          });
        }}
        onInput={(event) => {
          const typed = event.currentTarget.value;
          void searchClient().then((client) => {
            client.preloadSearch(chrome.language, typed);
          });
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit">{t('search.button')}</button>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
