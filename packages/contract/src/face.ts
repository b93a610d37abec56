import faceErrors from './errors/face.json' with { type: 'json' };
import { z } from 'zod';
import { defineTippedErrors, type TippedErrorDef } from './errors.js';
import { engineVersionSchema, qualityIssueSchema } from './engine.js';

/** A face error: the problem, then what to do about it; `tip` holds the advice alone for the UI. */
export type FaceErrorDef = TippedErrorDef;

/**
 * Errors and quality codes of the face engine (range 32xxxxx). 32000xx: the file; 32001xx: the
 * photo cannot be analyzed (thrown); 32002xx: the photo is analyzed but a problem is reported
 * in `quality.issues`; 32005xx: the engine itself.
 */
export const FACE_ERRORS = defineTippedErrors(faceErrors);
export type FaceErrorKey = keyof typeof FACE_ERRORS;

/** CIELAB color (D65): L* 0-100, a* and b* roughly -128..127. */
export const faceLabSchema = z.object({ L: z.number(), a: z.number(), b: z.number() });
export type FaceLab = z.infer<typeof faceLabSchema>;

export const FACE_REGIONS = [
  'forehead',
  'nose',
  'leftCheek',
  'rightCheek',
  'chin',
  'leftUnderEye',
  'rightUnderEye',
  'lips',
] as const;
export const faceRegionNameSchema = z.enum(FACE_REGIONS);
export type FaceRegionName = z.infer<typeof faceRegionNameSchema>;

/**
 * One region: median CIELAB of its pixels, their spread (interquartile range of L*) and count,
 * and its outline in the uploaded photo's pixels (x, y), for drawing it on the web page or in
 * the PDF report.
 */
export const faceRegionSchema = z.object({
  lab: faceLabSchema,
  iqrL: z.number(),
  pixels: z.number().int(),
  /** Always filled by face-1.0.0; optional so results stored before it still parse. */
  outline: z.array(z.tuple([z.number(), z.number()])).optional(),
});
export type FaceRegion = z.infer<typeof faceRegionSchema>;

/** 五色 complexion classes: normal, 青 blue-green, 赤 red, 黄 yellow, 白 pale, 黑 dark. */
export const COMPLEXIONS = ['normal', 'blue_green', 'red', 'yellow', 'pale', 'dark'] as const;
export const complexionSchema = z.enum(COMPLEXIONS);
export type Complexion = z.infer<typeof complexionSchema>;

export const GLOSS = ['lustrous', 'dull'] as const;
export const LIP_COLORS = ['pale', 'light_red', 'red', 'dark_purple'] as const;
/** Skin-tone categories of the individual typology angle (Chardon et al. 1991; Del Bino 2006). */
export const ITA_CATEGORIES = ['very_light', 'light', 'intermediate', 'tan', 'brown', 'dark'] as const;

const label = z.object({ zh: z.string(), en: z.string() });

/** A 0-100 cosmetic score (higher = more pronounced) with the measured values it came from. */
export const faceMetricSchema = z.object({
  score: z.number().min(0).max(100),
  evidence: z.record(z.string(), z.number()),
  /**
   * 'low' when the engine's repeatability reference (docs/face.md) found the score moving more
   * under ordinary re-takes (exposure, white balance, compression, scale, rotation) than it
   * differs between people. Set from face-1.1.0; absent on results stored before.
   */
  confidence: z.enum(['normal', 'low']).optional(),
});
export type FaceMetric = z.infer<typeof faceMetricSchema>;

/** A detected pigment spot in image pixels (center and radius). */
export const faceSpotSchema = z.object({ x: z.number(), y: z.number(), r: z.number() });

/** Result of the face engine for one photo. */
export const faceResultSchema = z.object({
  version: engineVersionSchema,
  image: z.object({ width: z.number().int(), height: z.number().int() }),
  face: z.object({
    /** Bounding box of the landmarks in image pixels: x, y, width, height. */
    box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    score: z.number(),
    /** Head pose from the landmark mesh, degrees (yaw + = turned to the image right). */
    yawDeg: z.number(),
    pitchDeg: z.number(),
    rollDeg: z.number(),
  }),
  quality: z.object({
    issues: z.array(qualityIssueSchema),
    evidence: z.record(z.string(), z.number()),
  }),
  regions: z.record(faceRegionNameSchema, faceRegionSchema),
  complexion: z.object({
    class: complexionSchema,
    label,
    rule: z.string(),
    evidence: z.record(z.string(), z.number()),
    reliable: z.boolean(),
  }),
  gloss: z.object({ class: z.enum(GLOSS), label, evidence: z.record(z.string(), z.number()) }),
  lips: z.object({
    class: z.enum(LIP_COLORS),
    label,
    lab: faceLabSchema,
    evidence: z.record(z.string(), z.number()),
    reliable: z.boolean(),
  }),
  metrics: z.object({
    spots: faceMetricSchema,
    wrinkles: faceMetricSchema,
    texture: faceMetricSchema,
    pores: faceMetricSchema,
    redness: faceMetricSchema,
    shine: faceMetricSchema,
    darkCircles: faceMetricSchema,
    skinTone: z.object({
      ita: z.number(),
      category: z.enum(ITA_CATEGORIES),
      label,
      lab: faceLabSchema,
      confidence: z.enum(['normal', 'low']).optional(),
    }),
  }),
  spots: z.array(faceSpotSchema),
  /** Decision-support sentences, never a diagnosis. */
  summary: label,
  notes: z.array(z.string()),
});
export type FaceResult = z.infer<typeof faceResultSchema>;
