import { z } from 'zod';

/**
 * Prescription safety checks (issue 19 item 3; docs/archive.md "Safety checks"): a pure function
 * over the herbs of a prescription that warns on the eighteen incompatibilities (十八反), the
 * nineteen antagonisms (十九畏), doses outside the usual range, and pregnancy cautions. It never
 * refuses: the doctor decides, but is always told.
 *
 * Sources: 十八反 and 十九畏 as the Chinese Pharmacopoeia 2020 (Vol. I) writes them in each
 * monograph's 【注意】 ("不宜与…同用"), which expands the classical mnemonic (《珍珠囊补遗药性赋》
 * 十八反歌 / 十九畏歌) to today's decoction pieces (e.g. 乌头 covers 川乌, 制川乌, 草乌, 制草乌, 附子;
 * 贝母 covers 川贝母, 浙贝母, 平贝母, 伊贝母, 湖北贝母; 瓜蒌 covers 瓜蒌皮, 瓜蒌子, 天花粉).
 */

/** Special decoction handling written beside a herb. */
export const PREPARATIONS = ['先煎', '后下', '包煎', '烊化', '另煎', '冲服'] as const;
export type Preparation = (typeof PREPARATIONS)[number];

export const safetyWarningSchema = z.object({
  kind: z.enum(['incompatible', 'antagonism', 'doseHigh', 'doseLow', 'pregnancyForbidden', 'pregnancyCaution']),
  /** The herbs concerned, as written in the prescription. */
  herbs: z.array(z.string()),
  zh: z.string(),
  en: z.string(),
});
export type SafetyWarning = z.infer<typeof safetyWarningSchema>;

/** What the checks need to know of a herb (a subset of the dictionary entry). */
export interface HerbFacts {
  name: string;
  /** Usual daily dose range in the decoction, in `unit`. */
  doseMin?: number;
  doseMax?: number;
  unit?: string;
  /** 禁用 forbidden, 慎用 caution, absent when the pharmacopoeia says nothing. */
  pregnancy?: 'forbidden' | 'caution';
}

export interface CheckedHerb {
  name: string;
  dose: number;
  unit?: string;
}

/** A side of a pair rule: the classical name and every decoction piece it stands for. */
interface HerbClass {
  label: string;
  members: readonly string[];
}

const cls = (label: string, members: string[] = []): HerbClass => ({ label, members: [label, ...members] });

const GANCAO = cls('甘草', ['炙甘草']);
const WUTOU = cls('乌头', ['川乌', '制川乌', '草乌', '制草乌', '附子', '黑顺片', '白附片', '淡附片', '炮附片']);
const LILU = cls('藜芦');

/** 十八反: each rule is one class against a list of classes. */
const EIGHTEEN: ReadonlyArray<readonly [HerbClass, readonly HerbClass[]]> = [
  [GANCAO, [cls('甘遂'), cls('京大戟'), cls('红大戟'), cls('海藻'), cls('芫花')]],
  [
    WUTOU,
    [
      cls('半夏', ['法半夏', '姜半夏', '清半夏', '生半夏']),
      cls('瓜蒌', ['全瓜蒌', '瓜蒌皮', '瓜蒌子', '炒瓜蒌子', '天花粉']),
      cls('贝母', ['川贝母', '浙贝母', '平贝母', '伊贝母', '湖北贝母']),
      cls('白蔹'),
      cls('白及'),
    ],
  ],
  [
    LILU,
    [
      cls('人参', ['红参', '人参叶', '生晒参']),
      cls('西洋参'),
      cls('党参'),
      cls('丹参'),
      cls('玄参'),
      cls('南沙参'),
      cls('北沙参'),
      cls('苦参'),
      cls('细辛'),
      cls('赤芍'),
      cls('白芍'),
    ],
  ],
];

/** 十九畏: nine pairs of classes. */
const NINETEEN: ReadonlyArray<readonly [HerbClass, HerbClass]> = [
  [cls('硫黄'), cls('朴硝', ['芒硝', '玄明粉'])],
  [cls('水银'), cls('砒霜', ['信石'])],
  [cls('狼毒'), cls('密陀僧')],
  [cls('巴豆', ['巴豆霜']), cls('牵牛子', ['黑丑', '白丑'])],
  [cls('丁香', ['母丁香']), cls('郁金')],
  [cls('川乌', ['制川乌', '草乌', '制草乌']), cls('犀角')],
  [cls('牙硝', ['芒硝', '玄明粉']), cls('三棱')],
  [cls('官桂', ['肉桂']), cls('赤石脂')],
  [cls('人参', ['红参', '生晒参']), cls('五灵脂')],
];

/** Every pair of the two lists, as [class a, class b] of the rule. */
const RULE_PAIRS: ReadonlyArray<{ kind: 'incompatible' | 'antagonism'; a: HerbClass; b: HerbClass }> = [
  ...EIGHTEEN.flatMap(([a, bs]) => bs.map((b) => ({ kind: 'incompatible' as const, a, b }))),
  ...NINETEEN.map(([a, b]) => ({ kind: 'antagonism' as const, a, b })),
];

/** The rule name of a herb name: trimmed, with a leading processing word (生/炒/炙/制) tolerated. */
function inClass(name: string, c: HerbClass): boolean {
  const n = name.trim();
  return c.members.includes(n) || (/^[生炒炙]/.test(n) && c.members.includes(n.slice(1)));
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);

/**
 * Checks one prescription. `dictionary` gives dose ranges and pregnancy facts by herb name; herbs
 * not in it are checked for pairs only. Each pair is reported once, in prescription order.
 */
export function checkPrescription(
  herbs: readonly CheckedHerb[],
  opts: { pregnant?: boolean; dictionary?: ReadonlyMap<string, HerbFacts> } = {},
): SafetyWarning[] {
  const out: SafetyWarning[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < herbs.length; i++) {
    for (let j = i + 1; j < herbs.length; j++) {
      const x = herbs[i]!.name.trim();
      const y = herbs[j]!.name.trim();
      for (const r of RULE_PAIRS) {
        const hit = (inClass(x, r.a) && inClass(y, r.b)) || (inClass(x, r.b) && inClass(y, r.a));
        if (!hit) continue;
        const key = `${r.kind}:${[x, y].sort().join('+')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(
          r.kind === 'incompatible'
            ? {
                kind: r.kind,
                herbs: [x, y],
                zh: `十八反：${x}（${r.a.label}）反${y}（${r.b.label}），不宜同用`,
                en: `Eighteen incompatibilities: ${x} (${r.a.label}) and ${y} (${r.b.label}) should not be used together`,
              }
            : {
                kind: r.kind,
                herbs: [x, y],
                zh: `十九畏：${x}与${y}相畏（${r.a.label}畏${r.b.label}），不宜同用`,
                en: `Nineteen antagonisms: ${x} and ${y} (${r.a.label} / ${r.b.label}) should not be used together`,
              },
        );
      }
    }
  }
  for (const h of herbs) {
    const f = opts.dictionary?.get(h.name.trim());
    if (!f) continue;
    const unit = h.unit ?? 'g';
    if (f.unit === undefined || f.unit === unit) {
      const range = `${f.doseMin ?? '?'}–${f.doseMax ?? '?'} ${unit}`;
      if (f.doseMax !== undefined && h.dose > f.doseMax)
        out.push({
          kind: 'doseHigh',
          herbs: [h.name],
          zh: `${h.name} ${fmt(h.dose)} ${unit} 超过常用量（${range}）`,
          en: `${h.name} ${fmt(h.dose)} ${unit} is above the usual dose (${range})`,
        });
      else if (f.doseMin !== undefined && h.dose < f.doseMin)
        out.push({
          kind: 'doseLow',
          herbs: [h.name],
          zh: `${h.name} ${fmt(h.dose)} ${unit} 低于常用量（${range}）`,
          en: `${h.name} ${fmt(h.dose)} ${unit} is below the usual dose (${range})`,
        });
    }
    if (opts.pregnant && f.pregnancy === 'forbidden')
      out.push({
        kind: 'pregnancyForbidden',
        herbs: [h.name],
        zh: `${h.name}：孕妇禁用`,
        en: `${h.name}: must not be used in pregnancy`,
      });
    else if (opts.pregnant && f.pregnancy === 'caution')
      out.push({
        kind: 'pregnancyCaution',
        herbs: [h.name],
        zh: `${h.name}：孕妇慎用`,
        en: `${h.name}: use with caution in pregnancy`,
      });
  }
  return out;
}
