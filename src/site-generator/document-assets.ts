// Which JS and CSS files a prerendered page links to: its template's chunk and its parts' chunks
// (a form, a step-by-step), with what they import, read from the Vite manifest.
import type { Manifest } from 'vite';
import type { TemplateData, TemplateName } from '../routes/page-data.ts';
import type { DocumentAssets } from './html.ts';

const TEMPLATE_SOURCES: Record<TemplateName, string> = {
  splash: 'src/templates/Splash.tsx',
  page: 'src/templates/Page.tsx',
  notFound: 'src/templates/NotFound.tsx',
  search: 'src/templates/Search.tsx',
  news: 'src/templates/News.tsx',
  newsfeed: 'src/templates/Newsfeed.tsx',
};

// A page with a form or a step-by-step also needs that chunk (see app/template-registry.ts).
const PART_SOURCES = {
  form: 'src/components/form/Form.tsx',
  stepByStep: 'src/components/step-by-step/StepByStep.tsx',
  followUp: 'src/components/follow-up/FollowUp.tsx',
} as const;
type PartName = keyof typeof PART_SOURCES;

/** The parts of a page that are chunks of their own. */
const partsOf = (data: TemplateData): PartName[] =>
  (Object.keys(PART_SOURCES) as PartName[]).filter(
    (part) => part in data && Boolean((data as Partial<Record<PartName, unknown>>)[part]),
  );

// "Leave this site" runs from a script of its own, before the app (src/runtime/leave-site.ts).
const LEAVE_SITE_SOURCE = 'src/runtime/leave-site-entry.ts';

/** The JS and CSS a page of `template` with `parts` needs, from the Vite manifest. */
function assetsFor(manifest: Manifest, template: TemplateName, parts: PartName[]): DocumentAssets {
  const entry = manifest['src/app/entry-client.tsx'];
  const leaveSite = manifest[LEAVE_SITE_SOURCE];
  const sources = [TEMPLATE_SOURCES[template], ...parts.map((part) => PART_SOURCES[part])];
  const missing = sources.find((source) => !manifest[source]);
  if (!entry || !leaveSite || missing)
    throw new Error(`vite manifest: no entry, no ${LEAVE_SITE_SOURCE} or no chunk for ${missing}`);
  const preloads = new Set<string>();
  const styles = new Set<string>(entry.css ?? []);
  const visit = (key: string) => {
    const item = manifest[key];
    if (!item || preloads.has(`/${item.file}`)) return;
    preloads.add(`/${item.file}`);
    for (const css of item.css ?? []) styles.add(css);
    for (const imported of item.imports ?? []) visit(imported);
  };
  // The entry's own imports (React's chunk) are named too, so that the browser fetches them
  // with the entry rather than after it.
  [...(entry.imports ?? []), ...sources].forEach(visit);
  // Both load from their own script tags.
  preloads.delete(`/${entry.file}`);
  preloads.delete(`/${leaveSite.file}`);
  return {
    entry: `/${entry.file}`,
    leaveSite: `/${leaveSite.file}`,
    styles: [...styles].map((css) => `/${css}`),
    preloads: [...preloads],
  };
}

/** A lookup of the assets of a page's data, computed once per template and set of parts. */
export function documentAssets(manifest: Manifest): (data: TemplateData) => DocumentAssets {
  const byKey = new Map<string, DocumentAssets>();
  return (data) => {
    const parts = partsOf(data);
    const key = [data.template, ...parts].join('+');
    let assets = byKey.get(key);
    if (!assets) {
      assets = assetsFor(manifest, data.template, parts);
      byKey.set(key, assets);
    }
    return assets;
  };
}

/** The stylesheets of the page and news templates: the editor's preview registers these. */
export function templateStyles(manifest: Manifest, templates: TemplateName[]): string[] {
  return [...new Set(templates.flatMap((template) => assetsFor(manifest, template, []).styles))];
}
