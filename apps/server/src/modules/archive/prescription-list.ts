import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PRESCRIPTION_QUERY_FIELDS, type PrescriptionRow, type prescriptionListBody } from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { archiveCases, archiveVisits, users } from '../../db/schema/index.js';
import type { Principal } from '../auth/principal.repo.js';
import { buildQueryWhere, type QueryWhitelist } from '../query/query-sql.js';
import { visibleCases } from './archive.repo.js';
import { containsAny } from '../../db/contains.js';

const QUERY_FIELDS: QueryWhitelist = {
  patientName: { column: archiveCases.name, type: PRESCRIPTION_QUERY_FIELDS.patientName },
  tcmSyndrome: { column: archiveVisits.tcmSyndrome, type: PRESCRIPTION_QUERY_FIELDS.tcmSyndrome },
  tcmDisease: { column: archiveVisits.tcmDisease, type: PRESCRIPTION_QUERY_FIELDS.tcmDisease },
  visitDate: { column: archiveVisits.visitDate, type: PRESCRIPTION_QUERY_FIELDS.visitDate },
};

/**
 * What the search box searches: the patient, the diagnoses, and the formula name and herb names,
 * which live in the prescription's JSON.
 */
const SEARCHED = [
  archiveCases.name,
  archiveVisits.tcmSyndrome,
  archiveVisits.tcmDisease,
  sql`${archiveVisits.prescription}::text`,
];

/**
 * Every prescription the doctor may read, across cases: the visits with a prescription of the
 * live cases they own or share (docs/archive.md "Prescription list"), newest visit first.
 */
export async function listPrescriptions(
  ctx: AppContext,
  p: Principal,
  body: z.infer<typeof prescriptionListBody>,
): Promise<{ list: PrescriptionRow[]; total: number; page: number; size: number }> {
  const where: (SQL | undefined)[] = [
    visibleCases(p.user.id),
    isNull(archiveCases.deletedAt),
    isNotNull(archiveVisits.prescription),
    buildQueryWhere(body.query, QUERY_FIELDS),
  ];
  where.push(containsAny(body.search, SEARCHED));
  const cond = and(...where)!;
  const sort = body.order === 'asc' ? asc : desc;
  const rows = await ctx.db
    .select({ v: archiveVisits, patientName: archiveCases.name, doctorName: users.name })
    .from(archiveVisits)
    .innerJoin(archiveCases, eq(archiveCases.id, archiveVisits.caseId))
    .innerJoin(users, eq(users.id, archiveVisits.doctorUserId))
    .where(cond)
    .orderBy(sort(archiveVisits.visitDate), sort(archiveVisits.createdAt), sort(archiveVisits.id))
    .offset((body.page - 1) * body.size)
    .limit(body.size);
  const [n] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(archiveVisits)
    .innerJoin(archiveCases, eq(archiveCases.id, archiveVisits.caseId))
    .where(cond);
  return {
    list: rows.map(({ v, patientName, doctorName }) => ({
      visitId: v.id,
      caseId: v.caseId,
      patientName,
      visitNumber: v.number,
      visitDate: v.visitDate,
      tcmDisease: v.tcmDisease,
      tcmSyndrome: v.tcmSyndrome,
      prescription: v.prescription!,
      doctorName,
    })),
    total: n?.n ?? 0,
    page: body.page,
    size: body.size,
  };
}
