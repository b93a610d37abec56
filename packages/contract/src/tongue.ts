import tongueErrors from './errors/tongue.json' with { type: 'json' };
import { z } from 'zod';
import { defineTippedErrors, type TippedErrorDef } from './errors.js';
import { engineVersionSchema, qualityIssueSchema } from './engine.js';
import { tongueFeaturesSchema } from './tongue-features.js';
import { bilingualTextSchema } from './constitution.js';

/** A tongue error: the problem, then what to do about it; `tip` holds the advice alone for the UI. */
export type TongueErrorDef = TippedErrorDef;

/**
 * Errors and quality codes of the tongue engine (range 31xxxxx). 31000xx: the file; 31001xx: the
 * photo cannot be analyzed (thrown); 31002xx: the photo is analyzed but a problem is reported in
 * `quality.issues` (the readings may be affected; a retake is advised); 31005xx: the engine itself.
 */
export const TONGUE_ERRORS = defineTippedErrors(tongueErrors);
export type TongueErrorKey = keyof typeof TONGUE_ERRORS;

/** A point `[x, y]` in the pixels of the photo as uploaded (after EXIF rotation). */
export const tonguePointSchema = z.tuple([z.number(), z.number()]);

/** Where the tongue is: the photo size, the tongue's box, area share and smoothed outline. */
export const tongueMaskSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  /** Bounding box of the tongue: x, y, width, height. */
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** Share of the photo's pixels that are tongue, 0-1. */
  areaFraction: z.number().min(0).max(1),
  /** Closed outline (first point not repeated), clockwise in image coordinates. */
  polygon: z.array(tonguePointSchema),
});
export type TongueMask = z.infer<typeof tongueMaskSchema>;

/** Result of the tongue engine for one photo. */
export const tongueResultSchema = z.object({
  /** engine: code version; model: segmentation model; features: feature extractor version. */
  version: engineVersionSchema.extend({ features: z.string().optional() }),
  quality: z.object({
    /** False when any issue is reported: the readings may be affected and a retake is advised. */
    ok: z.boolean(),
    issues: z.array(qualityIssueSchema),
    /** The measured values the quality checks compared with their thresholds. */
    evidence: z.record(z.string(), z.number()),
  }),
  mask: tongueMaskSchema,
  features: tongueFeaturesSchema,
  /** Notes for the reader in zh and en (plain English strings in results saved before 2026-11). */
  notes: z.array(bilingualTextSchema),
});
export type TongueResult = z.infer<typeof tongueResultSchema>;
