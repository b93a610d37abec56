import { z } from 'zod';

// Tongue features of one photo (issue 9, item 3). Every feature carries its label, a 0-1 score,
// the probability of each label, how it was decided (a learned model or a measured rule) and
// the measured values behind it, so the report can show the evidence next to the finding.

/** CIELAB color (D65): L* 0-100, a* and b* roughly -128..127. */
export const tongueLabSchema = z.object({ L: z.number(), a: z.number(), b: z.number() });
export type TongueLab = z.infer<typeof tongueLabSchema>;

/** Body color (舌色): 淡白 pale, 淡红 light red, 红 red, 绛 crimson, 紫 purple. */
export const TONGUE_BODY_COLORS = ['pale', 'light_red', 'red', 'crimson', 'purple'] as const;
/** Coating color (苔色): 白 white, 淡黄 light yellow, 黄 yellow, 灰黑 grey-black. */
export const TONGUE_COATING_COLORS = ['white', 'light_yellow', 'yellow', 'grey_black'] as const;
/** Coating thickness (苔质厚薄): 薄 thin, 厚 thick. */
export const TONGUE_COATING_THICKNESS = ['thin', 'thick'] as const;
export const TONGUE_GREASY = ['not_greasy', 'greasy'] as const;
/** Peeled coating (剥苔): none, partly peeled (花剥), mirror tongue (镜面舌, coating nearly gone). */
export const TONGUE_PEELED = ['none', 'partial', 'mirror'] as const;
/** Moisture (润燥): moist (滑/润多), normal (润), dry (燥). */
export const TONGUE_MOISTURE = ['moist', 'normal', 'dry'] as const;
/** Cracks (裂纹) and tooth marks (齿痕): none, light, severe. */
export const TONGUE_GRADES = ['none', 'light', 'severe'] as const;
/** Red prickles (点刺) and stasis spots (瘀点): none or present. */
export const TONGUE_SPOTS = ['none', 'prickles', 'stasis_spots', 'both'] as const;
/** Shape (舌形): normal, swollen (胖大), thin (瘦薄). */
export const TONGUE_SHAPES = ['normal', 'swollen', 'thin'] as const;
export const TONGUE_ZONES = ['tip', 'centre', 'root', 'sides'] as const;

/** How a label was decided: a trained model (version in `TONGUE_FEATURES_VERSION`) or a measured rule. */
export const tongueFeatureMethodSchema = z.enum(['model', 'rule']);

/** Measured values behind a feature, by name (units in the name or in docs/tongue-features.md). */
export const tongueEvidenceSchema = z.record(z.string(), z.number());

function featureSchema<const T extends readonly [string, ...string[]]>(labels: T) {
  return z.object({
    label: z.enum(labels),
    /** 0-1 strength of the finding (for graded features: how far toward the severe end). */
    score: z.number().min(0).max(1),
    /** Probability (or rule-derived confidence) of every label; sums to about 1. */
    probabilities: z.record(z.enum(labels), z.number().min(0).max(1)),
    method: tongueFeatureMethodSchema,
    evidence: tongueEvidenceSchema,
  });
}

export const tongueBodyColorSchema = featureSchema(TONGUE_BODY_COLORS).extend({
  /** Median CIELAB of the body pixels not covered by coating. */
  lab: tongueLabSchema,
});
export const tongueCoatingColorSchema = featureSchema(TONGUE_COATING_COLORS).extend({
  /** Median CIELAB of the coating pixels (of the whole tongue when there is almost no coating). */
  lab: tongueLabSchema,
});
export const tongueCoatingThicknessSchema = featureSchema(TONGUE_COATING_THICKNESS).extend({
  /** Share 0-1 of the tongue surface covered by coating. */
  coverage: z.number().min(0).max(1),
});
export const tongueShapeSchema = featureSchema(TONGUE_SHAPES).extend({
  /** Greatest width over length of the tongue outline. */
  widthLengthRatio: z.number(),
});

export const tongueZoneSchema = z.object({
  /** Share 0-1 of the tongue's pixels in this zone. */
  area: z.number().min(0).max(1),
  /** Median CIELAB of the zone's body pixels (all its pixels when it is fully coated). */
  bodyLab: tongueLabSchema,
  /** Median CIELAB of the zone's coating pixels (null when the zone has almost no coating). */
  coatingLab: tongueLabSchema.nullable(),
  /** Share 0-1 of the zone covered by coating. */
  coatingCoverage: z.number().min(0).max(1),
  /** Coating thickness index 0-1 of the zone (see docs/tongue-features.md). */
  coatingThickness: z.number().min(0).max(1),
  bodyColour: z.enum(TONGUE_BODY_COLORS),
  coatingColour: z.enum(TONGUE_COATING_COLORS).nullable(),
});
export type TongueZone = z.infer<typeof tongueZoneSchema>;

export const tongueFeaturesSchema = z.object({
  bodyColor: tongueBodyColorSchema,
  coatingColor: tongueCoatingColorSchema,
  coatingThickness: tongueCoatingThicknessSchema,
  greasy: featureSchema(TONGUE_GREASY),
  peeled: featureSchema(TONGUE_PEELED),
  moisture: featureSchema(TONGUE_MOISTURE),
  cracks: featureSchema(TONGUE_GRADES),
  toothMarks: featureSchema(TONGUE_GRADES),
  spots: featureSchema(TONGUE_SPOTS),
  shape: tongueShapeSchema,
  zones: z.object({
    tip: tongueZoneSchema,
    centre: tongueZoneSchema,
    root: tongueZoneSchema,
    sides: tongueZoneSchema,
  }),
  /** Tongue pixels the features were measured on (after any working-size scaling). */
  pixels: z.number().int(),
});
export type TongueFeatures = z.infer<typeof tongueFeaturesSchema>;
export type TongueBodyColor = (typeof TONGUE_BODY_COLORS)[number];
export type TongueCoatingColor = (typeof TONGUE_COATING_COLORS)[number];
export type TongueGrade = (typeof TONGUE_GRADES)[number];
