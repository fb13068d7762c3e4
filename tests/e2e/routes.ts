// The route list the build wrote (.cache/routes.json), for tests that visit every route.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BuiltRoute {
  path: string;
  template: string;
  language: 'nl' | 'fr' | 'de' | 'en';
  title: string;
}

export const builtRoutes: BuiltRoute[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../.cache/routes.json'), 'utf8'),
) as BuiltRoute[];

export const LANGUAGES = ['nl', 'fr', 'de', 'en'] as const;
