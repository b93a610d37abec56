import { z } from 'zod';
import { defineErrors, type ErrorDef } from './errors.js';
import { engineVersionSchema, qualityIssueSchema } from './engine.js';
import { tongueFeaturesSchema } from './tongue-features.js';
import { bilingualTextSchema } from './constitution.js';

/** A tongue error: the problem, then what to do about it; `tip` holds the advice alone for the UI. */
export interface TongueErrorDef extends ErrorDef {
  readonly tip: { readonly zh: string; readonly en: string };
}

// The thrown message carries the tip too (the command line and the API only print `msg`),
// while the UI can show problem and tip apart.
const entry = (code: number, status: number, zh: string, zhTip: string, en: string, enTip: string): TongueErrorDef => ({
  code,
  status,
  zh: `${zh}。${zhTip}`,
  en: `${en}. ${enTip}`,
  tip: { zh: zhTip, en: enTip },
});

/**
 * Errors and quality codes of the tongue engine (range 31xxxxx). 31000xx: the file; 31001xx: the
 * photo cannot be analyzed (thrown); 31002xx: the photo is analyzed but a problem is reported in
 * `quality.issues` (the readings may be affected; a retake is advised); 31005xx: the engine itself.
 */
export const TONGUE_ERRORS = defineErrors({
  TONGUE_EMPTY_FILE: entry(3100001, 400, '文件为空', '请重新选择照片', 'The file is empty', 'Choose the photo again'),
  TONGUE_FILE_TOO_LARGE: entry(
    3100002,
    413,
    '文件超过 10 MB',
    '请上传更小的照片',
    'The file is larger than 10 MB',
    'Upload a smaller photo',
  ),
  TONGUE_NOT_AN_IMAGE: entry(
    3100003,
    400,
    '文件不是图片',
    '请上传 JPEG、PNG、BMP 或 WebP 照片',
    'The file is not an image',
    'Upload a JPEG, PNG, BMP or WebP photo',
  ),
  TONGUE_IMAGE_TOO_SMALL: entry(
    3100004,
    400,
    '图片尺寸过小(短边不足 200 像素)',
    '请用更高分辨率拍摄',
    'The image is too small (short side under 200 pixels)',
    'Take the photo at a higher resolution',
  ),
  TONGUE_TOO_MANY_PIXELS: entry(
    3100005,
    413,
    '图片超过 4000 万像素',
    '请缩小照片后上传',
    'The image has more than 40 megapixels',
    'Scale the photo down before uploading',
  ),
  TONGUE_TRUNCATED: entry(
    3100006,
    400,
    '图片文件不完整或已损坏',
    '请重新拍摄或重新上传完整的照片',
    'The image file is incomplete or damaged',
    'Take or upload the complete photo again',
  ),
  TONGUE_UNSUPPORTED_FORMAT: entry(
    3100007,
    415,
    '不支持的图片格式',
    '请上传 JPEG、PNG、BMP 或 WebP 照片',
    'The image format is not supported',
    'Upload a JPEG, PNG, BMP or WebP photo',
  ),
  TONGUE_NOT_FOUND: entry(
    3100101,
    422,
    '照片中未检测到舌头',
    '请张口伸舌,舌面平展放松,靠近镜头并让舌头位于画面中央',
    'No tongue was found in the photo',
    'Open the mouth and stick the tongue out, flat and relaxed, close to the camera and in the middle of the frame',
  ),
  TONGUE_SEVERAL: entry(
    3100102,
    422,
    '照片中有不止一条舌头',
    '请只拍摄一个人的舌头',
    'The photo shows more than one tongue',
    'Take a photo of one person’s tongue only',
  ),
  TONGUE_TOO_SMALL: entry(
    3100201,
    200,
    '舌头在画面中过小',
    '请靠近镜头,让舌头占据画面的大部分',
    'The tongue is too small in the frame',
    'Move closer so that the tongue fills most of the frame',
  ),
  TONGUE_BLURRED: entry(
    3100202,
    200,
    '照片模糊',
    '请保持手机稳定并对焦在舌头上后再拍摄',
    'The photo is blurred',
    'Hold the camera still and focus on the tongue before taking the photo',
  ),
  TONGUE_TOO_DARK: entry(
    3100203,
    200,
    '照片过暗',
    '请在明亮、均匀的自然光下拍摄',
    'The photo is too dark',
    'Take the photo in bright, even daylight',
  ),
  TONGUE_OVEREXPOSED: entry(
    3100204,
    200,
    '照片过曝',
    '请避免强光直射和闪光灯',
    'The photo is overexposed',
    'Avoid direct strong light and the flash',
  ),
  TONGUE_COLOR_CAST: entry(
    3100205,
    200,
    '照片偏色明显,舌色判断可能不准',
    '请在白色自然光下拍摄,关闭美颜和滤镜',
    'The photo has a strong color cast, so the tongue color may be misread',
    'Take the photo in white daylight with beauty filters turned off',
  ),
  TONGUE_MODEL_UNAVAILABLE: entry(
    3100500,
    500,
    '舌象分割模型不可用',
    '请联系管理员',
    'The tongue segmentation model is not available',
    'Contact the administrator',
  ),
});
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
