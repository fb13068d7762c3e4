// The filter of a list as its URL query states it, read only after hydration (the prerendered
// HTML shows the unfiltered list), and "today" in Brussels at the moment the reader filters.
import { useMemo } from 'react';
import { useLocation, useNavigate } from '../router/RouterProvider.tsx';
import { todayInBrussels } from '../../i18n/brussels-time.ts';
import type { ListingInfo } from '../../routes/page-data.ts';
import { useHydrated } from '../useHydrated.ts';
import {
  draftFromQuery,
  isFiltered,
  pageFromQuery,
  queryOf,
  validateDraft,
  type Filter,
} from './listing-query.ts';

/** The list's filter, errors and page from the URL, and a function that applies a new filter. */
export function useListingQuery(info: ListingInfo) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const search = hydrated ? location.search : '';
  const state = useMemo(() => {
    const params = new URLSearchParams(search);
    const urlDraft = draftFromQuery(params);
    const options = {
      topics: info.topics.map((topic) => topic.id),
      sources: info.sources.map((source) => source.id),
    };
    const { filter, errors } = validateDraft(urlDraft, options);
    return { urlDraft, filter, errors, page: pageFromQuery(params) };
  }, [search, info]);
  const filtered = isFiltered(state.filter);
  return {
    ...state,
    hydrated,
    search,
    filtered,
    // Before hydration, the day of the build, as in the prerendered HTML.
    today: hydrated ? todayInBrussels() : info.builtOn,
    /** Shows the list with a new filter: a new history entry, same scroll position. */
    apply: (filter: Filter) => {
      const target = location.pathname + queryOf(filter);
      if (target === location.pathname + location.search) return;
      void navigate(target, { preventScrollReset: true });
    },
  };
}
