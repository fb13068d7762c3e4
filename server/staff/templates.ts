// The desk's answer templates (issue 41): kept per language by administrators; a member starts
// an answer from one, its {reference} replaced by the message's reference. They hold no
// visitor's data, so they are stored in clear.
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.ts';
import { audit } from '../storage/audit.ts';
import { newId } from '../storage/tokens.ts';

export const TEMPLATE_TITLE_MAX = 200;
export const TEMPLATE_BODY_MAX = 5000;

export interface AnswerTemplate {
  id: string;
  lang: string;
  title: string;
  body: string;
}

/** The templates, of one language or all, by language then title. */
export async function listTemplates(
  db: Kysely<Database>,
  lang?: string,
): Promise<AnswerTemplate[]> {
  let query = db.selectFrom('answer_templates').select(['id', 'lang', 'title', 'body']);
  if (lang) query = query.where('lang', '=', lang);
  return query.orderBy('lang').orderBy('title').execute();
}

/** One template, or undefined. */
export const templateById = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('answer_templates')
    .select(['id', 'lang', 'title', 'body'])
    .where('id', '=', id)
    .executeTakeFirst();

/** Adds a template (audited: its title only). */
export async function addTemplate(
  db: Kysely<Database>,
  memberId: string,
  template: Omit<AnswerTemplate, 'id'>,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('answer_templates')
      .values({ id: newId(), ...template, updated_at: new Date().toISOString() })
      .execute();
    await audit(trx, { memberId, action: 'template', detail: `added: ${template.title}` });
  });
}

/** Deletes a template; false when there was none. */
export async function deleteTemplate(db: Kysely<Database>, memberId: string, id: string) {
  return db.transaction().execute(async (trx) => {
    const template = await trx
      .selectFrom('answer_templates')
      .select('title')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!template) return false;
    await trx.deleteFrom('answer_templates').where('id', '=', id).execute();
    await audit(trx, { memberId, action: 'template', detail: `deleted: ${template.title}` });
    return true;
  });
}

/** A template's text for one message: {reference} replaced. */
export const fillTemplate = (body: string, reference: string): string =>
  body.replaceAll('{reference}', reference);
