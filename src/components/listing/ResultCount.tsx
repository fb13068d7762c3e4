// The number of items a filter found. Screen readers hear it from a polite live region; when
// the query changes, that region is cleared for a moment and written again, so the count is
// announced even when the number is the same as before. The visible copy does not flicker.
import { useEffect, useState } from 'react';

const REWRITE_DELAY_MS = 150;

export function ResultCount({ text, query }: { text: string; query: string }) {
  const [announcedQuery, setAnnouncedQuery] = useState(query);
  const [blank, setBlank] = useState(false);
  if (announcedQuery !== query) {
    setAnnouncedQuery(query);
    setBlank(true);
  }
  useEffect(() => {
    if (!blank) return;
    const timer = setTimeout(() => {
      setBlank(false);
    }, REWRITE_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [blank]);
  return (
    <>
      <p className="listing__count" aria-hidden="true" data-testid="listing-count">
        {text}
      </p>
      <p className="visually-hidden" role="status">
        {blank ? '' : text}
      </p>
    </>
  );
}
