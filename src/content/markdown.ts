// Markdown → HTML for content bodies, with heading ids, a table of contents, the three block
// extensions of content/CONTENT-FORMAT.md (:::callout, :::accordion and :::checklist) and each
// language's typography (src/i18n/typography.ts), which writers never type.
import {
  Marked,
  Renderer,
  type TokenizerAndRendererExtension,
  type Tokens,
  type TokensList,
} from 'marked';
import { gfmHeadingId, getHeadingList } from 'marked-gfm-heading-id';
import { catalogs } from '../i18n/catalogs.ts';
import { LOCALE_IDS, type LocaleId } from '../i18n/locales.ts';
import { createTranslator } from '../i18n/translate.ts';
import { typeset, typesetHtml } from '../i18n/typography.ts';
import { escapeHtml } from './escape-html.ts';
import { MEDIA_DIR, MEDIA_NAME, MEDIA_URL, renderImage, type MediaLibrary } from './media.ts';

export interface TocEntry {
  id: string;
  text: string;
}
export interface RenderedMarkdown {
  html: string;
  toc: TocEntry[];
}

interface BlockToken extends Tokens.Generic {
  kind: 'callout' | 'accordion' | 'checklist';
  title: string;
  tokens: Tokens.Generic[];
}

// Numbers the callouts and checklists of the body being rendered, for their ids.
let calloutCount = 0;
let checklistCount = 0;
// The level of the last heading rendered (the page's h1 before any): a callout's or a
// checklist's title is a heading one level below it, so a screen reader's list of headings
// shows it inside its section (issue 49).
let sectionLevel = 1;
/** The tag of a block title's heading: one level below the section it is in. */
const titleTag = () => `h${String(Math.min(sectionLevel + 1, 6))}`;
// The media library of the body being rendered, and what is wrong with its images and headings;
// marked adds a "please report" line to errors thrown while it parses, so they are thrown after.
let library: MediaLibrary | undefined;
let bodyProblems: string[] = [];
let currentFile = '';

/** The media folder beside the content folder of an item file (content/pages/x.md → content/media). */
const mediaFolderOf = (file: string) => [...file.split('/').slice(0, -2), MEDIA_DIR].join('/');

/** What to check a body's images against, and where its problems (images, headings) go. */
export interface BodyChecks {
  /** The file being rendered, for error messages. */
  file: string;
  /** The build's images; without it (tests, `npm run dev`) images are checked but not sized. */
  media?: MediaLibrary;
  /** Takes what is wrong with the body instead of an error (the editor lists every problem). */
  report?: (problems: string[]) => void;
}

const KINDS = ['callout', 'accordion', 'checklist'] as const;

/** The block extension; the accordion's "view more" label is in the document's language. */
const blocks = (lang: LocaleId): TokenizerAndRendererExtension => ({
  name: 'guichetBlock',
  level: 'block',
  start: (src) => src.match(/^:::/m)?.index,
  tokenizer(src) {
    const match = /^:::(callout|accordion|checklist) +([^\n]+)\n([\s\S]*?)\n:::[ \t]*(?:\n|$)/.exec(
      src,
    );
    const kind = KINDS.find((name) => name === match?.[1]);
    if (!match || !kind) return undefined;
    const token: BlockToken = {
      type: 'guichetBlock',
      raw: match[0],
      kind,
      title: (match[2] ?? '').trim(),
      tokens: [],
    };
    this.lexer.blockTokens(match[3] ?? '', token.tokens);
    return token;
  },
  renderer(token) {
    const { kind, title, tokens } = token as BlockToken;
    // Before the body, whose own headings (if any) are inside the block.
    const tag = titleTag();
    if (kind === 'checklist') {
      // Each item of its lists is a checkbox the reader can tick (the ticks are kept on the
      // device for 24 hours by src/components/useChecklists.ts; without JavaScript they still
      // tick, and print). Other blocks (an intro sentence) render as they are.
      checklistCount += 1;
      const id = `checklist-${String(checklistCount)}`;
      const body = tokens
        .map((child) =>
          child.type === 'list'
            ? `<ul class="checklist__items">${(child as Tokens.List).items
                .map(
                  (item) =>
                    `<li><label class="checklist__item"><input type="checkbox" class="checklist__box"> <span>${this.parser.parseInline(item.tokens.flatMap((part) => ('tokens' in part && part.tokens ? part.tokens : [part])))}</span></label></li>`,
                )
                .join('')}</ul>`
            : this.parser.parse([child]),
        )
        .join('');
      // A group of boxes named by its legend, the title, which is a heading too (as GOV.UK's
      // questions: a heading in the legend).
      const texts = catalogs[lang];
      return `<fieldset class="checklist" data-checklist="${id}"><legend class="checklist__legend"><${tag} class="checklist__title">${escapeHtml(title)}</${tag}></legend>${body}<p class="checklist__note">${escapeHtml(texts['checklist.note'])}</p><p class="checklist__actions"><button type="button" class="checklist__delete">${escapeHtml(texts['checklist.delete'])}</button></p><p class="checklist__status" role="status"></p></fieldset>\n`;
    }
    const body = this.parser.parse(tokens);
    if (kind === 'callout') {
      // A named region, not an <aside>: it is part of the page's content, not beside it.
      calloutCount += 1;
      const id = `callout-${String(calloutCount)}`;
      return `<div class="callout" role="region" aria-labelledby="${id}"><${tag} class="callout__title" id="${id}">${escapeHtml(title)}</${tag}>${body}</div>\n`;
    }
    const viewMore = escapeHtml(catalogs[lang]['accordion.viewMore']);
    // The hint is for sighted readers; screen readers announce the expanded state of <details>.
    return `<details class="accordion"><summary class="accordion__summary"><span class="accordion__title">${escapeHtml(title)}</span> <span class="accordion__hint" aria-hidden="true">${viewMore}</span></summary><div class="accordion__body">${body}</div></details>\n`;
  },
});

/**
 * An image of the body: from the media folder, with alt text (each language's file has its own),
 * rendered in the sizes the build made. Decorative images have no place in a body: none is
 * accepted without alt text.
 */
function image(this: Renderer, token: Tokens.Image): string {
  const alt = this.parser.parseInline(token.tokens, this.parser.textRenderer).trim();
  const { href, title } = token;
  const folder = mediaFolderOf(currentFile);
  const name = href.startsWith(MEDIA_URL) ? href.slice(MEDIA_URL.length) : undefined;
  if (name === undefined || !MEDIA_NAME.test(name)) {
    bodyProblems.push(
      `image ${href} is not in the media folder: put it in ${folder}/ and write ![what it shows](${MEDIA_URL}name.jpg)`,
    );
    return '';
  }
  if (alt === '' || alt === name || alt === name.replace(/\.[^.]+$/, ''))
    bodyProblems.push(
      `image ${href} has no alt text: write what it shows, in this file's language, between the brackets: ![what it shows](${href})`,
    );
  if (title)
    bodyProblems.push(
      `image ${href} has a title ("${title}"): most readers never see a title; write it in the text`,
    );
  if (!library) return `<img src="${escapeHtml(href)}" alt="${escapeHtml(alt)}" loading="lazy">`;
  const found = library.images.get(name);
  if (!found) {
    bodyProblems.push(`image ${href} is not in the media folder (${folder}/${name})`);
    return '';
  }
  return renderImage(found, alt);
}

/**
 * A table in a box of its own that scrolls sideways when the table is wider than the screen
 * (prose.css): the page itself never does. The box takes the keyboard focus, so that a reader
 * without a mouse can scroll it too (WCAG 2.1.1), and is a region named after the table's
 * columns, which is what a screen reader says when it gets there.
 */
const tableIn = (lang: LocaleId) =>
  function table(this: Renderer, token: Tokens.Table): string {
    const words = (cells: Tokens.TableCell[]) =>
      cells
        .map((cell) => this.parser.parseInline(cell.tokens, this.parser.textRenderer).trim())
        .filter((text) => text !== '');
    // Empty header cells (above a first column that names the rows) are left out; a header row
    // with no words at all gives way to the first row.
    const header = words(token.header);
    const columns = (header.length > 0 ? header : words(token.rows[0] ?? [])).join(', ');
    const name = createTranslator(lang, catalogs[lang])('table.region', { columns });
    return `<div class="table-scroll" role="region" tabindex="0" aria-label="${escapeHtml(name)}">${Renderer.prototype.table.call(this, token)}</div>\n`;
  };

/** Raw HTML images would skip the checks above. */
function html(token: Tokens.HTML | Tokens.Tag): string | false {
  if (/<(img|picture|source)\b/i.test(token.text))
    bodyProblems.push(
      `an HTML image (${token.text.trim()}): write images as ![what it shows](${MEDIA_URL}name.jpg)`,
    );
  return false;
}

/**
 * The page's title is its one main heading (h1), which a screen reader's list of headings starts
 * from: a body's headings start at ##. The editor's toolbar has no "Heading 1" (cms-config.ts);
 * this catches one typed in Markdown. It notes the level, for the titles of the blocks that
 * follow; it renders nothing itself: the heading ids' renderer does.
 */
function heading(token: Tokens.Heading): false {
  sectionLevel = token.depth;
  if (token.depth === 1) {
    const text = token.text.trim();
    bodyProblems.push(
      `a heading of level 1 (# ${text}): the page's title is its only main heading; start the body's headings at ## (## ${text})`,
    );
  }
  return false;
}

const renderers = Object.fromEntries(
  LOCALE_IDS.map((lang) => [
    lang,
    new Marked({ gfm: true }).use(gfmHeadingId(), {
      extensions: [blocks(lang)],
      renderer: { image, html, heading, table: tableIn(lang) },
    }),
  ]),
) as Record<LocaleId, Marked>;

/**
 * Renders a Markdown body of a language, typeset; the table of contents lists its second-level
 * headings.
 * Throws, naming the file and each image or heading, when an image breaks the rules of the media
 * library or a heading is an h1 (or hands the problems to `checks.report`).
 */
export function renderMarkdown(
  source: string,
  lang: LocaleId,
  checks: BodyChecks = { file: '(body)' },
): RenderedMarkdown {
  calloutCount = 0;
  checklistCount = 0;
  sectionLevel = 1;
  library = checks.media;
  bodyProblems = [];
  currentFile = checks.file;
  // Typeset after the parse: heading ids come from the words as written, so links keep working.
  const html = typesetHtml(renderers[lang].parse(source, { async: false }), lang);
  if (bodyProblems.length > 0) {
    if (!checks.report) throw new Error(`${checks.file}: ${bodyProblems.join('; ')}`);
    checks.report(bodyProblems);
  }
  const toc = getHeadingList()
    .filter((heading) => heading.level === 2)
    .map((heading) => ({ id: heading.id, text: typeset(heading.raw, lang) }));
  return { html, toc };
}

/** The Markdown tokens of a body, block extensions included, for tools that read its prose. */
export function lexMarkdown(source: string, lang: LocaleId): TokensList {
  return renderers[lang].lexer(source);
}
