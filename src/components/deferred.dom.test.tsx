// A deferred part is prerendered in full once its chunk is loaded; in the browser its HTML stays
// until the chunk is there, then hydrates; a chunk that fails costs the part, not the page.
import { act, Suspense } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { deferred, loadDeferred } from './deferred.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** A chunk whose loading the test settles. */
function chunk() {
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  let loads = 0;
  const Part = ({ word }: { word: string }) => <button type="button">{word}</button>;
  const Component = deferred<{ word: string }>(() => {
    loads += 1;
    return new Promise((resolve, reject) => {
      settle = {
        resolve: () => {
          resolve(Part);
        },
        reject,
      };
    });
  });
  return { Component, settle: () => settle, loads: () => loads };
}

it('prerenders the part once every deferred chunk is loaded, and loads each once', async () => {
  const { Component, settle, loads } = chunk();
  const loading = loadDeferred();
  settle()?.resolve();
  await loading;
  await loadDeferred();
  expect(loads()).toBe(1);
  expect(renderToString(<Component word="Ja" />)).toBe('<button type="button">Ja</button>');
});

it('keeps the prerendered HTML until the chunk arrives, then hydrates it', async () => {
  const html = '<!--$--><button type="button">Oui</button><!--/$-->';
  const { Component, settle } = chunk();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const button = container.querySelector('button');
  await act(async () => {
    root = hydrateRoot(
      container,
      <Suspense fallback={null}>
        <Component word="Oui" />
      </Suspense>,
    );
    await Promise.resolve();
  });
  expect(container.innerHTML).toBe(html);
  await act(async () => {
    settle()?.resolve();
    await Promise.resolve();
  });
  // The same element, now React's.
  expect(container.querySelector('button')).toBe(button);
  expect(Object.keys(button ?? {}).some((key) => key.startsWith('__reactFiber'))).toBe(true);
});

it('renders nothing in place of a part whose chunk fails', async () => {
  const { Component, settle } = chunk();
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    const { createRoot } = await import('react-dom/client');
    root = createRoot(container);
    root.render(
      <main>
        <h1>Page</h1>
        <Suspense fallback={null}>
          <Component word="Nee" />
        </Suspense>
      </main>,
    );
    await Promise.resolve();
  });
  await act(async () => {
    settle()?.reject(new Error('offline'));
    await Promise.resolve();
  });
  expect(container.innerHTML).toBe('<main><h1>Page</h1></main>');
});
