// `npm run content:check`: the readability of the content, per page and language, as Markdown
// tables (readable in a terminal, pasteable into an issue), then every sentence and summary that
// breaks the plain-language rules. A report: it exits 0 whatever it finds; the content test fails.
//
//   npm run content:check                    all guides in every language
//   npm run content:check -- --lang de       one language
//   npm run content:check -- --all           also every other page, news item and attack
//   npm run content:check -- --content DIR   another content folder
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCALE_IDS, isLocaleId, type LocaleId } from '../../i18n/locales.ts';
import { resolvedForReaders } from '../desk-references.ts';
import { markdownOf, type ContentItem } from '../items.ts';
import { loadContent } from '../load-content.ts';
import { TEXT_ONLY_ADDRESS } from '../site.ts';
import {
  EASY_READ_KEYS,
  EASY_READ_MAX_SENTENCE_WORDS,
  EASY_READ_TARGETS,
  easyReadProblems,
} from './easy-read.ts';
import { READING_EASE_NAME } from './formulas.ts';
import { measure, type Figures } from './measure.ts';
import {
  GUIDE_KEYS,
  LONG_SENTENCE_WORDS,
  MAX_SENTENCE_WORDS,
  MAX_SUMMARY_WORDS,
  READABILITY_TARGETS,
  longSentences,
  longSummary,
} from './plain-language.ts';
import { proseSentences, wordsOf } from './prose.ts';

const LANGUAGE_NAME: Record<LocaleId, string> = {
  en: 'English',
  nl: 'Dutch',
  fr: 'French',
  de: 'German',
};

const fixed = (value: number | undefined, digits = 1) =>
  value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);
const share = (part: number, whole: number) => (whole === 0 ? 0 : (100 * part) / whole);

interface Row {
  name: string;
  figures: Figures;
  summaryWords?: number;
}

/** The body measured: as readers see it, the desk's numbers written out (desk-references.ts). */
const proseOf = (item: ContentItem): string => resolvedForReaders(markdownOf(item), item.file);

/** The figures of one item: its body's sentences and its summary's length. */
export function rowOf(item: ContentItem): Row {
  return {
    name: item.kind === 'page' ? item.translationKey : `${item.kind}/${item.translationKey}`,
    figures: measure(proseSentences(proseOf(item), item.lang), item.lang),
    summaryWords: wordsOf(item.summary).length,
  };
}

/** A Markdown table of rows in one language, its columns padded to line up in a terminal. */
export function formatTable(rows: readonly Row[], lang: LocaleId): string {
  const header = [
    'page',
    READING_EASE_NAME[lang],
    'LIX',
    ...(lang === 'de' ? ['WSTF'] : []),
    'words/sentence',
    `% > ${String(LONG_SENTENCE_WORDS)} words`,
    'longest',
    '% long words',
    'summary words',
  ];
  const cells = rows.map(({ name, figures, summaryWords }) => [
    name,
    fixed(figures.ease),
    fixed(figures.lix),
    ...(lang === 'de' ? [fixed(figures.wiener)] : []),
    fixed(figures.averageSentence),
    fixed(share(figures.longSentences, figures.sentences)),
    String(figures.longestSentence),
    fixed(share(figures.longWords, figures.words)),
    summaryWords === undefined ? '' : String(summaryWords),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? `${'-'.repeat(width + 1)}-` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...cells.map(line)].join('\n');
}

/** Whether a language's guides, taken together, meet its targets, in one line. */
export function targetLine(figures: Figures, lang: LocaleId): string {
  const target = READABILITY_TARGETS[lang];
  const longShare = share(figures.longSentences, figures.sentences);
  const easeMet =
    figures.ease >= target.minEase ||
    (target.maxWiener !== undefined && (figures.wiener ?? Infinity) <= target.maxWiener);
  const checks = [
    [
      `no sentence over ${String(MAX_SENTENCE_WORDS)} words`,
      figures.longestSentence <= MAX_SENTENCE_WORDS,
    ],
    [
      `≤ ${String(target.maxLongShare)}% over ${String(LONG_SENTENCE_WORDS)}`,
      longShare <= target.maxLongShare,
    ],
    [
      `${READING_EASE_NAME[lang]} ≥ ${String(target.minEase)}${target.maxWiener === undefined ? '' : ` (or WSTF ≤ ${String(target.maxWiener)})`}`,
      easeMet,
    ],
    ...(target.maxLix === undefined
      ? []
      : [[`LIX ≤ ${String(target.maxLix)}`, figures.lix <= target.maxLix] as const]),
  ] as const;
  return `Targets: ${checks.map(([label, met]) => `${met ? '✓' : '✗'} ${label}`).join(', ')}`;
}

/** The easy-to-read pages of a language: their table, their targets and what misses them. */
function easyReadSection(items: readonly ContentItem[], lang: LocaleId): string[] {
  const rows = items.map(rowOf);
  const target = EASY_READ_TARGETS[lang];
  const problems = rows.flatMap(({ name, figures }) =>
    easyReadProblems(figures, lang).map((problem) => `- ${name}: ${problem}`),
  );
  return [
    `### ${LANGUAGE_NAME[lang]} (${lang}): easy to read`,
    '',
    formatTable(rows, lang),
    '',
    `Targets, each page: ${READING_EASE_NAME[lang]} ≥ ${String(target.minEase)}, LIX ≤ ${String(target.maxLix)}${target.maxWiener === undefined ? '' : `, WSTF ≤ ${String(target.maxWiener)}`}, ≤ ${String(target.maxAverageSentence)} words a sentence, none over ${String(EASY_READ_MAX_SENTENCE_WORDS)}.`,
    ...(problems.length === 0 ? ['Every easy-to-read page meets them.'] : problems),
    '',
  ];
}

/** The whole report for some languages, as text. */
export function report(
  items: readonly ContentItem[],
  languages: readonly LocaleId[],
  all: boolean,
): string {
  const out: string[] = [];
  const guides = new Set<string>(GUIDE_KEYS);
  const isGuide = (item: ContentItem) => item.kind === 'page' && guides.has(item.translationKey);
  for (const lang of languages) {
    const ofLanguage = items.filter((item) => item.lang === lang);
    const guideItems = ofLanguage.filter(isGuide);
    const rows = guideItems.map(rowOf).sort((a, b) => a.figures.ease - b.figures.ease);
    const together = measure(
      guideItems.flatMap((item) => proseSentences(proseOf(item), lang)),
      lang,
    );
    out.push(`## ${LANGUAGE_NAME[lang]} (${lang}): guides, hardest first`, '');
    out.push(formatTable([...rows, { name: 'all guides', figures: together }], lang), '');
    out.push(targetLine(together, lang), '');
    const easy = new Set<string>(EASY_READ_KEYS);
    const easyItems = ofLanguage.filter(
      (item) => item.kind === 'page' && easy.has(item.translationKey),
    );
    if (easyItems.length > 0) out.push(...easyReadSection(easyItems, lang));
    const others = ofLanguage.filter((item) => !isGuide(item) && !easyItems.includes(item));
    if (all && others.length > 0) {
      out.push(`### ${LANGUAGE_NAME[lang]} (${lang}): other pages, news and attacks`, '');
      out.push(formatTable(others.map(rowOf), lang), '');
    }
    const problems = [
      ...guideItems.flatMap((item) =>
        longSentences(proseOf(item), lang).map((problem) => ({ item, problem })),
      ),
      ...ofLanguage
        .filter((item) => item.kind === 'page')
        .flatMap((item) => longSummary(item.summary).map((problem) => ({ item, problem }))),
    ];
    out.push(
      problems.length === 0
        ? `No guide sentence over ${String(MAX_SENTENCE_WORDS)} words, no page summary over ${String(MAX_SUMMARY_WORDS)}.`
        : `${String(problems.length)} to shorten (guide sentences over ${String(MAX_SENTENCE_WORDS)} words, page summaries over ${String(MAX_SUMMARY_WORDS)}):`,
    );
    for (const { item, problem } of problems) {
      out.push(
        `- ${relative(process.cwd(), item.file)} ${problem.kind} (${String(problem.words)} words): ${problem.text}`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}

const isMain = import.meta.url === `file://${process.argv[1] ?? ''}`;
if (isMain) {
  const { values } = parseArgs({
    options: {
      lang: { type: 'string', multiple: true },
      all: { type: 'boolean', default: false },
      content: { type: 'string', default: join(import.meta.dirname, '../../../content') },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run content:check [-- --lang nl [--lang fr]] [--all] [--content DIR]\n' +
        'Readability of the guides per page and language; --all lists every long sentence.',
    );
    process.exit(0);
  }
  const languages = values.lang ?? [...LOCALE_IDS];
  const unknown = languages.filter((lang) => !isLocaleId(lang));
  if (unknown.length > 0) {
    console.error(`Unknown language ${unknown.join(', ')}; one of ${LOCALE_IDS.join(', ')}.`);
    process.exit(2);
  }
  // Read for their text only: the site's address does not matter here.
  const content = loadContent(values.content, TEXT_ONLY_ADDRESS);
  const items = [...content.pages, ...content.news, ...content.attacks];
  console.log(report(items, languages.filter(isLocaleId), values.all));
}
