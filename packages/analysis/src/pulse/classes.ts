import type { LocalizedText, PulseChannelResult, PulseClass } from '@tcm/contract';
import { evidence, mean, sd } from '../signal/index.js';

/**
 * Pulse classes (脉象) from rate, rhythm, shape and hold-down pressure. Sources are those
 * collected in shared/domain/pulse-parameters.md; every shape cut-off is provisional (the
 * literature found gives directions, not numbers) and is anchored on the healthy distribution
 * of PMC8917949 Table 4 (N = 551): h3/h1 median 0.62 (P25 0.55, P75 0.73), h4/h1 0.38 ± 0.08,
 * w/t median 0.20 (P25 0.16, P75 0.22).
 */
const SRC_RATE = 'pulse-parameters.md §3: 迟 < 60/min, 数 > 90/min [V2]';
const SRC_RHYTHM = '《脉经》 促/结/代 (pulse-parameters.md §3 [V2]); pause rule provisional';
const SRC_SHAPE =
  'direction per pulse-parameters.md §3 [U]; cut-off provisional at the P25/P75 or mean ± SD of PMC8917949 Table 4';
const PROVISIONAL = 'provisional';

export const SHAPE_CUTS = {
  wiry: { h3h1: 0.73, h4h1: 0.46, wt: 0.22 },
  slippery: { h3h1: 0.55, h4h1: 0.3, wt: 0.16, h5h1: 0.03 },
  /** Regular pauses: the beat counts between pauses vary by at most this share. */
  regularPauseCv: 0.15,
  minPausesForPattern: 2,
  /** A single pause in a recording is reported but not read as a rhythm class. */
  minPausesForClass: 2,
};

const ev = evidence;

/** One class as results write it: group, code, its words, the values it rests on and what they suggest. */
function pulseClass(
  group: PulseClass['group'],
  code: string,
  zh: string,
  en: string,
  evidence: PulseClass['evidence'],
  suggests: LocalizedText,
): PulseClass {
  return { group, code, zh, en, suggests, evidence };
}

/** Rate class: 迟 / 数 / 平 (median rate in bpm). */
export function rateClass(ch: PulseChannelResult): PulseClass {
  const r = ch.medianRateBpm;
  const e = [ev('medianRateBpm', r, '< 60 slow, > 90 rapid', r < 60 || r > 90, SRC_RATE)];
  if (r < 60)
    return pulseClass('rate', 'slow', '迟', 'slow', e, {
      zh: `脉率 ${r} 次/分，低于 60，提示迟脉。`,
      en: `A rate of ${r} bpm, under 60, suggests a slow pulse (迟脉).`,
    });
  if (r > 90)
    return pulseClass('rate', 'rapid', '数', 'rapid', e, {
      zh: `脉率 ${r} 次/分，高于 90，提示数脉。`,
      en: `A rate of ${r} bpm, over 90, suggests a rapid pulse (数脉).`,
    });
  return pulseClass('rate', 'even', '平', 'even rate', e, {
    zh: `脉率 ${r} 次/分，在 60–90 的平脉范围内。`,
    en: `A rate of ${r} bpm lies in the even range (平).`,
  });
}

/** Rhythm class: 促 (rapid, irregular pauses), 结 (not rapid, irregular pauses), 代 (regular pauses). */
export function rhythmClass(ch: PulseChannelResult): PulseClass | undefined {
  const p = ch.rhythm.pauseIndices;
  if (p.length < SHAPE_CUTS.minPausesForClass) return undefined;
  const gaps = p.slice(1).map((v, i) => v - p[i]!);
  const cv = gaps.length >= 1 && mean(gaps) > 0 ? (gaps.length > 1 ? sd(gaps) : 0) / mean(gaps) : NaN;
  const regular = p.length >= SHAPE_CUTS.minPausesForPattern + 1 && cv <= SHAPE_CUTS.regularPauseCv;
  const e = [
    ev('pauses', p.length, '> 1.5 × median interval, at least 2', true, SRC_RHYTHM),
    ev(
      'pauseSpacingCv',
      Number.isFinite(cv) ? Math.round(cv * 1000) / 1000 : null,
      `<= ${SHAPE_CUTS.regularPauseCv} with >= 3 pauses = regular`,
      regular,
      PROVISIONAL,
    ),
    ev('medianRateBpm', ch.medianRateBpm, '> 90 rapid', ch.medianRateBpm > 90, SRC_RATE),
  ];
  if (regular)
    return pulseClass('rhythm', 'regularly_intermittent', '代', 'regularly intermittent', e, {
      zh: '止有定数（停搏间隔的搏数规律），提示代脉。',
      en: 'Pauses at regular beat counts suggest a regularly intermittent pulse (代脉).',
    });
  if (ch.medianRateBpm > 90)
    return pulseClass('rhythm', 'hasty', '促', 'hasty', e, {
      zh: '脉数而时有不规则停搏，提示促脉。',
      en: 'Irregular pauses in a rapid pulse suggest a hasty pulse (促脉).',
    });
  return pulseClass('rhythm', 'knotted', '结', 'knotted', e, {
    zh: '脉不数而时有不规则停搏，提示结脉。',
    en: 'Irregular pauses in a pulse that is not rapid suggest a knotted pulse (结脉).',
  });
}

/** Shape classes 滑 / 弦 from the ratios; 细 / 洪 only with a calibrated amplitude unit. */
export function shapeClasses(ch: PulseChannelResult, unit: string | undefined): PulseClass[] {
  const d = ch.diagram;
  const out: PulseClass[] = [];
  const W = SHAPE_CUTS.wiry;
  const wiry = [
    ev('h3/h1', d.h3_h1, `> ${W.h3h1}`, d.h3_h1 !== null && d.h3_h1 > W.h3h1, SRC_SHAPE),
    ev('h4/h1', d.h4_h1, `> ${W.h4h1}`, d.h4_h1 !== null && d.h4_h1 > W.h4h1, SRC_SHAPE),
    ev('w/t', d.w_t, `> ${W.wt}`, d.w_t !== null && d.w_t > W.wt, SRC_SHAPE),
  ];
  if (wiry.filter((e) => e.met).length >= 2)
    out.push(
      pulseClass('shape', 'wiry', '弦', 'wiry', wiry, {
        zh: '潮波高、降中峡高或主波宽，提示弦脉。',
        en: 'A high tidal wave, high notch or broad main wave suggests a wiry pulse (弦脉).',
      }),
    );
  const S = SHAPE_CUTS.slippery;
  const slippery = [
    ev('h3/h1', d.h3_h1, `< ${S.h3h1}`, d.h3_h1 === null || d.h3_h1 < S.h3h1, SRC_SHAPE),
    ev('h4/h1', d.h4_h1, `< ${S.h4h1}`, d.h4_h1 !== null && d.h4_h1 < S.h4h1, SRC_SHAPE),
    ev('w/t', d.w_t, `< ${S.wt}`, d.w_t !== null && d.w_t < S.wt, SRC_SHAPE),
    ev('h5/h1', d.h5_h1, `> ${S.h5h1}`, d.h5_h1 !== null && d.h5_h1 > S.h5h1, SRC_SHAPE),
  ];
  if (slippery.filter((e) => e.met).length >= 3 && !out.length)
    out.push(
      pulseClass('shape', 'slippery', '滑', 'slippery', slippery, {
        zh: '主波尖锐、潮波与降中峡低、重搏波明显，提示滑脉。',
        en: 'A sharp main wave with low tidal wave and notch and a clear dicrotic wave suggests a slippery pulse (滑脉).',
      }),
    );
  // Amplitude classes need a physical unit: a PPG in arbitrary units says nothing about 细/洪.
  const calibrated = unit !== undefined && /mmhg|kpa|g\b|gram/i.test(unit);
  if (calibrated) {
    const h1 = d.h1;
    const thin = ev('h1', h1, `< 10 ${unit} (${PROVISIONAL})`, h1 < 10, PROVISIONAL);
    const surging = ev(
      'h1',
      h1,
      `> 30 ${unit} with t1/t < 0.16 (${PROVISIONAL})`,
      h1 > 30 && d.t1_t < 0.16,
      PROVISIONAL,
    );
    if (thin.met)
      out.push(
        pulseClass('shape', 'thin', '细', 'thin', [thin], {
          zh: '主波幅度小，提示细脉。',
          en: 'A small main-wave amplitude suggests a thin pulse (细脉).',
        }),
      );
    if (surging.met)
      out.push(
        pulseClass('shape', 'surging', '洪', 'surging', [surging], {
          zh: '主波幅度大且上升迅速，提示洪脉。',
          en: 'A large amplitude with a brisk rise suggests a surging pulse (洪脉).',
        }),
      );
  }
  return out;
}

const LEVEL_ORDER = { 浮: 0, 中: 1, 沉: 2 } as const;

/**
 * 浮 / 沉 from a pressure series: the hold-down level where the main wave is largest
 * ("best pulse-taking force", pulse-parameters.md §3 [V2]); numeric force split in thirds of the
 * tested range (provisional: no published cut-offs in g or kPa).
 */
export function depthClass(chs: readonly PulseChannelResult[]): PulseClass | undefined {
  const withP = chs.filter((c) => c.pressure !== null);
  if (withP.length < 2) return undefined;
  const best = withP.reduce((b, c) => (c.amplitude > b.amplitude ? c : b));
  let third: 0 | 1 | 2;
  if (typeof best.pressure === 'number') {
    const forces = withP.map((c) => Number(c.pressure));
    const lo = Math.min(...forces);
    const hi = Math.max(...forces);
    third = hi > lo ? (Math.min(2, Math.floor((3 * (best.pressure - lo)) / (hi - lo + 1e-9))) as 0 | 1 | 2) : 1;
  } else third = LEVEL_ORDER[best.pressure as keyof typeof LEVEL_ORDER] ?? 1;
  const e = [
    ev(
      'bestPressure',
      typeof best.pressure === 'number' ? best.pressure : third,
      'pressure at the largest main wave (0 浮, 1 中, 2 沉 for levels)',
      true,
      'pulse-parameters.md §3 [V2]; thirds of the range provisional',
    ),
    ...withP.map((c) =>
      ev(
        `h1@${String(c.pressure)}${c.position ? ` ${c.position}` : ''}`,
        c.amplitude,
        'main-wave amplitude',
        c === best,
        'measured',
      ),
    ),
  ];
  if (third === 0)
    return pulseClass('depth', 'floating', '浮', 'floating', e, {
      zh: '轻取时脉搏最强，提示浮脉。',
      en: 'The pulse is strongest under light pressure, which suggests a floating pulse (浮脉).',
    });
  if (third === 2)
    return pulseClass('depth', 'deep', '沉', 'deep', e, {
      zh: '重按时脉搏最强，提示沉脉。',
      en: 'The pulse is strongest under heavy pressure, which suggests a deep pulse (沉脉).',
    });
  return pulseClass('depth', 'middle', '中', 'middle depth', e, {
    zh: '中取时脉搏最强（不浮不沉）。',
    en: 'The pulse is strongest under medium pressure (neither floating nor deep).',
  });
}
