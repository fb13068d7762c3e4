// The checklists of a content body (:::checklist, src/content/markdown.ts): the reader's ticks
// are kept in this browser for this page, on this device only, until 24 hours after the last
// change or until "Delete my ticks" (like a form's draft: kept-on-device.ts). Nothing of it
// leaves the browser.
import { useEffect, type RefObject } from 'react';
import { useChrome } from './Chrome.tsx';
import { SITE_KEY_PREFIX } from '../runtime/site-storage.ts';
import { expireKept } from './kept-on-device.ts';

const PREFIX = `${SITE_KEY_PREFIX}.checklist.`;

/** The ticked items' positions kept for a checklist, or none. */
export function readTicks(key: string, now = Date.now()): number[] {
  expireKept(PREFIX, now);
  try {
    const ticked = (JSON.parse(localStorage.getItem(PREFIX + key) ?? '{}') as { ticked?: unknown })
      .ticked;
    return Array.isArray(ticked)
      ? (ticked as unknown[]).filter((item): item is number => Number.isInteger(item))
      : [];
  } catch {
    return [];
  }
}

/** Keeps the ticked positions with the time; none ticked removes the entry. */
export function writeTicks(key: string, ticked: readonly number[], now = Date.now()): void {
  try {
    if (ticked.length === 0) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: now, ticked }));
  } catch {
    // Storage full or disabled: the boxes still tick, for this visit.
  }
}

/** Restores and keeps the ticks of every checklist in `container`'s HTML (re-run when it changes). */
export function useChecklists(
  container: RefObject<HTMLElement | null>,
  path: string,
  html: string,
): void {
  const { t } = useChrome();
  useEffect(() => {
    const lists = [
      ...(container.current?.querySelectorAll<HTMLElement>('.checklist[data-checklist]') ?? []),
    ];
    const controller = new AbortController();
    for (const list of lists) {
      const key = `${path}#${list.dataset.checklist ?? ''}`;
      const boxes = [...list.querySelectorAll<HTMLInputElement>('input.checklist__box')];
      const status = list.querySelector('.checklist__status');
      const ticked = readTicks(key);
      boxes.forEach((box, index) => {
        box.checked = ticked.includes(index);
      });
      const { signal } = controller;
      list.addEventListener(
        'change',
        () => {
          writeTicks(
            key,
            boxes.flatMap((box, index) => (box.checked ? [index] : [])),
          );
          if (status) status.textContent = '';
        },
        { signal },
      );
      list.querySelector('.checklist__delete')?.addEventListener(
        'click',
        () => {
          for (const box of boxes) box.checked = false;
          writeTicks(key, []);
          if (status) status.textContent = t('checklist.deleted');
        },
        { signal },
      );
    }
    return () => {
      controller.abort();
    };
  }, [container, path, html, t]);
}
