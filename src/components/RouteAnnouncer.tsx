// Tells screen-reader users that a client navigation finished: "Navigated to {title}", and moves
// focus to the new content (docs/runtime.md "During and after a navigation"). Where the reader is
// (path, and page or error view) is remembered above the page views, so a freshly mounted layout
// (the error page, or the page "Try again" brings back) still counts as an arrival. Not on the
// first load: the browser announces that.
import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** What the reader sees at a path: the page, or the error page in its place. */
export type View = 'page' | 'error';

interface Shown {
  path: string;
  view: View;
}
interface Announcement {
  text: string;
  lang: string;
  /** Counts announcements, so that the same words said twice are read twice. */
  count: number;
}
interface AnnouncerValue {
  /** Notes what the reader now sees; true when it is another place than before (not the first). */
  note: (path: string, view: View) => boolean;
  announce: (text: string, lang: string) => void;
}

const AnnouncerContext = createContext<AnnouncerValue | null>(null);

/** The live region of navigation announcements, kept across page and error views. */
export function RouteAnnouncer({ children }: { children: ReactNode }) {
  const shown = useRef<Shown | null>(null);
  const [announcement, setAnnouncement] = useState<Announcement>({ text: '', lang: '', count: 0 });
  const value = useMemo(
    () => ({
      note: (path: string, view: View) => {
        const previous = shown.current;
        shown.current = { path, view };
        return previous !== null && (previous.path !== path || previous.view !== view);
      },
      announce: (text: string, lang: string) => {
        setAnnouncement((previous) => ({ text, lang, count: previous.count + 1 }));
      },
    }),
    [],
  );
  return (
    <AnnouncerContext.Provider value={value}>
      {children}
      <div
        className="visually-hidden"
        aria-live="assertive"
        aria-atomic="true"
        data-testid="route-announcer"
      >
        {announcement.text ? (
          <span key={announcement.count} lang={announcement.lang}>
            {announcement.text}
          </span>
        ) : null}
      </div>
    </AnnouncerContext.Provider>
  );
}

/**
 * Calls `arrive` after the reader arrives at another path, or at the same path in another view;
 * then announces the words `announcement` returns one frame later, when the new page and its
 * title are in the document. Nothing on the first load, nor on query or hash changes.
 */
export function useArrival(
  path: string,
  view: View,
  arrive: () => void,
  announcement: () => { text: string; lang: string },
): void {
  const context = useContext(AnnouncerContext);
  if (!context) throw new Error('useArrival must be used inside a RouteAnnouncer');
  const { note, announce } = context;
  const onArrival = useEffectEvent(() => {
    arrive();
    // Not cancelled on unmount: the announcer outlives this view, and must still speak when the
    // view is replaced at once (a development re-mount, the error page).
    requestAnimationFrame(() => {
      const { text, lang } = announcement();
      announce(text, lang);
    });
  });
  useEffect(() => {
    if (note(path, view)) onArrival();
  }, [path, view, note]);
}
