// Plain-language summary in zh and en. Decision-support wording: the photo "suggests", it
// never diagnoses, and nothing about age or disease is claimed.
import type { FaceResult } from '@tcm/contract';

type Metrics = FaceResult['metrics'];
const METRIC_NAMES: Record<Exclude<keyof Metrics, 'skinTone'>, { zh: string; en: string }> = {
  spots: { zh: '色斑', en: 'spots' },
  wrinkles: { zh: '皱纹', en: 'wrinkles' },
  texture: { zh: '纹理', en: 'texture' },
  pores: { zh: '毛孔', en: 'pores' },
  redness: { zh: '泛红', en: 'redness' },
  shine: { zh: '油光', en: 'shine' },
  darkCircles: { zh: '黑眼圈', en: 'dark circles' },
};

/** Two-language summary of the classes and the most pronounced cosmetic metrics (score >= 50). */
export function summarize(
  complexion: FaceResult['complexion'],
  gloss: FaceResult['gloss'],
  lips: FaceResult['lips'],
  metrics: Metrics,
): FaceResult['summary'] {
  const marked = (Object.keys(METRIC_NAMES) as (keyof typeof METRIC_NAMES)[])
    .filter((k) => metrics[k].score >= 50)
    .sort((p, q) => metrics[q].score - metrics[p].score);
  const tone = metrics.skinTone;
  // A pronounced score the repeatability reference found unsteady says so where it is named.
  const low = (k: keyof typeof METRIC_NAMES) => metrics[k].confidence === 'low';
  const zhMarked = marked.length
    ? `较明显的皮肤指标:${marked.map((k) => METRIC_NAMES[k].zh + (low(k) ? '(可信度低)' : '')).join('、')}。`
    : '各项皮肤指标均不明显。';
  const enMarked = marked.length
    ? `More pronounced skin measures: ${marked.map((k) => METRIC_NAMES[k].en + (low(k) ? ' (low confidence)' : '')).join(', ')}.`
    : 'No skin measure is pronounced.';
  // On deep skin tones the 五色 rules say little (see complexion.ts): say so instead of a class.
  const zhFace = complexion.reliable
    ? `面色${complexion.label.zh}`
    : `面色分类在此肤色上不可靠(测得:${complexion.label.zh})`;
  const enFace = complexion.reliable
    ? `a ${complexion.label.en} complexion`
    : `a complexion the color rules cannot classify reliably on this skin tone (measured: ${complexion.label.en})`;
  const zhLips = lips.reliable ? `唇色${lips.label.zh}` : `唇色${lips.label.zh}(此肤色上不可靠)`;
  const enLips = lips.reliable ? `${lips.label.en} lips` : `${lips.label.en} lips (not reliable on this skin tone)`;
  return {
    zh: `照片提示${zhFace},${gloss.label.zh},${zhLips};肤色 ITA ${tone.ita}°(${tone.label.zh})。${zhMarked}仅供参考,不作诊断。`,
    en: `The photo suggests ${enFace} with ${gloss.label.en}, and ${enLips}; skin tone ITA ${tone.ita}° (${tone.label.en}). ${enMarked} For reference only, not a diagnosis.`,
  };
}
