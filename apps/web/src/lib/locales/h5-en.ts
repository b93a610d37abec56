import type { h5Zh } from './h5-zh.js';

/** The H5 capture page (`h5.*`, issue 25 item 3). */
export const h5En: typeof h5Zh = {
  loading: 'Opening the capture page…',
  goneTitle: 'This link no longer works',
  refusedTitle: 'The capture page cannot open',
  poweredBy: 'Analysis by the TCM Tongue Diagnosis Open Platform',
  expires: 'This link is valid until {{time}}',
  tongue: 'Tongue photo (required)',
  tongueHint: 'Stick out your tongue, keep it flat, and take the photo in daylight without filters or beauty effects.',
  face: 'Face photo (optional)',
  faceHint: 'Look straight at the camera, no glasses or mask, even light.',
  takePhoto: 'Take photo',
  choosePhoto: 'Choose from album',
  retake: 'Take again',
  submit: 'Analyze',
  submitting: 'Uploading…',
  needTongue: 'Please take a tongue photo first',
  wxHint:
    'In WeChat: tap “Take photo” and choose “Camera”; if the camera does not open, tap “…” at the top right and choose “Open in browser”.',
  analyzing: 'Analyzing; please wait and keep this page open',
  back: 'Back to {{name}}',
  noReturn: 'The analysis is done; you may close this page.',
  disclaimer: 'The result is for health reference only and does not replace a doctor’s diagnosis.',
  photoProblem: {
    type: 'Please use a JPG, PNG or BMP photo',
    size: 'The photo is too large (10 MB at most)',
    empty: 'The photo is empty',
    content: 'This is not a photo we can read',
  },
};
