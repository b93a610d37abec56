import type { recordFirstZh } from './record-first-zh.js';

/**
 * The main job's texts the public detection page draws before anything is chosen (en): its own
 * small bundle, so that page's first load does not carry every capture and result text
 * (issue 34 item 3, docs/site.md "Speed"). Part of record-en.ts's texts as before.
 */
export const recordFirstEn: typeof recordFirstZh = {
  analyze: 'Analyze',
  choosePhoto: 'Choose a photo',
  photoRule: 'Images may be PNG, JPG, JPEG or BMP, no larger than 10M',
  privacy:
    'The photo is used for this analysis only; the result link carries a random token, so only people with the link can see it',
  useCamera: 'Use the camera',
  fileProblem: {
    type: 'Wrong file type',
    size: 'The file must not be larger than 10M',
    empty: 'The file is empty',
    content: 'The file is not a valid picture',
  },
  intro: {
    normal:
      'Upload a tongue photo or take one with the camera: the system reads body color, coating color and thickness, cracks, tooth marks and more, and makes a health report.',
    child:
      "Child tongue diagnosis: a parent helps the child put the tongue out in bright daylight; the result is for parents' and physicians' reference.",
    covid:
      'Tongue observation related to COVID-19: changes of body color, coating color, thickness and greasiness, for health management only; it cannot diagnose COVID-19.',
  },
};
