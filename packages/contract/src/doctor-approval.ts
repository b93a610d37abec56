import doctorApprovalErrors from './errors/doctor-approval.json' with { type: 'json' };
import { z } from 'zod';
import { adminPaging, adminSearchBody, pageOf } from './paging.js';
import { defineErrors } from './errors.js';
import { SYS_VERSION } from './paths.js';
import { sortOrder, type QueryFieldType } from './query.js';

/**
 * Approval of doctor registrations from /doctor/register (issue 22 item 1; docs/console.md
 * "Doctors"): a new registration is pending until a back-office user approves it or rejects it
 * with a reason; sign-in refuses pending and rejected doctors with their own codes.
 */
const DOCTOR = `/backend/sys/${SYS_VERSION}/doctor`;
export const DOCTOR_APPROVAL_PATHS = {
  list: `${DOCTOR}/list`,
  approve: `${DOCTOR}/approve`,
  reject: `${DOCTOR}/reject`,
} as const;

/** The one button code both decisions need (a reviewer approves and rejects alike). */
export const DOCTOR_APPROVAL_BUTTON = 'sysDoctor-approve';

export const DOCTOR_APPROVALS = ['pending', 'approved', 'rejected'] as const;
export const doctorApproval = z.enum(DOCTOR_APPROVALS);
export type DoctorApproval = z.infer<typeof doctorApproval>;

export const DOCTOR_APPROVAL_ERRORS = defineErrors(doctorApprovalErrors);

export const doctorListQuery = z.object({
  ...adminPaging,
  order: sortOrder,
});

/** Fields of the combined query on the doctors list (the server's whitelist reads the same). */
export const DOCTOR_QUERY_FIELDS = {
  loginName: 'string',
  name: 'string',
  email: 'string',
  phone: 'string',
  organisation: 'string',
  title: 'string',
  createdAt: 'date',
} as const satisfies Record<string, QueryFieldType>;

export const doctorListBody = adminSearchBody.extend({ approval: doctorApproval.optional() }).default({});
export type DoctorListBody = z.infer<typeof doctorListBody>;

export const doctorRow = z.object({
  id: z.string(),
  loginName: z.string(),
  name: z.string(),
  kind: z.enum(['doctor', 'researcher']).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  organisation: z.string().nullable(),
  title: z.string().nullable(),
  status: z.union([z.literal(0), z.literal(1)]),
  approval: doctorApproval,
  approvalReason: z.string().nullable(),
  /** The decision's audit line: who decided and when (null for seeded and pending accounts). */
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type DoctorRow = z.infer<typeof doctorRow>;
export const doctorPage = pageOf(doctorRow);
export type DoctorPage = z.infer<typeof doctorPage>;

export const doctorApproveBody = z.object({ id: z.string().uuid() });
export const doctorRejectBody = z.object({
  id: z.string().uuid(),
  /** Shown to the doctor at sign-in: required, so a refusal is never unexplained. */
  reason: z.string().trim().min(1).max(500),
});
