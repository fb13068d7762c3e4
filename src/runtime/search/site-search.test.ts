import { describe, expect, it, vi } from 'vitest';
import type { SearchWords } from '../../routes/page-data.ts';
import { fakePagefind, type FakePage } from './fake-pagefind.ts';
import { siteSearch, type SiteSearchResult } from './site-search.ts';
import { vocabularyOf } from './spelling.ts';

const NO_WORDS: SearchWords = { common: [], alternatives: [] };

/** The paths of a result's hits, then of its closest matches. */
async function paths(result: SiteSearchResult): Promise<{ hits: string[]; closest: string[] }> {
  const url = async (hits: SiteSearchResult['hits']) =>
    Promise.all(hits.map(async (hit) => (await hit.load()).url));
  return { hits: await url(result.hits), closest: await url(result.closest) };
}

function searcher(pages: FakePage[], words = NO_WORDS, vocabulary: string[] = []) {
  const pagefind = fakePagefind(pages);
  const loadVocabulary = vi.fn(() => Promise.resolve(vocabularyOf(vocabulary)));
  return {
    pagefind,
    loadVocabulary,
    search: (query: string) => siteSearch(query, { pagefind, words, vocabulary: loadVocabulary }),
  };
}

describe('siteSearch ranking', () => {
  it('puts a guide before a news item or an event that matches as well', async () => {
    const { search } = searcher([
      { url: '/en/news/aid', kind: 'news', text: 'aid aid' },
      { url: '/en/agenda/aid', kind: 'event', text: 'aid aid' },
      { url: '/en/financial-aid', kind: 'guide', text: 'aid aid' },
      { url: '/en/attack/x', kind: 'attack', text: 'aid aid' },
      { url: '/en/node/1', kind: 'other', text: 'aid aid' },
    ]);
    expect((await paths(await search('aid'))).hits).toEqual([
      '/en/financial-aid',
      '/en/attack/x',
      '/en/node/1',
      '/en/news/aid',
      '/en/agenda/aid',
    ]);
  });

  it('does not bury a news item that matches more than twice as well', async () => {
    const { search } = searcher([
      { url: '/en/financial-aid', kind: 'guide', text: 'aid aid' },
      { url: '/en/news/aid', kind: 'news', text: 'aid aid aid aid aid' },
    ]);
    expect((await paths(await search('aid'))).hits).toEqual(['/en/news/aid', '/en/financial-aid']);
  });

  it('puts pages with all the words first, and offers the others as closest matches when few', async () => {
    const { search } = searcher([
      { url: '/en/a', kind: 'guide', text: 'funeral funeral funeral funeral' },
      { url: '/en/b', kind: 'guide', text: 'funeral costs' },
      { url: '/en/c', kind: 'guide', text: 'costs' },
    ]);
    const result = await search('funeral costs');
    expect(await paths(result)).toEqual({ hits: ['/en/b'], closest: ['/en/a', '/en/c'] });
    expect(result.leftOut).toEqual([]);
  });

  it('when no page has all the words, shows those with the most and names the words left out', async () => {
    const { search } = searcher([
      { url: '/en/a', kind: 'guide', text: 'funeral costs' },
      { url: '/en/b', kind: 'guide', text: 'costs lawyer' },
    ]);
    const result = await search('funeral costs zebra');
    expect(await paths(result)).toEqual({ hits: ['/en/a'], closest: ['/en/b'] });
    expect(result.leftOut).toEqual(['zebra']);
  });
});

describe('siteSearch words', () => {
  it('finds the pages of the other words of a group, after those of the reader’s own word', async () => {
    const { search } = searcher(
      [
        { url: '/en/status', kind: 'guide', text: 'spouse spouse spouse died' },
        { url: '/en/first-steps', kind: 'guide', text: 'husband died' },
      ],
      { common: ['my'], alternatives: [['husband', 'spouse']] },
    );
    // The same score alone would put the status page first (3 against 1 match): 0.8 × 3 = 2.4.
    const result = await search('my husband died');
    expect((await paths(result)).hits).toEqual(['/en/status', '/en/first-steps']);
    const alone = await search('husband');
    expect((await paths(alone)).hits).toEqual(['/en/status', '/en/first-steps']);
  });

  it('replaces a word Pagefind does not know by the closest word of the vocabulary, without its noise', async () => {
    const { search, loadVocabulary } = searcher(
      [
        { url: '/nl/verzekeringen', kind: 'guide', text: 'verzekering verzekering' },
        { url: '/nl/noise', kind: 'guide', text: 'ver weg' },
        { url: '/nl/other', kind: 'guide', text: 'verzekering' },
      ],
      NO_WORDS,
      ['verzekering', 'ver', 'weg'],
    );
    const result = await search('verzekring');
    expect((await paths(result)).hits).toEqual(['/nl/verzekeringen', '/nl/other']);
    expect(result.corrections).toEqual([{ typed: 'verzekring', used: 'verzekering' }]);
    expect(result.suggestion).toBeNull();
    expect(loadVocabulary).toHaveBeenCalledTimes(1);
  });

  it('offers the closest word when the reader’s word finds little, and searches both', async () => {
    const { search } = searcher(
      [
        { url: '/en/insurance', kind: 'guide', text: 'insurance insurance' },
        { url: '/en/other', kind: 'guide', text: 'insurance' },
        { url: '/en/typo', kind: 'guide', text: 'insurence' },
        { url: '/en/third', kind: 'guide', text: 'insurance cover' },
      ],
      NO_WORDS,
      // The typo is on a page, but too rare to be in the vocabulary (it keeps the most frequent).
      ['insurance', 'cover'],
    );
    const result = await search('insurence cover');
    expect(result.suggestion).toBe('insurance cover');
    expect(result.corrections).toEqual([]);
    expect((await paths(result)).hits).toEqual(['/en/third']);
  });

  it('cuts a compound the index does not have into two of its words', async () => {
    const { search } = searcher(
      [{ url: '/nl/financiele-hulp', kind: 'guide', text: 'kosten van de begrafenis' }],
      NO_WORDS,
      ['kosten', 'begrafenis'],
    );
    const result = await search('begrafeniskosten');
    expect((await paths(result)).hits).toEqual(['/nl/financiele-hulp']);
    expect(result.corrections).toEqual([{ typed: 'begrafeniskosten', used: 'begrafenis kosten' }]);
  });

  it('keeps the pages of longer words a known word starts, and loads no vocabulary for it', async () => {
    const { search, loadVocabulary } = searcher([
      { url: '/nl/cookiebeleid', kind: 'other', text: 'cookiebeleid' },
      { url: '/nl/privacy', kind: 'other', text: 'cookie' },
      { url: '/nl/a', kind: 'guide', text: 'cookie' },
      { url: '/nl/b', kind: 'guide', text: 'cookie' },
    ]);
    expect((await paths(await search('cookie'))).hits).toEqual([
      '/nl/a',
      '/nl/b',
      '/nl/privacy',
      '/nl/cookiebeleid',
    ]);
    expect(loadVocabulary).not.toHaveBeenCalled();
  });

  it('goes on with what the words found when the vocabulary cannot load (offline)', async () => {
    const pagefind = fakePagefind([{ url: '/en/a', kind: 'guide', text: 'medex' }]);
    const result = await siteSearch('medex psycologist', {
      pagefind,
      words: NO_WORDS,
      vocabulary: () => Promise.reject(new Error('offline')),
    });
    expect((await paths(result)).hits).toEqual(['/en/a']);
    expect(result.leftOut).toEqual(['psycologist']);
  });

  it('finds nothing, and says so, for a word no page has', async () => {
    const { search } = searcher([{ url: '/en/a', kind: 'guide', text: 'insurance' }], NO_WORDS, [
      'insurance',
    ]);
    expect(await search('xylophone')).toEqual({
      hits: [],
      closest: [],
      leftOut: [],
      corrections: [],
      suggestion: null,
    });
  });
});

describe('a loaded hit', () => {
  it('has the page’s path, title and an excerpt with the words of every group marked', async () => {
    const { search } = searcher([
      { url: '/en/a', kind: 'guide', text: 'Funeral costs are <paid> by the State' },
    ]);
    const [hit] = (await search('funeral paid')).hits;
    expect(await hit?.load()).toEqual({
      url: '/en/a',
      title: 'Funeral',
      meta: { title: 'Funeral' },
      excerpt: '<mark>Funeral</mark> costs are <mark>&lt;paid&gt;</mark> by the State',
    });
  });
});
