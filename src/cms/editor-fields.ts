// Fields of the item collections that the editor shows otherwise than the schema walk would
// (issue 46, editor traps): the path may be left empty (the editor proposes it from the title on
// saving, src/admin-preview/proposed-path.ts), and the page switches that wire program code to a
// page are hidden, kept as written.
import type { CmsField, FieldOverrides } from './zod-fields.ts';

/**
 * Page fields that turn on a part of the site's code, set by the web team in the file: which
 * listing the page shows (`listing`: the news, agenda and attacks pages), the questionnaire
 * (`stepByStep`), the follow-up form (`followUp`) and a form's id (`form`). An editor who
 * changed one would break that page's working part or show it on another page.
 */
export const TECHNICAL_PAGE_FIELDS = ['listing', 'stepByStep', 'followUp', 'form'] as const;

const ITEM_SCHEMAS = ['page', 'news', 'attack', 'event'] as const;

/** The overrides of the path and of the technical fields, merged into generateCmsConfig's. */
export function editorFieldOverrides(): FieldOverrides {
  const hidden = (_: unknown, walked: () => CmsField): CmsField => {
    const { name, label, i18n } = walked();
    return { name, label, widget: 'hidden', ...(i18n === undefined ? {} : { i18n }) };
  };
  const proposedPath = (_: unknown, walked: () => CmsField): CmsField => ({
    ...walked(),
    required: false,
    hint: 'Left empty, it is made from the title when you save (lowercase words joined by hyphens); you can change it.',
  });
  const overrides: Record<string, typeof hidden> = {};
  for (const schema of ITEM_SCHEMAS) overrides[`${schema}.path`] = proposedPath;
  for (const field of TECHNICAL_PAGE_FIELDS) overrides[`page.${field}`] = hidden;
  return overrides;
}
