// The filtered list as one table in the member's language: a row per submission in the inbox's
// order; reference, date, form, language, status and handler; each form's questions as the
// submission page shows them (option labels, yes/no, file names); and the notes when asked.
// Several forms share one table: a form's question columns are empty on the other forms' rows
// (docs/back-office.md says why).
import type { FormDefinition } from '../../src/forms/definition.ts';
import { isLocaleId } from '../../src/i18n/locales.ts';
import { answerRows } from './answers.ts';
import type { ExportedCase } from './exports.ts';
import type { StaffLanguage, StaffTranslate } from './messages.ts';
import { languageName, statusName } from './pages/labels.ts';

const BRUSSELS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Brussels',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as Brussels' clock shows it, sortable as text: "2026-11-27 10:15". */
export function brusselsTime(iso: string): string {
  const part = Object.fromEntries(
    BRUSSELS.formatToParts(new Date(iso)).map((item) => [item.type, item.value]),
  );
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

export interface TableOptions {
  t: StaffTranslate;
  lang: StaffLanguage;
  forms: ReadonlyMap<string, FormDefinition>;
  notes: boolean;
}

/** The table: its header row, then one row per submission, every cell text. */
export function exportTable(cases: ExportedCase[], options: TableOptions): string[][] {
  const { t, lang, forms } = options;
  const present = new Set(cases.map((item) => item.form_id));
  // The forms of the list in the forms' own order, then any form no longer defined.
  const formIds = [...new Set([...forms.keys(), ...present])].filter((id) => present.has(id));
  const title = (formId: string) => forms.get(formId)?.title[lang] ?? formId;
  const questions = formIds.flatMap((formId) => {
    const form = forms.get(formId);
    if (!form) return [];
    return answerRows(form, {}, [], lang, lang, t).map((row) => ({
      formId,
      name: row.name,
      header: formIds.length > 1 ? `${title(formId)}: ${row.question}` : row.question,
    }));
  });
  const header = [
    t('columnReference'),
    t('columnReceived'),
    t('columnForm'),
    t('columnLanguage'),
    t('columnStatus'),
    t('columnAssignee'),
    ...questions.map((question) => question.header),
    ...(options.notes ? [t('exportNotesColumn')] : []),
  ];
  const rows = cases.map((item) => {
    const form = forms.get(item.form_id);
    const visitorLanguage = isLocaleId(item.lang) ? item.lang : lang;
    const formFiles = item.files.filter((file) => file.message_id === null);
    const answers = new Map(
      (form ? answerRows(form, item.values, formFiles, lang, visitorLanguage, t) : []).map(
        (row) => [
          row.name,
          row.files.length ? row.files.map((file) => file.file_name).join('; ') : row.answer,
        ],
      ),
    );
    return [
      item.id,
      brusselsTime(item.created_at),
      title(item.form_id),
      languageName(t, item.lang),
      statusName(t, item.status),
      item.assignee_name ?? t('nobody'),
      ...questions.map((question) =>
        question.formId === item.form_id ? (answers.get(question.name) ?? '') : '',
      ),
      ...(options.notes
        ? [
            item.notes
              .map(
                (note) =>
                  `${brusselsTime(note.at)} ${note.member_name ?? t('someone')}: ${note.text}`,
              )
              .join('\n\n'),
          ]
        : []),
    ];
  });
  return [header, ...rows];
}
