// The six templates by their componentChunkName. Each one is a dynamic import, so the bundler
// gives every template its own chunk and a page loads only the template it uses. The form
// renderer (with zod) and "What applies to me?" are chunks of their own too: most content pages
// have neither.
import type { ComponentType } from 'react';
import { hasLoadedForm, setLoadedForm } from '../components/form/loaded-form.ts';
import { loadedStepByStep } from '../components/step-by-step/loaded-step-by-step.ts';
import { loadedFollowUp } from '../components/follow-up/loaded-follow-up.ts';
import {
  TEMPLATES,
  type ChunkName,
  type PageData,
  type TemplateProps,
  type TemplateName,
} from '../routes/page-data.ts';

export type AnyTemplate = ComponentType<TemplateProps<TemplateName>>;

// The page-data record that names the chunk also carries the matching data, so widening each
// template's props to the union is safe.
const widen = <N extends TemplateName>(component: ComponentType<TemplateProps<N>>) =>
  component as unknown as AnyTemplate;

const importers: Record<ChunkName, () => Promise<AnyTemplate>> = {
  [TEMPLATES.splash]: () => import('../templates/Splash.tsx').then((m) => widen(m.SplashTemplate)),
  [TEMPLATES.page]: () => import('../templates/Page.tsx').then((m) => widen(m.PageTemplate)),
  [TEMPLATES.notFound]: () =>
    import('../templates/NotFound.tsx').then((m) => widen(m.NotFoundTemplate)),
  [TEMPLATES.search]: () => import('../templates/Search.tsx').then((m) => widen(m.SearchTemplate)),
  [TEMPLATES.news]: () => import('../templates/News.tsx').then((m) => widen(m.NewsTemplate)),
  [TEMPLATES.newsfeed]: () =>
    import('../templates/Newsfeed.tsx').then((m) => widen(m.NewsfeedTemplate)),
};

const loaded = new Map<ChunkName, AnyTemplate>();

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

/** Loads what rendering a page needs: its template, and its form or step-by-step if it has one. */
export async function loadPageModules(pageData: PageData): Promise<void> {
  const data = pageData.result.data;
  await Promise.all([
    loadTemplate(pageData.componentChunkName),
    'form' in data && data.form && !hasLoadedForm()
      ? import('../components/form/Form.tsx').then((m) => {
          setLoadedForm(m.Form);
        })
      : undefined,
    'stepByStep' in data && data.stepByStep && !loadedStepByStep.has()
      ? import('../components/step-by-step/StepByStep.tsx').then((m) => {
          loadedStepByStep.set(m.StepByStep);
        })
      : undefined,
    'followUp' in data && data.followUp && !loadedFollowUp.has()
      ? import('../components/follow-up/FollowUp.tsx').then((m) => {
          loadedFollowUp.set(m.FollowUp);
        })
      : undefined,
  ]);
}
