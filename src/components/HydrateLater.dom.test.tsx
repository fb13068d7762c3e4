// A part below the fold keeps its prerendered HTML through the page's hydration and hydrates
// when the browser is idle or after the first input; "hydrated" is said once it has (issue 48).
import { act, startTransition, useEffect, useState, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
beforeEach(() => {
  vi.resetModules();
  // jsdom has no requestIdleCallback: the fallback (200 ms) stands for idle time.
  vi.useFakeTimers();
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** Renders as the prerender does: in Node, where there is no window. */
function prerender(element: ReactElement): string {
  vi.stubGlobal('window', undefined);
  try {
    return renderToString(element);
  } finally {
    vi.unstubAllGlobals();
  }
}

/** Prerenders a page with one part that hydrates later, then hydrates it as the app does. */
async function hydratePage() {
  const { HydrateLater, Piece, whenAllHydrated } = await import('./HydrateLater.tsx');
  const seen: string[] = [];
  function Part() {
    const [count, setCount] = useState(0);
    useEffect(() => {
      seen.push('part hydrated');
    }, []);
    return (
      <button
        type="button"
        onClick={() => {
          setCount(count + 1);
        }}
      >
        Was this page useful? {count}
      </button>
    );
  }
  function Heading() {
    useEffect(() => {
      seen.push('heading hydrated');
    }, []);
    return <h1>First steps</h1>;
  }
  function Page() {
    useEffect(() => {
      seen.push('page hydrated');
      whenAllHydrated(() => seen.push('all hydrated'));
    }, []);
    return (
      <>
        <Piece>
          <Heading />
        </Piece>
        <HydrateLater>
          <Part />
        </HydrateLater>
      </>
    );
  }
  const container = document.createElement('div');
  container.innerHTML = prerender(<Page />);
  document.body.append(container);
  const html = container.innerHTML;
  await act(async () => {
    startTransition(() => {
      root = hydrateRoot(container, <Page />);
    });
    await vi.advanceTimersByTimeAsync(0);
  });
  return { seen, html, container, Page };
}

it('renders the part in the prerender, inside a Suspense boundary', async () => {
  const { HydrateLater } = await import('./HydrateLater.tsx');
  expect(prerender(<HydrateLater>Sources</HydrateLater>)).toBe('<!--$-->Sources<!--/$-->');
});

it('hydrates the page, then its pieces, then the part below the fold when the browser is idle', async () => {
  const { seen, html, container } = await hydratePage();
  expect(seen).toEqual(['page hydrated', 'heading hydrated']);
  expect(container.innerHTML).toBe(html);
  await act(() => vi.advanceTimersByTimeAsync(199));
  expect(seen).toEqual(['page hydrated', 'heading hydrated']);
  await act(() => vi.advanceTimersByTimeAsync(1));
  expect(seen).toEqual(['page hydrated', 'heading hydrated', 'part hydrated', 'all hydrated']);
  act(() => container.querySelector('button')?.click());
  expect(container.querySelector('button')?.textContent).toBe('Was this page useful? 1');
});

it('hydrates the part after the first input, before the browser is idle', async () => {
  const { seen } = await hydratePage();
  await act(async () => {
    document.dispatchEvent(new KeyboardEvent('keydown'));
    await vi.advanceTimersByTimeAsync(0);
  });
  expect(seen).toEqual(['page hydrated', 'heading hydrated', 'part hydrated', 'all hydrated']);
});

it('hydrates the part at once, its HTML kept, when the page above it renders again before idle', async () => {
  const { seen, html, container, Page } = await hydratePage();
  await act(async () => {
    root?.render(<Page />);
    await vi.advanceTimersByTimeAsync(0);
  });
  expect(seen).toEqual(['page hydrated', 'heading hydrated', 'part hydrated', 'all hydrated']);
  expect(container.innerHTML).toBe(html);
});
