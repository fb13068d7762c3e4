// Submissions as a table for the desk: CSV (every cell quoted, RFC 4180, ";" by default as Belgian
// Excel splits on it) and XLSX (exceljs, every cell typed as text). A reader's text never becomes
// a formula: in CSV a formula start gets an apostrophe at the start of a cell and after any
// character a spreadsheet may split on; in XLSX no cell is a formula at all.
import type { FormDefinition } from '../../src/forms/definition.ts';
import { wellFormed } from '../../src/forms/clean-text.ts';
import { inputFields, localizeForm } from '../../src/forms/local-form.ts';

/** One stored submission as the exports see it (read by submissions.ts). */
export interface ExportedSubmission {
  reference: string;
  createdAt: string;
  lang: string;
  values: Record<string, unknown>;
  /** The files of each file field: the reader's file name and the file's name in UPLOAD_DIR. */
  files: Record<string, { name: string; token: string; type: string; size: number }[]>;
}

/** The delimiters a CSV export may use; Belgian Excel splits on ";". */
export const CSV_DELIMITERS = { ';': ';', ',': ',', tab: '\t' } as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[keyof typeof CSV_DELIMITERS];

// What starts a formula (OWASP "CSV injection", with the full-width forms some Excel versions
// also read), at the start of a cell or after a character a spreadsheet may split a cell on
// (whatever delimiter the person opening the file picks): an apostrophe goes before it.
const FORMULA_START = /(?<=^|[;,\t\r\n])(?=[=+\-@\t\r\uff1d\uff0b\uff0d\uff20])/g;
// Control characters other than tab and line breaks: invalid in XLSX (XML) and never typed.
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A cell's text as it may be shown: well formed, without control characters. */
const printable = (text: string) => wellFormed(text).replace(CONTROLS, '');

/** One CSV cell: formula starts neutralised, always quoted (RFC 4180). */
export function csvCell(value: string): string {
  const safe = printable(value).replace(FORMULA_START, "'");
  return `"${safe.replaceAll('"', '""')}"`;
}

const cellText = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cellText).join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

/** The table: reference, date, language, then one column per field (by name), as text. */
export function submissionRows(
  form: FormDefinition,
  submissions: ExportedSubmission[],
): string[][] {
  const fields = inputFields(localizeForm(form, 'en').fields);
  return [
    ['reference', 'created_at', 'lang', ...fields.map((field) => field.name)],
    ...submissions.map((submission) => [
      submission.reference,
      submission.createdAt,
      submission.lang,
      ...fields.map((field) =>
        field.type === 'file'
          ? (submission.files[field.name] ?? [])
              .map((file) => `${file.name} (${file.token})`)
              .join('; ')
          : cellText(
              Object.hasOwn(submission.values, field.name) ? submission.values[field.name] : '',
            ),
      ),
    ]),
  ];
}

/** The table as CSV, with a byte-order mark so that Excel reads it as UTF-8. */
export function toCsv(rows: string[][], delimiter: CsvDelimiter = ';'): string {
  return `\ufeff${rows.map((row) => row.map(csvCell).join(delimiter) + '\r\n').join('')}`;
}

/** The table as an XLSX workbook: one sheet, every cell a string in the text format ("@"). */
export async function toXlsx(rows: string[][], sheetName: string): Promise<Buffer> {
  // Loaded when asked for: a CSV export does not wait for it.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  for (const row of rows) {
    // Line breaks as a workbook keeps them: \n (XML would turn a lone \r into \n anyway).
    const added = sheet.addRow(row.map((cell) => printable(cell).replace(/\r\n?/g, '\n')));
    added.eachCell({ includeEmpty: true }, (cell) => {
      cell.numFmt = '@';
    });
  }
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
