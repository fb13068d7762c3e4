// The six templates by their componentChunkName. Each one is a dynamic import, so the bundler
// gives every template its own chunk and a page loads only the template it uses.
import type { ComponentType } from 'react';
import {
  TEMPLATES,
  type ChunkName,
  type TemplateProps,
  type TemplateName,
} from '../routes/page-data.ts';

export type AnyTemplate = ComponentType<TemplateProps<TemplateName>>;

// The page-data record that names the chunk also carries the matching data, so widening each
// template's props to the union is safe.
const widen = <N extends TemplateName>(component: ComponentType<TemplateProps<N>>) =>
  component as unknown as AnyTemplate;

const importers: Record<ChunkName, () => Promise<AnyTemplate>> = {
  [TEMPLATES.splash]: () => import('./Splash.tsx').then((m) => widen(m.SplashTemplate)),
  [TEMPLATES.page]: () => import('./Page.tsx').then((m) => widen(m.PageTemplate)),
  [TEMPLATES.notFound]: () => import('./NotFound.tsx').then((m) => widen(m.NotFoundTemplate)),
  [TEMPLATES.search]: () => import('./Search.tsx').then((m) => widen(m.SearchTemplate)),
  [TEMPLATES.news]: () => import('./News.tsx').then((m) => widen(m.NewsTemplate)),
  [TEMPLATES.newsfeed]: () => import('./Newsfeed.tsx').then((m) => widen(m.NewsfeedTemplate)),
};

const loaded = new Map<ChunkName, AnyTemplate>();

/** True when `name` is one of the six template chunk names. */
export function isChunkName(name: unknown): name is ChunkName {
  return typeof name === 'string' && Object.hasOwn(importers, name);
}

/** Loads a template chunk once; later calls return the same component. */
export async function loadTemplate(name: ChunkName): Promise<AnyTemplate> {
  const cached = loaded.get(name);
  if (cached) return cached;
  const component = await importers[name]();
  loaded.set(name, component);
  return component;
}

/** A template that loadTemplate has already loaded; rendering never waits for a chunk. */
export function getLoadedTemplate(name: ChunkName): AnyTemplate {
  const component = loaded.get(name);
  if (!component) throw new Error(`template ${name} rendered before it was loaded`);
  return component;
}
