import { z } from 'zod';
import { defineErrors, type ErrorDef } from './errors.js';
import { engineVersionSchema, qualityIssueSchema } from './engine.js';

/** A face error: the problem, then what to do about it; `tip` holds the advice alone for the UI. */
export interface FaceErrorDef extends ErrorDef {
  readonly tip: { readonly zh: string; readonly en: string };
}

// Builds the catalog entry so the thrown message carries the tip too (the command line and
// the API only print `msg`), while the UI can show problem and tip apart.
const entry = (code: number, status: number, zh: string, zhTip: string, en: string, enTip: string): FaceErrorDef => ({
  code,
  status,
  zh: `${zh}。${zhTip}`,
  en: `${en}. ${enTip}`,
  tip: { zh: zhTip, en: enTip },
});

/**
 * Errors and quality codes of the face engine (range 32xxxxx). 32000xx: the file; 32001xx: the
 * photo cannot be analyzed (thrown); 32002xx: the photo is analyzed but a problem is reported
 * in `quality.issues`; 32005xx: the engine itself.
 */
export const FACE_ERRORS = defineErrors({
  FACE_EMPTY_FILE: entry(3200001, 400, '文件为空', '请重新选择照片', 'The file is empty', 'Choose the photo again'),
  FACE_FILE_TOO_LARGE: entry(
    3200002,
    413,
    '文件超过 15 MB',
    '请上传更小的照片',
    'The file is larger than 15 MB',
    'Upload a smaller photo',
  ),
  FACE_NOT_AN_IMAGE: entry(
    3200003,
    400,
    '文件不是可读取的图片',
    '请上传 JPEG、PNG 或 WebP 照片',
    'The file is not a readable image',
    'Upload a JPEG, PNG or WebP photo',
  ),
  FACE_IMAGE_TOO_SMALL: entry(
    3200004,
    400,
    '图片尺寸过小(短边不足 240 像素)',
    '请用更高分辨率拍摄',
    'The image is too small (short side under 240 pixels)',
    'Take the photo at a higher resolution',
  ),
  FACE_TOO_MANY_PIXELS: entry(
    3200005,
    413,
    '图片超过 4000 万像素',
    '请缩小照片后上传',
    'The image has more than 40 megapixels',
    'Scale the photo down before uploading',
  ),
  FACE_NOT_FOUND: entry(
    3200101,
    422,
    '照片中未检测到人脸',
    '请正对镜头,让整张脸位于画面中,光线均匀',
    'No face was found in the photo',
    'Face the camera with the whole face in the frame and even light',
  ),
  FACE_SEVERAL: entry(
    3200102,
    422,
    '照片中有多张人脸',
    '请只拍摄一个人',
    'The photo shows several faces',
    'Take a photo of one person only',
  ),
  FACE_TOO_SMALL: entry(
    3200103,
    422,
    '人脸在照片中过小',
    '请靠近镜头,让脸部宽度至少占画面的三分之一',
    'The face is too small in the photo',
    'Move closer so that the face fills at least a third of the frame width',
  ),
  FACE_TURNED_AWAY: entry(
    3200104,
    422,
    '脸部偏转过大',
    '请正视镜头,不要侧脸、抬头或低头',
    'The face is turned away from the camera',
    'Look straight into the camera, without turning, raising or lowering the head',
  ),
  FACE_BLURRED: entry(
    3200105,
    422,
    '照片模糊',
    '请保持手机稳定并对焦在脸上后再拍摄',
    'The photo is blurred',
    'Hold the camera still and focus on the face before taking the photo',
  ),
  FACE_TOO_DARK: entry(
    3200106,
    422,
    '脸部光线过暗',
    '请在明亮、均匀的自然光下拍摄',
    'The face is too dark',
    'Take the photo in bright, even daylight',
  ),
  FACE_OVEREXPOSED: entry(
    3200107,
    422,
    '脸部过曝',
    '请避免强光直射或闪光灯',
    'The face is overexposed',
    'Avoid direct strong light and the flash',
  ),
  FACE_UNEVEN_LIGHT: entry(
    3200201,
    200,
    '脸部两侧光线不均',
    '请面向光源,避免侧光和阴影',
    'The light on the two sides of the face is uneven',
    'Face the light source and avoid side light and shadows',
  ),
  FACE_COLOR_CAST: entry(
    3200202,
    200,
    '照片有偏色,面色判断可能不准',
    '请在白色自然光下拍摄,关闭美颜和滤镜',
    'The photo has a color cast, so the complexion may be misread',
    'Take the photo in white daylight with beauty filters turned off',
  ),
  FACE_MODEL_UNAVAILABLE: entry(
    3200500,
    500,
    '人脸检测模型不可用',
    '请联系管理员',
    'The face detection model is not available',
    'Contact the administrator',
  ),
});
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
