import { PDFDocument } from 'pdf-lib';
import type { z } from 'zod';
import {
  checkPrescription,
  clinicDay,
  conclusionText,
  formatDate,
  medicalRecordSchema,
  type caseListBody,
  type HerbFacts,
  type MedicalRecordInput,
  type ReportLanguage,
} from '@tcm/contract';
import { renderMedicalRecord } from '@tcm/report';
import type { AppContext } from '../../context.js';
import { xlsxSheet } from '../../http/xlsx-sheet.js';
import type { Principal } from '../auth/principal.repo.js';
import { findRecord } from '../records/records.repo.js';
import { ageOn, listCases } from './archive.service.js';
import * as repo from './archive.repo.js';

/** Organization line of the PDF header when the doctor has none on file. */
const DEFAULT_ORGANIZATION = { zh: '中医门诊', en: 'TCM clinic' } as const;

/** The typed inspection text, then one line per linked platform record with its conclusion. */
async function inspectionText(ctx: AppContext, v: repo.VisitRow, lang: ReportLanguage): Promise<string | undefined> {
  const lines = v.fourDiagnosis.inspection ? [v.fourDiagnosis.inspection] : [];
  for (const id of v.recordIds) {
    const r = await findRecord(ctx.db, id);
    const conclusion = conclusionText(r?.conclusion ?? null, lang);
    if (!r || !conclusion) continue;
    const day = clinicDay(r.createdAt);
    lines.push(lang === 'zh' ? `平台检测（${day}）：${conclusion}` : `Platform record (${day}): ${conclusion}`);
  }
  return lines.join('\n') || undefined;
}

const orNone = (s: string) => s || undefined;

/** The medical-record model of one visit (packages/report renders it). */
async function visitModel(
  ctx: AppContext,
  c: repo.CaseRow,
  v: repo.VisitRow,
  doctor: { name: string; title: string | null; organisation: string | null },
  lang: ReportLanguage,
  dictionary: ReadonlyMap<string, HerbFacts>,
): Promise<MedicalRecordInput> {
  const p = v.prescription;
  // The warnings the reader's screen shows for this visit (same function, same dictionary).
  const warnings = p ? checkPrescription(p.herbs, { pregnant: c.pregnant, dictionary }) : [];
  const ack = p?.acknowledgement;
  return {
    kind: 'medical-record',
    header: {
      organisation: doctor.organisation || DEFAULT_ORGANIZATION[lang],
      reportId: `${c.id.slice(0, 8)}-${v.number}`,
      date: v.visitDate,
      language: lang,
      person: { name: c.name, sex: c.sex, age: ageOn(c.birthDate, new Date(`${v.visitDate}T00:00:00Z`)) },
    },
    visit: { type: v.number === 1 ? 'first' : 'followUp', number: v.number },
    chiefComplaint: v.chiefComplaint,
    presentIllness: orNone(v.presentIllness),
    history: orNone(v.pastHistory),
    fourDiagnosis: {
      inspection: await inspectionText(ctx, v, lang),
      listening: orNone(v.fourDiagnosis.listening),
      inquiry: orNone(v.fourDiagnosis.inquiry),
      palpation: orNone(v.fourDiagnosis.palpation),
    },
    diagnosis: { tcmDisease: orNone(v.tcmDisease), tcmSyndrome: orNone(v.tcmSyndrome), western: v.western },
    treatmentPrinciple: orNone(v.treatmentPrinciple),
    prescription: p
      ? {
          name: orNone(p.name),
          herbs: p.herbs.map((h) => ({
            name: h.name,
            doseG: h.dose,
            ...(h.unit !== 'g' ? { unit: h.unit } : {}),
            ...(h.preparation ? { note: h.preparation } : {}),
          })),
          doses: p.doses,
          usage: orNone(p.usage),
          warnings: warnings.map((w) => w[lang]),
          ...(ack
            ? {
                acknowledgement: {
                  reason: ack.reason,
                  by: ack.byName,
                  at: formatDate(ack.at, lang),
                },
              }
            : {}),
        }
      : undefined,
    advice: orNone([v.advice, v.outcome].filter(Boolean).join('\n')),
    doctor: { name: doctor.name, ...(doctor.title ? { title: doctor.title } : {}), signedAt: v.visitDate },
  };
}

async function doctorOf(ctx: AppContext, userId: string) {
  const [u] = await repo.doctorsById(ctx.db, [userId]);
  return u ?? { name: '', title: null, organisation: null };
}

/** The reader's dictionary (own overrides) decides the dose warnings, as on their screen. */
export async function visitPdf(
  ctx: AppContext,
  c: repo.CaseRow,
  v: repo.VisitRow,
  lang: ReportLanguage,
  dictionary: ReadonlyMap<string, HerbFacts>,
) {
  const model = medicalRecordSchema.parse(
    await visitModel(ctx, c, v, await doctorOf(ctx, v.doctorUserId), lang, dictionary),
  );
  return renderMedicalRecord(model);
}

/** Every visit of the case in order, one medical record each, joined into one file. */
export async function casePdf(
  ctx: AppContext,
  c: repo.CaseRow,
  lang: ReportLanguage,
  dictionary: ReadonlyMap<string, HerbFacts>,
): Promise<Buffer> {
  const visits = await repo.visitsOf(ctx.db, c.id);
  const out = await PDFDocument.create();
  out.setTitle(`${c.name} ${lang === 'zh' ? '医案' : 'case record'}`);
  for (const v of visits) {
    const part = await PDFDocument.load(await visitPdf(ctx, c, v, lang, dictionary));
    for (const page of await out.copyPages(part, part.getPageIndices())) out.addPage(page);
  }
  return Buffer.from(await out.save());
}

const COLUMNS = [
  ['name', '姓名', 'Name', 14],
  ['sex', '性别', 'Sex', 8],
  ['age', '年龄', 'Age', 8],
  ['birthDate', '出生日期', 'Birth date', 12],
  ['phone', '电话', 'Phone', 16],
  ['idNumberMasked', '证件号', 'ID number', 22],
  ['groupName', '分组', 'Group', 14],
  ['visitCount', '就诊次数', 'Visits', 10],
  ['lastVisitAt', '末次就诊', 'Last visit', 12],
  ['tcmDisease', '中医病名', 'TCM disease', 16],
  ['tcmSyndrome', '中医证型', 'TCM syndrome', 18],
  ['ownerName', '医生', 'Doctor', 12],
  ['createdAt', '创建时间', 'Created', 20],
] as const;

/** Most rows one export holds; the list filters narrow larger archives. */
export const EXPORT_MAX_ROWS = 10000;

/** The case list (same filters as the list call, every page) as an .xlsx workbook; ID numbers stay masked. */
export async function casesXlsx(
  ctx: AppContext,
  p: Principal,
  body: z.infer<typeof caseListBody>,
  lang: ReportLanguage,
): Promise<Buffer> {
  const sheet = xlsxSheet({ zh: '医案列表', en: 'Cases' }, COLUMNS, lang);
  const sexText = { male: lang === 'zh' ? '男' : 'Male', female: lang === 'zh' ? '女' : 'Female' };
  const size = 1000;
  for (let page = 1; (page - 1) * size < EXPORT_MAX_ROWS; page++) {
    const { list } = await listCases(ctx, p, { ...body, page, size });
    for (const c of list) sheet.add({ ...c, sex: sexText[c.sex], createdAt: formatDate(c.createdAt, lang) });
    if (list.length < size) break;
  }
  return sheet.bytes();
}
