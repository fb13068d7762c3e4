// The owners of the site's paths that the editor checks a saved entry against.
import { describe, expect, it } from 'vitest';
import { loadContent } from '../content/load-content.ts';
import { TEXT_ONLY_ADDRESS } from '../content/site.ts';
import { buildRouteTable } from './route-table.ts';
import { entryIdOf, pathOwners } from './site-paths.ts';

const content = loadContent(`${import.meta.dirname}/../../content`, TEXT_ONLY_ADDRESS);
const { routes } = buildRouteTable(content);

describe('pathOwners', () => {
  const owners = pathOwners(content, routes);

  it('has every path of the route table, and no other', () => {
    expect(Object.keys(owners).sort()).toEqual(routes.map((route) => route.path).sort());
  });

  it('names the entry of a content file, and none for the pages the site makes itself', () => {
    expect(owners['/fr/contacts']).toBe('pages/contacts');
    expect(owners['/nl/node/16081']).toBe('pages/node-16081');
    expect(owners['/de/anschlag/bruessel-22-maerz-2016']).toBe('attacks/brussels-2016');
    expect(owners['/en/search']).toBe('');
    expect(owners['/']).toBe('');
    const items = [...content.pages, ...content.news, ...content.attacks, ...content.events];
    expect(Object.values(owners).filter((owner) => owner !== '')).toHaveLength(items.length);
  });
});

describe('entryIdOf', () => {
  it('is the folder and the translationKey of a file, wherever the content folder is', () => {
    expect(entryIdOf('content/news/remembrance-day-2027.fr.md')).toBe('news/remembrance-day-2027');
    expect(entryIdOf('/tmp/x/content/pages/node-16065.nl.md')).toBe('pages/node-16065');
  });
});
