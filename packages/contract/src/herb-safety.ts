import { z } from 'zod';

/**
 * Prescription safety checks (issue 19 item 3; docs/archive.md "Safety checks"): a pure function
 * over the herbs of a prescription that warns on the eighteen incompatibilities (十八反), the
 * nineteen antagonisms (十九畏), doses outside the usual range, toxic herbs above the pharmacopoeia's
 * range, and pregnancy cautions. The function only reports; `SAFETY_WARNING_LEVEL` says which
 * warnings the server asks a written reason for and which it refuses (issue 32).
 *
 * Sources: 十八反 and 十九畏 as the Chinese Pharmacopoeia 2020 (Vol. I) writes them in each
 * monograph's 【注意】 ("不宜与…同用"), which expands the classical mnemonic (《珍珠囊补遗药性赋》
 * 十八反歌 / 十九畏歌) to today's decoction pieces (e.g. 乌头 covers 川乌, 制川乌, 草乌, 制草乌, 附子;
 * 贝母 covers 川贝母, 浙贝母, 平贝母, 伊贝母, 湖北贝母; 瓜蒌 covers 瓜蒌皮, 瓜蒌子, 天花粉).
 */

/** Special decoction handling written beside a herb. */
export const PREPARATIONS = ['先煎', '后下', '包煎', '烊化', '另煎', '冲服'] as const;
export type Preparation = (typeof PREPARATIONS)[number];

export const SAFETY_WARNING_KINDS = [
  'incompatible',
  'antagonism',
  'doseHigh',
  'doseLow',
  'pregnancyForbidden',
  'pregnancyCaution',
  'toxicDoseHigh',
  'toxicDoseCeiling',
] as const;
export type SafetyWarningKind = (typeof SAFETY_WARNING_KINDS)[number];

/**
 * Stable code of each warning kind (issue 32): the 409 answer of a refused save and the audit row
 * name warnings by code. 41014xx sits beside the archive's error codes (41010xx).
 */
export const SAFETY_WARNING_CODES: Record<SafetyWarningKind, number> = {
  incompatible: 4101401,
  antagonism: 4101402,
  pregnancyForbidden: 4101403,
  toxicDoseHigh: 4101404,
  toxicDoseCeiling: 4101405,
  doseHigh: 4101411,
  doseLow: 4101412,
  pregnancyCaution: 4101413,
};

/**
 * What a warning does to saving a visit (docs/archive.md "Safety checks"): `note` is shown and
 * printed only; `acknowledge` needs the doctor's written reason; `refuse` cannot be saved at all.
 * 十八反, 十九畏, 孕妇禁用 and a toxic herb above its range need a reason; a toxic herb above the hard
 * ceiling is refused. A dose outside the range of a non-toxic herb and 孕妇慎用 stay notes.
 */
export const SAFETY_WARNING_LEVEL: Record<SafetyWarningKind, 'note' | 'acknowledge' | 'refuse'> = {
  incompatible: 'acknowledge',
  antagonism: 'acknowledge',
  pregnancyForbidden: 'acknowledge',
  toxicDoseHigh: 'acknowledge',
  toxicDoseCeiling: 'refuse',
  doseHigh: 'note',
  doseLow: 'note',
  pregnancyCaution: 'note',
};

export const safetyWarningSchema = z.object({
  kind: z.enum(SAFETY_WARNING_KINDS),
  code: z.number().int(),
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
  /** 有大毒 high, 有毒 medium, 有小毒 low (ChP 2020 【性味与归经】); absent when not listed. */
  toxicity?: Toxicity;
  /**
   * The pharmacopoeia's own upper dose of a toxic herb. Kept apart from `doseMax`, which a doctor's
   * override may change: the acknowledgement and the ceiling always follow the pharmacopoeia.
   */
  toxicDoseMax?: number;
}

export type Toxicity = 'high' | 'medium' | 'low';

/**
 * Hard ceiling of a toxic herb as a multiple of the pharmacopoeia's upper dose. The pharmacopoeia
 * gives no ceiling; these factors are this project's decision (docs/archive.md): 有大毒 herbs leave
 * the least room (2×), 有毒 and 有小毒 4× (附子 15 g → 60 g), which still lets the high doses some
 * schools use pass with a reason and stops a slip of the keyboard (附子 200 g).
 */
export const TOXIC_CEILING_FACTOR: Record<Toxicity, number> = { high: 2, medium: 4, low: 4 };

const TOXICITY_ZH: Record<Toxicity, string> = { high: '有大毒', medium: '有毒', low: '有小毒' };
const TOXICITY_EN: Record<Toxicity, string> = { high: 'highly toxic', medium: 'toxic', low: 'mildly toxic' };

/** The warnings that need the doctor's written reason before the visit is saved. */
export const needsAcknowledgement = (ws: readonly SafetyWarning[]) =>
  ws.filter((w) => SAFETY_WARNING_LEVEL[w.kind] === 'acknowledge');
/** The warnings no reason can pass (above the hard ceiling). */
export const refusedWarnings = (ws: readonly SafetyWarning[]) =>
  ws.filter((w) => SAFETY_WARNING_LEVEL[w.kind] === 'refuse');

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
                code: SAFETY_WARNING_CODES[r.kind],
                herbs: [x, y],
                zh: `十八反：${x}（${r.a.label}）反${y}（${r.b.label}），不宜同用`,
                en: `Eighteen incompatibilities: ${x} (${r.a.label}) and ${y} (${r.b.label}) should not be used together`,
              }
            : {
                kind: r.kind,
                code: SAFETY_WARNING_CODES[r.kind],
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
    out.push(...doseWarnings(h, f));
    if (opts.pregnant && f.pregnancy === 'forbidden')
      out.push(
        warning('pregnancyForbidden', h.name, `${h.name}：孕妇禁用`, `${h.name}: must not be used in pregnancy`),
      );
    else if (opts.pregnant && f.pregnancy === 'caution')
      out.push(warning('pregnancyCaution', h.name, `${h.name}：孕妇慎用`, `${h.name}: use with caution in pregnancy`));
  }
  return out;
}

const warning = (kind: SafetyWarningKind, herb: string, zh: string, en: string): SafetyWarning => ({
  kind,
  code: SAFETY_WARNING_CODES[kind],
  herbs: [herb],
  zh,
  en,
});

/**
 * Dose warnings of one line (only when its unit is the dictionary's). A toxic herb is measured
 * against the pharmacopoeia's range, whatever the doctor's override says, and gets one warning:
 * the ceiling, else above the range; other herbs the usual high/low note against the reader's range.
 */
function doseWarnings(h: CheckedHerb, f: HerbFacts): SafetyWarning[] {
  const unit = h.unit ?? 'g';
  if (f.unit !== undefined && f.unit !== unit) return [];
  const range = `${f.doseMin ?? '?'}–${f.doseMax ?? '?'} ${unit}`;
  const dose = `${h.name} ${fmt(h.dose)} ${unit}`;
  if (f.toxicity && f.toxicDoseMax !== undefined) {
    const tz = TOXICITY_ZH[f.toxicity];
    const te = TOXICITY_EN[f.toxicity];
    const ceiling = f.toxicDoseMax * TOXIC_CEILING_FACTOR[f.toxicity];
    const chp = `${f.doseMin ?? '?'}–${f.toxicDoseMax} ${unit}`;
    if (h.dose > ceiling)
      return [
        warning(
          'toxicDoseCeiling',
          h.name,
          `${dose}（${tz}）超过上限 ${fmt(ceiling)} ${unit}（药典常用量 ${chp}），不能保存`,
          `${dose} (${te}) is above the limit of ${fmt(ceiling)} ${unit} (pharmacopoeia dose ${chp}) and cannot be saved`,
        ),
      ];
    if (h.dose > f.toxicDoseMax)
      return [
        warning(
          'toxicDoseHigh',
          h.name,
          `${dose}（${tz}）超过药典常用量（${chp}），需注明理由`,
          `${dose} (${te}) is above the pharmacopoeia dose (${chp}); a reason is required`,
        ),
      ];
  }
  if (f.doseMax !== undefined && h.dose > f.doseMax)
    return [
      warning('doseHigh', h.name, `${dose} 超过常用量（${range}）`, `${dose} is above the usual dose (${range})`),
    ];
  if (f.doseMin !== undefined && h.dose < f.doseMin)
    return [warning('doseLow', h.name, `${dose} 低于常用量（${range}）`, `${dose} is below the usual dose (${range})`)];
  return [];
}
