import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { archiveCases, archiveVisits, inquiryForms, inquiryTemplates, users } from '../../db/schema/index.js';
import { visibleCases } from '../archive/archive.repo.js';
import { containsAny } from '../../db/contains.js';
import { firstRow, insertRow } from '../../db/rows.js';

export type TemplateRow = typeof inquiryTemplates.$inferSelect;
export type FormRow = typeof inquiryForms.$inferSelect;
export type FormInsert = typeof inquiryForms.$inferInsert;

export async function templatesOf(db: Db, ownerUserId: string): Promise<TemplateRow[]> {
  return db
    .select()
    .from(inquiryTemplates)
    .where(eq(inquiryTemplates.ownerUserId, ownerUserId))
    .orderBy(desc(inquiryTemplates.updatedAt));
}

export const findTemplate = (db: Db, id: string): Promise<TemplateRow | undefined> =>
  firstRow(db, inquiryTemplates, eq(inquiryTemplates.id, id));

export const insertTemplate = (db: Db, values: typeof inquiryTemplates.$inferInsert): Promise<TemplateRow> =>
  insertRow(db, inquiryTemplates, values);

export async function updateTemplate(
  db: Db,
  id: string,
  set: Pick<TemplateRow, 'name' | 'description' | 'definition'>,
): Promise<TemplateRow> {
  const [row] = await db
    .update(inquiryTemplates)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(inquiryTemplates.id, id))
    .returning();
  if (!row) throw new Error('template update failed');
  return row;
}

/** Deletes the template; its forms keep their own copy of the definition (template_id goes null). */
export async function removeTemplate(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(inquiryForms).set({ templateId: null }).where(eq(inquiryForms.templateId, id));
    await tx.delete(inquiryTemplates).where(eq(inquiryTemplates.id, id));
  });
}

export const insertForm = (db: Db, values: FormInsert): Promise<FormRow> => insertRow(db, inquiryForms, values);

export const findForm = (db: Db, id: string): Promise<FormRow | undefined> =>
  firstRow(db, inquiryForms, eq(inquiryForms.id, id));

export const findFormByTokenHash = (db: Db, tokenHash: string): Promise<FormRow | undefined> =>
  firstRow(db, inquiryForms, eq(inquiryForms.tokenHash, tokenHash));

/**
 * Stores the patient's answers only if the link is still unused and unexpired, in one statement:
 * two submissions racing each other cannot both land. Answers whether this call stored them.
 */
export async function submitOnce(
  db: Db,
  id: string,
  values: Pick<FormRow, 'answers' | 'score'>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(inquiryForms)
    .set({ ...values, submittedAt: now })
    .where(and(eq(inquiryForms.id, id), isNull(inquiryForms.submittedAt), gt(inquiryForms.expiresAt, now)))
    .returning({ id: inquiryForms.id });
  return rows.length === 1;
}

export interface FormListRow extends FormRow {
  patientName: string;
  visitNumber: number | null;
  doctorName: string;
}

const formColumns = {
  f: inquiryForms,
  patientName: archiveCases.name,
  visitNumber: archiveVisits.number,
  doctorName: users.name,
};

/** Forms of the live cases a doctor may open, newest first (or oldest with order asc). */
export async function listForms(
  db: Db,
  userId: string,
  filter: { caseId?: string; search?: string; status?: 'pending' | 'submitted' | 'expired' },
  page: { offset: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ rows: FormListRow[]; total: number }> {
  const where: (SQL | undefined)[] = [visibleCases(userId), isNull(archiveCases.deletedAt)];
  if (filter.caseId) where.push(eq(inquiryForms.caseId, filter.caseId));
  where.push(containsAny(filter.search, [archiveCases.name, inquiryForms.templateName]));
  if (filter.status === 'submitted') where.push(sql`${inquiryForms.submittedAt} is not null`);
  if (filter.status === 'pending')
    where.push(sql`${inquiryForms.submittedAt} is null and ${inquiryForms.expiresAt} > now()`);
  if (filter.status === 'expired')
    where.push(sql`${inquiryForms.submittedAt} is null and ${inquiryForms.expiresAt} <= now()`);
  const cond = and(...where)!;
  const sort = page.order === 'asc' ? asc : desc;
  const rows = await db
    .select(formColumns)
    .from(inquiryForms)
    .innerJoin(archiveCases, eq(archiveCases.id, inquiryForms.caseId))
    .innerJoin(users, eq(users.id, inquiryForms.doctorUserId))
    .leftJoin(archiveVisits, eq(archiveVisits.id, inquiryForms.visitId))
    .where(cond)
    .orderBy(sort(inquiryForms.createdAt), sort(inquiryForms.id))
    .offset(page.offset)
    .limit(page.limit);
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inquiryForms)
    .innerJoin(archiveCases, eq(archiveCases.id, inquiryForms.caseId))
    .where(cond);
  return {
    rows: rows.map((r) => ({
      ...r.f,
      patientName: r.patientName,
      visitNumber: r.visitNumber,
      doctorName: r.doctorName,
    })),
    total: n?.n ?? 0,
  };
}

/** One form with the names its summary shows. */
export async function formWithNames(db: Db, id: string): Promise<FormListRow | undefined> {
  const [r] = await db
    .select(formColumns)
    .from(inquiryForms)
    .innerJoin(archiveCases, eq(archiveCases.id, inquiryForms.caseId))
    .innerJoin(users, eq(users.id, inquiryForms.doctorUserId))
    .leftJoin(archiveVisits, eq(archiveVisits.id, inquiryForms.visitId))
    .where(eq(inquiryForms.id, id));
  return r && { ...r.f, patientName: r.patientName, visitNumber: r.visitNumber, doctorName: r.doctorName };
}

/** The case's latest visit (highest number), where a form without a named visit lands. */
export async function latestVisit(db: Db, caseId: string) {
  const [v] = await db
    .select({ id: archiveVisits.id })
    .from(archiveVisits)
    .where(eq(archiveVisits.caseId, caseId))
    .orderBy(desc(archiveVisits.number))
    .limit(1);
  return v;
}
