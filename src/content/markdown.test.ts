// Images in a content body: the exact HTML of one from the media library, and the build's refusals
// (each names the file and the image).
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';
import type { MediaImage, MediaLibrary } from './media.ts';

const version = (width: number, extension: string) => ({
  url: `/media/desk-0123456789-${String(width)}.${extension}`,
  width,
  height: width / 2,
});
const desk: MediaImage = {
  name: 'desk.jpg',
  webp: [version(480, 'webp'), version(960, 'webp'), version(1200, 'webp')],
  fallback: [version(480, 'jpg'), version(960, 'jpg'), version(1200, 'jpg')],
};
const media: MediaLibrary = { images: new Map([['desk.jpg', desk]]), fingerprint: 'f' };
const file = 'content/pages/central-desk.fr.md';

const render = (markdown: string) => renderMarkdown(markdown, 'fr', { file, media }).html;

describe('an image in a content body', () => {
  it('is a picture of WebP versions with a fallback img that has its size, lazy and alt text', () => {
    expect(render('![Le guichet central, rue de la Loi](/media/desk.jpg)')).toBe(
      '<p><picture><source type="image/webp" srcset="/media/desk-0123456789-480.webp 480w, /media/desk-0123456789-960.webp 960w, /media/desk-0123456789-1200.webp 1200w" sizes="(min-width: 44rem) 42rem, 100vw">' +
        '<img src="/media/desk-0123456789-960.jpg" srcset="/media/desk-0123456789-480.jpg 480w, /media/desk-0123456789-960.jpg 960w, /media/desk-0123456789-1200.jpg 1200w" sizes="(min-width: 44rem) 42rem, 100vw" width="1200" height="600" alt="Le guichet central, rue de la Loi" loading="lazy" decoding="async"></picture></p>\n',
    );
  });

  it('keeps the alt text as plain words: Markdown in it is read, quotes are escaped', () => {
    expect(render('![Le *guichet* "central" & co](/media/desk.jpg)')).toContain(
      'alt="Le guichet &quot;central&quot; &amp; co"',
    );
  });

  it('is refused without alt text, or with the file name as alt text', () => {
    for (const alt of ['', '  ', 'desk.jpg', 'desk'])
      expect(() => render(`![${alt}](/media/desk.jpg)`)).toThrow(
        `${file}: image /media/desk.jpg has no alt text: write what it shows, in this file's language, between the brackets: ![what it shows](/media/desk.jpg)`,
      );
  });

  it('is refused when the media folder does not have it', () => {
    expect(() => render('![Un bureau](/media/office.jpg)')).toThrow(
      `${file}: image /media/office.jpg is not in the media folder (content/media/office.jpg)`,
    );
  });

  it('is refused from another address than the media folder', () => {
    expect(() => render('![Un bureau](https://example.org/office.jpg)')).toThrow(
      `${file}: image https://example.org/office.jpg is not in the media folder: put it in content/media/ and write ![what it shows](/media/name.jpg)`,
    );
  });

  it('is refused with a title, which most readers never see', () => {
    expect(() => render('![Un bureau](/media/desk.jpg "Le bureau")')).toThrow(
      `${file}: image /media/desk.jpg has a title ("Le bureau"): most readers never see a title; write it in the text`,
    );
  });

  it('is refused as an HTML tag, which would skip these checks', () => {
    expect(() => render('Voir <img src="/media/desk.jpg" alt="x"> ici.')).toThrow(
      `${file}: an HTML image (<img src="/media/desk.jpg" alt="x">): write images as ![what it shows](/media/name.jpg)`,
    );
  });

  it('lists every problem of a file in one error', () => {
    expect(() => render('![](/media/desk.jpg)\n\n![Un bureau](/media/office.jpg)')).toThrow(
      /has no alt text.*; image \/media\/office\.jpg is not in the media folder/,
    );
  });

  it('without the build library (tests, npm run dev), is checked and shown at its address', () => {
    expect(renderMarkdown('![Un bureau](/media/desk.jpg)', 'fr', { file }).html).toBe(
      '<p><img src="/media/desk.jpg" alt="Un bureau" loading="lazy"></p>\n',
    );
    expect(() => renderMarkdown('![](/media/desk.jpg)', 'fr', { file })).toThrow('no alt text');
  });
});

describe('a table in a content body', () => {
  const table = '| Service | Téléphone |\n|---|---|\n| Guichet *central* | 02 000 00 00 |\n';

  it('is inside a box that takes the keyboard focus, named after its columns', () => {
    expect(render(table)).toBe(
      '<div class="table-scroll" role="region" tabindex="0" aria-label="Tableau\u202f: Service, Téléphone">' +
        '<table>\n<thead>\n<tr>\n<th>Service</th>\n<th>Téléphone</th>\n</tr>\n</thead>\n' +
        '<tbody><tr>\n<td>Guichet <em>central</em></td>\n<td>02\u00a0000\u00a000\u00a000</td>\n</tr>\n</tbody></table>\n</div>\n',
    );
  });

  it('is named in the language of the page, its columns as plain words', () => {
    const names = (['nl', 'de', 'en'] as const).map(
      (lang) =>
        /aria-label="([^"]*)"/.exec(
          renderMarkdown('| *Dienst* | "Tel" & fax |\n|---|---|\n| a | b |\n', lang).html,
        )?.[1],
    );
    expect(names).toEqual([
      'Tabel: Dienst, &quot;Tel&quot; &amp; fax',
      'Tabelle: Dienst, &quot;Tel&quot; &amp; fax',
      'Table: Dienst, &quot;Tel&quot; &amp; fax',
    ]);
  });

  it('leaves empty header cells out of its name, and takes its first row when all are empty', () => {
    const nameOf = (markdown: string) => /aria-label="([^"]*)"/.exec(render(markdown))?.[1];
    expect(nameOf('|  | Lundi | Mardi |\n|---|---|---|\n| Matin | 9 h | 9 h |\n')).toBe(
      'Tableau\u202f: Lundi, Mardi',
    );
    expect(nameOf('|  |  |\n|---|---|\n| Guichet | 02 000 00 00 |\n')).toBe(
      'Tableau\u202f: Guichet, 02 000 00 00',
    );
  });
});

describe('a heading of level 1 in a content body', () => {
  it('stops the build, naming the file and the heading: the title is the page’s one h1', () => {
    expect(() => render('Intro.\n\n# Nos services\n\nTexte.')).toThrow(
      `${file}: a heading of level 1 (# Nos services): the page's title is its only main heading; start the body's headings at ## (## Nos services)`,
    );
  });

  it('is not confused with a second-level heading or a # inside a line', () => {
    expect(render('## Nos services\n\nLe numéro # 3.')).toBe(
      '<h2 id="nos-services">Nos services</h2>\n<p>Le numéro # 3.</p>\n',
    );
  });
});

describe('the title of a callout or a checklist', () => {
  const headings = (markdown: string) =>
    [...renderMarkdown(markdown, 'en').html.matchAll(/<h(\d)[^>]*>([^<]*)<\/h\d>/g)].map(
      ([, level, text]) => `h${level ?? ''} ${text ?? ''}`,
    );

  it('is a heading one level below the section it is in, never in the table of contents', () => {
    const { html, toc } = renderMarkdown(
      ':::callout What to do now\n- Call 112.\n:::\n\n## Who can ask\n\n:::checklist Which papers?\n- a card\n:::\n\n### Abroad\n\n:::callout Deadline\nFive years.\n:::\n',
      'en',
    );
    expect(headings(html)).toEqual([
      'h2 What to do now',
      'h2 Who can ask',
      'h3 Which papers?',
      'h3 Abroad',
      'h4 Deadline',
    ]);
    expect(html).toContain(
      '<div class="callout" role="region" aria-labelledby="callout-1"><h2 class="callout__title" id="callout-1">What to do now</h2>',
    );
    expect(toc).toEqual([{ id: 'who-can-ask', text: 'Who can ask' }]);
  });

  it('starts again from the page title for each body, and stops at h6', () => {
    expect(headings('###### Deep\n\n:::callout Deeper\nText.\n:::\n').at(-1)).toBe('h6 Deeper');
    expect(headings(':::callout First\nText.\n:::\n')).toEqual(['h2 First']);
  });

  it('groups a checklist’s boxes in a fieldset, its legend the title', () => {
    expect(renderMarkdown(':::checklist Which papers?\n- a card\n:::\n', 'en').html).toMatch(
      /^<fieldset class="checklist" data-checklist="checklist-1"><legend class="checklist__legend"><h2 class="checklist__title">Which papers\?<\/h2><\/legend><ul class="checklist__items"><li><label class="checklist__item"><input type="checkbox" class="checklist__box"> <span>a card<\/span><\/label><\/li><\/ul>.*<\/fieldset>\n$/,
    );
  });
});

describe('the typography of a content body', () => {
  it('is added by the renderer: French spaces, quotation marks, apostrophes, phone numbers', () => {
    const { html, toc } = renderMarkdown(
      `## Qu'est-ce que c'est ?\n\nAppelez le "guichet" : 02 542 72 24 ! Voir [l'aide](/fr/aide-financiere) et \`a : b\`.\n`,
      'fr',
      { file },
    );
    expect(html).toBe(
      '<h2 id="quest-ce-que-cest-">Qu’est-ce que c’est\u202f?</h2>\n' +
        '<p>Appelez le «\u202fguichet\u202f»\u202f: 02\u00a0542\u00a072\u00a024\u202f! Voir <a href="/fr/aide-financiere">l’aide</a> et <code>a : b</code>.</p>\n',
    );
    // The heading's id is made of the words as written: links to it keep working.
    expect(toc).toEqual([{ id: 'quest-ce-que-cest-', text: 'Qu’est-ce que c’est\u202f?' }]);
  });

  it('gives each language its own quotation marks', () => {
    const quoted = (lang: 'nl' | 'de' | 'en') =>
      renderMarkdown('Het "loket" en de "commissie".', lang).html;
    expect(quoted('nl')).toBe('<p>Het “loket” en de “commissie”.</p>\n');
    expect(quoted('de')).toBe('<p>Het „loket“ en de „commissie“.</p>\n');
    expect(quoted('en')).toBe('<p>Het “loket” en de “commissie”.</p>\n');
  });
});
