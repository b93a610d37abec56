import { and, eq } from 'drizzle-orm';
import {
  CONTENT_ERRORS,
  ENQUIRY_FIELD_LABELS,
  ENQUIRY_FIELDS,
  isPhoneNumber,
  type Enquiry,
  type EnquiryPage,
  type EnquiryStatus,
  type EnquirySubmitBody,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { enquiries } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { countCall } from '../auth/call-window.repo.js';
import * as repo from './content.repo.js';
import { plainText } from './sanitize-content.js';
import { containsAny } from '../../db/contains.js';

const HOUR_S = 3600;

const enquiryOf = (r: repo.EnquiryRowDb): Enquiry => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The cooperation form (spec §5): every field required, the contact a mobile or landline
 * number, checked here so the message is in the sender's language and names the field. Limited
 * per client address and hour in the database (`login_failures` windows, shared by processes);
 * the limit is counted before the checks, so probing with bad bodies spends it too.
 */
export async function submitEnquiry(
  db: Db,
  b: EnquirySubmitBody,
  client: { ip: string; lang: 'zh' | 'en'; perHour: number },
): Promise<{ id: number }> {
  const waitS = await countCall(db, `enquiry:${client.ip}`, client.perHour, HOUR_S);
  if (waitS > 0) throw new AppError(CONTENT_ERRORS.ENQUIRY_RATE_LIMITED, undefined, { retryAfterS: waitS });
  const clean = Object.fromEntries(ENQUIRY_FIELDS.map((f) => [f, plainText(b[f] ?? '')])) as Record<
    (typeof ENQUIRY_FIELDS)[number],
    string
  >;
  for (const f of ENQUIRY_FIELDS)
    if (!clean[f]) {
      const label = ENQUIRY_FIELD_LABELS[f][client.lang];
      throw new AppError(
        CONTENT_ERRORS.FIELD_REQUIRED,
        client.lang === 'en' ? `Please fill in the ${label}` : `请填写${label}`,
        { field: f },
      );
    }
  if (!isPhoneNumber(clean.contact))
    throw new AppError(CONTENT_ERRORS.CONTACT_INVALID, undefined, { field: 'contact' });
  const row = await repo.insertEnquiry(db, { ...clean, language: client.lang });
  return { id: row.id };
}

export async function listEnquiries(
  db: Db,
  q: { status?: EnquiryStatus; keyword?: string; page: number; size: number },
): Promise<EnquiryPage> {
  const where = and(
    q.status ? eq(enquiries.status, q.status) : undefined,
    containsAny(q.keyword, [enquiries.company, enquiries.contactPerson, enquiries.contact, enquiries.description]),
  );
  const { rows, total } = await repo.listEnquiries(db, where, q.page, q.size);
  return { list: rows.map(enquiryOf), total };
}

export async function updateEnquiry(
  db: Db,
  b: { id: number; status?: EnquiryStatus | undefined; note?: string | null | undefined },
): Promise<Enquiry> {
  const values = {
    ...(b.status ? { status: b.status } : {}),
    ...(b.note !== undefined ? { note: b.note === null ? null : plainText(b.note) || null } : {}),
  };
  const r = await repo.updateEnquiry(db, b.id, values);
  if (!r) throw new AppError(CONTENT_ERRORS.ENQUIRY_NOT_FOUND);
  return enquiryOf(r);
}

/** Every enquiry (newest first) for the export; bounded so one export cannot exhaust memory. */
export async function allEnquiries(db: Db, status?: EnquiryStatus): Promise<Enquiry[]> {
  const { rows } = await repo.listEnquiries(db, status ? eq(enquiries.status, status) : undefined, 1, 50_000);
  return rows.map(enquiryOf);
}
