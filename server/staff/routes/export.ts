// Administrators: the inbox's list, under the same filters as on the screen, exported as a
// table in the member's language (CSV or XLSX) or as its files in one ZIP; every export is a
// line of the audit log (format, count, filters in words; no visitor's data).
import type { FastifyPluginCallback } from 'fastify';
import { toCsv, toXlsx } from '../../forms/spreadsheet.ts';
import { audit } from '../../storage/audit.ts';
import { filesZip, zipEntries } from '../export-zip.ts';
import { exportTable } from '../export-table.ts';
import { exportDetail, exportedCases, filterWords } from '../exports.ts';
import { filterOf, searchRefused } from '../inbox-query.ts';
import type { InboxFilter } from '../inbox.ts';
import { inboxHref } from '../pages/inbox.ts';
import { messagePage } from '../pages/message.ts';
import { ADMIN, contextOf, firstString, html, memberOf, type StaffDeps } from './context.ts';

const FORMATS = ['csv', 'xlsx', 'zip'] as const;
// What the export's query holds besides the list's filters.
const OWN_KEYS = new Set(['format', 'notes']);

/**
 * True when every filter the query asks for is one the list applies, as the list writes it: a
 * filter dropped as unknown or malformed would widen the export beyond what the member saw.
 */
function appliesAll(query: Record<string, unknown>, filter: InboxFilter): boolean {
  const applied = new URLSearchParams(inboxHref(filter, 1).split('?')[1] ?? '');
  return Object.entries(query).every(
    ([key, value]) =>
      OWN_KEYS.has(key) ||
      (value === '' && !applied.has(key)) ||
      (typeof value === 'string' && applied.get(key) === value),
  );
}

/** GET /staff/export?<the inbox's filters>&format=csv|xlsx|zip[&notes=1]. */
export const exportRoutes: FastifyPluginCallback<StaffDeps> = (app, deps, pluginDone) => {
  const { db, forms, masterKey } = deps;

  app.get<{ Querystring: Record<string, unknown> }>(
    '/staff/export',
    ADMIN,
    async (request, reply) => {
      const context = contextOf(request);
      const { t } = context;
      const { filter } = filterOf(request.query, deps);
      if (!appliesAll(request.query, filter) || searchRefused(filter)) {
        return html(reply, 400, messagePage(context, t('exportRefusedTitle'), t('exportRefused')));
      }
      const format = FORMATS.find((item) => item === request.query.format) ?? 'csv';
      const notes = format !== 'zip' && firstString(request.query.notes) === '1';
      const cases = await exportedCases(db, filter, masterKey, { notes });
      const day = new Date().toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="submissions-${day}.${format}"`);
      const entries = format === 'zip' ? zipEntries(cases) : [];
      // Audited before any byte leaves: the format, how many rows or files, the filters.
      await audit(db, {
        memberId: memberOf(request).id,
        action: 'exported',
        detail: exportDetail({
          format,
          ...(format === 'zip'
            ? { count: entries.length, unit: 'file' }
            : { count: cases.length, unit: 'row', notes }),
          filters: filterWords(filter),
        }),
      });
      if (format === 'zip') return reply.type('application/zip').send(filesZip(deps, entries));
      const rows = exportTable(cases, { t, lang: context.lang, forms, notes });
      if (format === 'xlsx') {
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .send(await toXlsx(rows, t('inboxTitle')));
      }
      return reply.type('text/csv; charset=utf-8').send(toCsv(rows));
    },
  );
  pluginDone();
};
