import recordRedoErrors from './errors/record-redo.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import { captureSlotSchema, inquiryAnswersSchema } from './records.js';

/**
 * Redo one part of an existing record (issue 17 item 4, issue 32): a failed or unwanted tongue,
 * face, pulse or voice capture is replaced by a new upload, or refused questionnaire answers by new
 * ones; only that engine and the synthesis run again, the vitals and the other engines' results
 * stay. docs/records.md "Redo".
 * Range 4006001–4006049.
 */
export const REDO_ERRORS = defineErrors(recordRedoErrors);

/**
 * What a redo replaces: a capture slot's file (the caller's own uuid upload; issue 17), or the
 * questionnaire's answers when the constitution engine refused them (issue 32: inconsistent
 * answers). Only that part's engine and the synthesis run again.
 */
export const recordRedoBodySchema = z.union([
  z.object({ slot: captureSlotSchema, fileId: z.string().uuid() }),
  z.object({ slot: z.literal('constitution'), inquiry: inquiryAnswersSchema }),
]);
export type RecordRedoBody = z.infer<typeof recordRedoBodySchema>;
/** The parts a redo may replace: the four capture slots and the questionnaire. */
export type RedoPart = RecordRedoBody['slot'];
