// Hydration in pieces (issue 48). React 19 leaves a Suspense boundary of the prerendered HTML in
// place during the page's first hydration pass and hydrates it afterwards, in a render of its own
// that yields to the browser; a tap inside a boundary not yet hydrated hydrates that one first.
// `Piece` is such a boundary (header, main content, footer). `HydrateLater` is one whose
// hydration also waits until the browser is idle or the reader's first input, for what is below
// the fold ("Was this page useful?", the sources, the contact strip and footer). In the
// prerender and after the first load both render at once.
import { Suspense, use, useEffect, useId, type ReactNode } from 'react';
import { whenIdle } from '../runtime/when-idle.ts';

type Gate = Promise<void>;
/** A promise React reads as fulfilled at once (`use` does not suspend on it). */
const ready: Gate = Object.assign(Promise.resolve(), { status: 'fulfilled' });
let gate: Gate | undefined;
const opened = (): Gate => {
  if (gate) return gate;
  const promise: Gate = new Promise<void>((resolve) => {
    // Marked fulfilled when it opens, so a part rendered afterwards never suspends on it.
    whenIdle(() => {
      (promise as Gate & { status?: string }).status = 'fulfilled';
      resolve();
    });
  });
  return (gate = promise);
};

/** Boundaries by id: of the first load not hydrated yet; rendered; rendered again; hydrated. */
const waiting = new Set<string>();
const rendered = new Set<string>();
const renderedAgain = new Set<string>();
const hydrated = new Set<string>();
let onAllHydrated: (() => void) | undefined;
let firstLoad = true;
// Not a hook: a hook that changes after hydration (useHydrated) would re-render the boundaries
// from outside before they hydrate, and React would then render them anew, without their HTML.
const inBrowser = () => typeof window !== 'undefined';

/** Holds the boundary until the gate opens; first in it, so that nothing after renders before. */
function Gate({ id, later }: { id: string; later: boolean }) {
  // Read at render time, not from props: React hydrates a boundary with the props it had.
  use(later && inBrowser() && !renderedAgain.has(id) ? opened() : ready);
  return null;
}

/** Notes the boundary hydrated; last in it, so that its effect follows its content's. */
function Marker({ id }: { id: string }) {
  useEffect(() => {
    hydrated.add(id);
    if (!waiting.delete(id) || waiting.size > 0) return;
    firstLoad = false;
    onAllHydrated?.();
    onAllHydrated = undefined;
  }, [id]);
  return null;
}

function Boundary({ later, children }: { later: boolean; children: ReactNode }) {
  const id = useId();
  // This component is outside the boundary: it renders in the first pass, its content later.
  // It may render again before its content hydrates, and after.
  if (firstLoad && inBrowser() && !hydrated.has(id)) waiting.add(id);
  // Rendered again before its content hydrated (the page above it updated), a boundary must
  // hydrate at once: React would otherwise drop its HTML and render it anew, empty until the
  // gate opens. In the prerender and once the gate is open nothing waits either.
  if (inBrowser()) (rendered.has(id) ? renderedAgain : rendered).add(id);
  // The gate first: while it waits, React renders nothing after it, so a deferred part inside
  // (src/components/deferred.ts) fetches its chunk when the gate opens, not before.
  return (
    <Suspense fallback={null}>
      <Gate id={id} later={later} />
      {children}
      <Marker id={id} />
    </Suspense>
  );
}

/** A part of the page that React hydrates on its own, after the first pass. */
export function Piece({ children }: { children: ReactNode }) {
  return <Boundary later={false}>{children}</Boundary>;
}

/** A part below the fold: hydrated when the browser is idle or after the first input. */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Boundary later>{children}</Boundary>;
}

/** Calls `callback` once every piece of the page has hydrated (at once when none waits). */
export function whenAllHydrated(callback: () => void): void {
  if (waiting.size === 0) {
    firstLoad = false;
    callback();
  } else onAllHydrated = callback;
}
