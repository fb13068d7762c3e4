// The CMS configuration of this repository's content, as the CMS tests read it: its taxonomy,
// its step-by-step ids, a GitHub backend, and the configuration generated from them.
import { join } from 'node:path';
import { loadStepByStep } from '../content/step-by-step.ts';
import { loadTaxonomy } from '../content/taxonomy.ts';
import { generateCmsConfig } from './cms-config.ts';

export const CONTENT = join(import.meta.dirname, '../../content');
export const taxonomy = loadTaxonomy(join(CONTENT, 'taxonomy'));
export const backend = { name: 'github', repo: 'example/site', branch: 'main' } as const;
export const steps = loadStepByStep(join(CONTENT, 'step-by-step'));
export const stepIds = {
  stages: steps?.stages ?? [],
  contacts: Object.keys(steps?.contacts ?? {}),
  steps: steps?.steps.map((step) => step.id) ?? [],
};
/** The configuration generated for this content, with the GitHub backend. */
export const config = generateCmsConfig({ ...taxonomy, stepByStep: stepIds, backend });
