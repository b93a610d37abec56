import { z } from 'zod';
import { captureSlotSchema } from './records.js';
import { engineOutcomeSchema } from './results.js';

/**
 * The capture check (issue 17): at the step where a photo, pulse file or voice clip is given,
 * the uploaded file (uuid upload, the caller's own) goes through its engine alone, so a bad
 * capture is known before the record is made, with the engine's own message.
 */
export const captureCheckBodySchema = z.object({
  slot: captureSlotSchema,
  fileId: z.string().uuid(),
  lang: z.enum(['zh', 'en']).optional(),
});
export type CaptureCheckBody = z.infer<typeof captureCheckBodySchema>;

/** The engine's outcome on that file: done (with quality issues, if any) or failed with its code and message. */
export const captureCheckSchema = z.object({
  slot: captureSlotSchema,
  outcome: engineOutcomeSchema,
});
export type CaptureCheck = z.infer<typeof captureCheckSchema>;
