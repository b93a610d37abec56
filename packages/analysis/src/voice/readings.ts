import type { VoiceReading } from '@tcm/contract';
import { evidence } from '../signal/index.js';

/**
 * TCM listening readings (闻诊) from the acoustic measures. Jitter and shimmer cut-offs are the
 * MDVP pathology thresholds quoted in the Praat manual ("Voice 2. Jitter", "Voice 3. Shimmer");
 * the HNR and intensity cut-offs are provisional: no source tying them to 语声低微 / 声高气粗 was
 * found, and intensity is uncalibrated (full scale = 1 Pa = 94 dB).
 */
export const THRESHOLDS = {
  jitterPct: { value: 1.04, source: 'MDVP pathology threshold, Praat manual "Voice 2. Jitter"' },
  shimmerPct: { value: 3.81, source: 'MDVP pathology threshold, Praat manual "Voice 3. Shimmer"' },
  hnrDb: { value: 12, source: 'provisional' },
  weakIntensityDb: { value: 60, source: 'provisional (uncalibrated microphone)' },
  loudIntensityDb: { value: 80, source: 'provisional (uncalibrated microphone)' },
} as const;

export interface VoiceMeasures {
  jitterPct: number | null;
  shimmerPct: number | null;
  hnrDb: number | null;
  intensityDb: number;
}

type Threshold = { readonly value: number; readonly source: string };

/** Evidence that a measure lies beyond its threshold (`>` above, `<` below); an unknown value does not. */
function beyond(measure: string, value: number | null, side: '>' | '<', t: Threshold) {
  const met = value !== null && (side === '>' ? value > t.value : value < t.value);
  return evidence(measure, value, `${side} ${t.value}`, met, t.source);
}

/** Readings with their evidence; 'normal' when none of the others is suggested. */
export function voiceReadings(m: VoiceMeasures): VoiceReading[] {
  const T = THRESHOLDS;
  const rough = [
    beyond('jitterLocalPct', m.jitterPct, '>', T.jitterPct),
    beyond('shimmerLocalPct', m.shimmerPct, '>', T.shimmerPct),
    beyond('hnrDb', m.hnrDb, '<', T.hnrDb),
  ];
  const roughCount = rough.filter((e) => e.met).length;
  const out: VoiceReading[] = [];
  if (roughCount >= 2)
    out.push({
      code: 'hoarse',
      zh: '声音嘶哑',
      en: 'hoarse voice',
      suggests: {
        zh: '基频微扰、振幅微扰与谐噪比中至少两项超出界限，提示声音嘶哑。',
        en: 'At least two of jitter, shimmer and HNR lie beyond their limits, which suggests a hoarse voice (声音嘶哑).',
      },
      evidence: rough,
    });
  const weak = beyond('intensityDb', m.intensityDb, '<', T.weakIntensityDb);
  if (weak.met)
    out.push({
      code: 'weak_low',
      zh: '语声低微',
      en: 'weak, low voice',
      suggests: {
        zh: '语声强度偏低，提示语声低微。',
        en: 'Low speech intensity suggests a weak, low voice (语声低微).',
      },
      evidence: [weak],
    });
  const loud = beyond('intensityDb', m.intensityDb, '>', T.loudIntensityDb);
  if (loud.met && roughCount >= 1)
    out.push({
      code: 'loud_coarse',
      zh: '声高气粗',
      en: 'loud, coarse voice',
      suggests: {
        zh: '语声强度偏高，且声音不稳或夹有噪声，提示声高气粗。',
        en: 'High intensity with an irregular or noisy voice suggests a loud, coarse voice (声高气粗).',
      },
      evidence: [loud, ...rough],
    });
  if (!out.length)
    out.push({
      code: 'normal',
      zh: '正常',
      en: 'normal',
      suggests: {
        zh: '各项声学指标均在界限之内，提示语声正常。',
        en: 'The measures stay within their limits, which suggests a normal voice.',
      },
      evidence: [...rough, weak, loud],
    });
  return out;
}
