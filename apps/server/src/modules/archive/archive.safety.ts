import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ARCHIVE_ERRORS,
  checkPrescription,
  needsAcknowledgement,
  refusedWarnings,
  type Acknowledgement,
  type SafetyWarning,
  type StoredPrescription,
  type visitBody,
} from '@tcm/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../auth/principal.repo.js';
import { writeAudit } from '../audit/audit.service.js';
import { dictionaryFor } from './archive.dictionary.js';

type PrescriptionBody = z.infer<typeof visitBody>['prescription'];

/** What the 409 answers list: each warning with its code, both languages. */
const listed = (ws: readonly SafetyWarning[]) => ({ warnings: ws });

/** Same warnings (kind and herbs), whatever the wording: a changed dictionary text is no new warning. */
const key = (w: SafetyWarning) => `${w.code}:${w.herbs.join('+')}`;

/**
 * The gate of a visit's save (issue 32, docs/archive.md "Safety checks"): checks the prescription
 * with the saving doctor's dictionary and the patient's pregnancy, refuses a toxic dose above the
 * hard ceiling whatever is sent (409 `4101014`), and refuses a prescription whose 十八反, 十九畏,
 * 孕妇禁用 or toxic-dose warnings come without a written reason (409 `4101013`). Answers the
 * prescription to store, with who acknowledged, when and why, and `fresh` when this save gave or
 * changed the acknowledgement (the route audits it).
 */
export async function gatePrescription(
  ctx: AppContext,
  p: Principal,
  pregnant: boolean,
  body: PrescriptionBody,
  previous: StoredPrescription | null = null,
): Promise<{ prescription: StoredPrescription | null; fresh: Acknowledgement | null }> {
  if (!body) return { prescription: null, fresh: null };
  const { acknowledgement, ...rx } = body;
  const warnings = checkPrescription(rx.herbs, { pregnant, dictionary: await dictionaryFor(ctx.db, p.user.id) });
  const refused = refusedWarnings(warnings);
  if (refused.length) throw new AppError(ARCHIVE_ERRORS.PRESCRIPTION_REFUSED, undefined, listed(refused));
  const asked = needsAcknowledgement(warnings);
  // A reason sent for a prescription that needs none is not kept: nothing was acknowledged.
  if (!asked.length) return { prescription: rx, fresh: null };
  // An edit that raises no warning beyond those already acknowledged keeps who, when and why, whether
  // it sends the reason again or none; a new warning needs a reason given now.
  const old = previous?.acknowledgement;
  const done = new Set(old?.warnings.map(key));
  const covered = asked.every((w) => done.has(key(w)));
  if (old && covered && (!acknowledgement || acknowledgement.reason === old.reason))
    return { prescription: { ...rx, acknowledgement: old }, fresh: null };
  if (!acknowledgement) throw new AppError(ARCHIVE_ERRORS.PRESCRIPTION_NEEDS_REASON, undefined, listed(asked));
  const fresh: Acknowledgement = {
    reason: acknowledgement.reason,
    byUserId: p.user.id,
    byName: p.user.name,
    at: new Date().toISOString(),
    warnings: asked,
  };
  return { prescription: { ...rx, acknowledgement: fresh }, fresh };
}

/**
 * One audit row per acknowledgement a save gave or changed (`archive.visit.acknowledge`): the
 * reason and the warning codes with their herbs, so who accepted which risk, when and why can be
 * read without the visit (which a later edit may change).
 */
export async function auditAcknowledgement(
  db: Db,
  request: FastifyRequest,
  v: { id: string; caseId: string },
  ack: Acknowledgement | null,
): Promise<void> {
  if (!ack) return;
  await writeAudit(db, request, {
    action: 'archive.visit.acknowledge',
    targetId: v.caseId,
    detail: {
      visitId: v.id,
      reason: ack.reason,
      warnings: ack.warnings.map((w) => ({ code: w.code, herbs: w.herbs })),
    },
  });
}
