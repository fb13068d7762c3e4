// The desk lead's overview page (issue 42): the cases per form and per language by where they
// are, the oldest case never answered, and the share answered within the promised period per
// week, as a small SVG chart drawn on the server and as a table (the table is what a screen
// reader reads: the chart is one image with a title).
import { createElement as h, Fragment } from 'react';
import type { CaseCounts, Overview, WeekFigures } from '../overview.ts';
import { caseLink, section } from './desk-cases.ts';
import { documentOf, type PageContext } from './document.ts';
import { languageName, statusName } from './labels.ts';
import { dataTable, dateTime } from './parts.ts';

export interface OverviewPageData {
  overview: Overview;
  /** content/site.yaml's deskAnswerDays. */
  answerDays: number;
  formTitle: (formId: string) => string;
}

/** The share of a week's due cases answered in time, or null when none is due yet. */
export const shareInTime = (week: WeekFigures): number | null => {
  const due = week.received - week.notDue;
  return due > 0 ? week.inTime / due : null;
};

/** A table of counts, one row per form or language, and the row of them all. */
function countsTable(
  context: PageContext,
  id: string,
  rows: readonly CaseCounts[],
  total: CaseCounts,
  name: (key: string) => string,
) {
  const { t } = context;
  const row = (counts: CaseCounts, label: string) =>
    h(
      'tr',
      { key: counts.key || '*' },
      h('th', { scope: 'row' }, label),
      h('td', null, counts.new),
      h('td', null, counts.inProgress),
      h('td', null, counts.waiting),
      h('td', null, counts.answeredThisWeek),
    );
  return dataTable(
    { 'aria-labelledby': id },
    [
      id === 'by-form' ? t('form') : t('writtenIn'),
      t('status_new'),
      t('status_in_progress'),
      t('overviewWaiting'),
      t('overviewAnsweredWeek'),
    ],
    h(
      Fragment,
      null,
      rows.map((counts) => row(counts, name(counts.key))),
      row(total, id === 'by-form' ? t('overviewAll') : t('overviewAllLanguages')),
    ),
  );
}

/** A week's Monday as the member reads a date. */
const mondayText = (monday: string, lang: PageContext['lang']) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${monday}T00:00:00Z`));

const percent = (share: number, lang: PageContext['lang']) =>
  new Intl.NumberFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`, { style: 'percent' }).format(share);

const BAR = { width: 26, gap: 14, top: 18, height: 120 };

/** The weeks' shares as bars (100 % at the top line); a week with none due has no bar. */
function chart(context: PageContext, weeks: readonly WeekFigures[], answerDays: number) {
  const { t, lang } = context;
  const width = weeks.length * (BAR.width + BAR.gap) + BAR.gap;
  const base = BAR.top + BAR.height;
  return h(
    'svg',
    {
      className: 'chart',
      role: 'img',
      'aria-labelledby': 'chart-title',
      viewBox: `0 0 ${width} ${base + 22}`,
      width,
      height: base + 22,
    },
    h(
      'title',
      { id: 'chart-title' },
      t('overviewChartTitle', { days: answerDays, weeks: weeks.length }),
    ),
    h('line', { className: 'chart__line', x1: 0, x2: width, y1: BAR.top, y2: BAR.top }),
    h('line', { className: 'chart__axis', x1: 0, x2: width, y1: base, y2: base }),
    weeks.map((week, index) => {
      const share = shareInTime(week);
      const x = BAR.gap + index * (BAR.width + BAR.gap);
      const height = Math.round((share ?? 0) * BAR.height);
      const middle = x + BAR.width / 2;
      return h(
        'g',
        { key: week.monday },
        share === null
          ? null
          : h('rect', {
              className: 'chart__bar',
              x,
              y: base - height,
              width: BAR.width,
              height,
            }),
        h(
          'text',
          { x: middle, y: base - height - 4, textAnchor: 'middle' },
          share === null ? '–' : percent(share, lang),
        ),
        h('text', { x: middle, y: base + 15, textAnchor: 'middle' }, week.monday.slice(5)),
      );
    }),
  );
}

/** The weeks' figures as a table: the accessible source of the chart. */
function weeksTable(context: PageContext, weeks: readonly WeekFigures[], answerDays: number) {
  const { t, lang } = context;
  return dataTable(
    { 'aria-labelledby': 'in-time' },
    [
      t('overviewWeek'),
      t('overviewReceived'),
      t('overviewAnsweredInTime'),
      t('overviewNotDue', { days: answerDays }),
      t('overviewShare'),
    ],
    [...weeks].reverse().map((week) => {
      const share = shareInTime(week);
      return h(
        'tr',
        { key: week.monday },
        h('th', { scope: 'row' }, mondayText(week.monday, lang)),
        h('td', null, week.received),
        h('td', null, week.inTime),
        h('td', null, week.notDue),
        h('td', null, share === null ? t('overviewNoShare') : percent(share, lang)),
      );
    }),
  );
}

/** The overview page. */
export function overviewPage(context: PageContext, data: OverviewPageData): string {
  const { t, lang } = context;
  const { overview, answerDays } = data;
  const oldest = overview.oldest;
  return documentOf(
    context,
    t('overviewTitle'),
    h(
      Fragment,
      null,
      h('p', null, t('overviewIntro')),
      section(
        'by-form',
        t('overviewByForm'),
        overview.byForm.length
          ? countsTable(context, 'by-form', overview.byForm, overview.total, data.formTitle)
          : h('p', null, t('overviewNone')),
      ),
      section(
        'by-language',
        t('overviewByLanguage'),
        overview.byLanguage.length
          ? countsTable(context, 'by-language', overview.byLanguage, overview.total, (key) =>
              languageName(t, key),
            )
          : h('p', null, t('overviewNone')),
      ),
      section(
        'oldest',
        t('overviewOldest'),
        oldest
          ? h(
              'p',
              null,
              caseLink(oldest.id),
              ', ',
              t('overviewOldestLine', {
                date: dateTime(oldest.created_at, lang),
                form: data.formTitle(oldest.form_id),
                status: statusName(t, oldest.status),
              }),
            )
          : h('p', null, t('overviewNoneOpen')),
      ),
      section(
        'in-time',
        t('overviewInTime', { days: answerDays }),
        h('p', null, t('overviewInTimeHelp', { days: answerDays })),
        chart(context, overview.weeks, answerDays),
        weeksTable(context, overview.weeks, answerDays),
      ),
    ),
  );
}
