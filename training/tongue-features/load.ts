// Shared by the training scripts: options, photo IDs and a photo with its (expert or predicted) mask.
import { readdirSync } from 'node:fs';
import { readPhotoAndMask, type LabelledPhoto } from '../../packages/analysis/src/tongue/features/test-data.js';

export const DATA = process.env.TONGUE_DATA ?? '../shared/data/tongue';

/** Value of `--name VALUE`, else the fallback. */
export function option(args: string[], name: string, fallback: string): string {
  const k = args.indexOf(name);
  return k >= 0 ? args[k + 1]! : fallback;
}

/** The positional arguments (not an option nor an option's value). */
export function positional(args: string[]): string[] {
  return args.filter((a, k) => !a.startsWith('--') && !args[k - 1]?.startsWith('--'));
}

/** Every photo ID of the data set, sorted. */
export function allIds(): string[] {
  return readdirSync(`${DATA}/images`)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => f.slice(0, -4))
    .sort();
}

/** A photo as RGB and its mask (resized to the photo when a predicted mask differs), 1 = tongue. */
export const loadPhoto = (id: string, maskDir: string): Promise<LabelledPhoto> =>
  readPhotoAndMask(`${DATA}/images/${id}.jpg`, `${maskDir}/${id}.png`);
