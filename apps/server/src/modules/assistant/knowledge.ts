import {
  CONSTITUTION_TYPE_OF_CODE,
  CONSTITUTION_TYPE_WORDS,
  DISEASE_KNOWLEDGE,
  FACE_FEATURE_WORDS,
  TONGUE_FEATURE_WORDS,
  type AssistantKind,
  type ConstitutionCode,
  type Word,
} from '@tcm/contract';
import { PATTERNS, VOCABULARY } from '@tcm/analysis/synthesis';
// The archive's herb and formula dictionaries stay out of the contract's index (they are large).
import { FORMULA_SOURCES, FORMULAS, HERB_SOURCES, HERBS } from '@tcm/contract/herbs';

type PatternDef = (typeof PATTERNS)[number];
type Rule = PatternDef['rules'][number];

/**
 * The assistant's knowledge base (docs/site.md "AI assistant"): one entry per sign, syndrome
 * pattern, disease, constitution type, herb and formula, built once from the platform's own data
 * files. Each entry keeps its text in both languages and the reference its data file names.
 */
export interface KnowledgeEntry {
  id: string;
  kind: AssistantKind;
  title: Word;
  text: Word;
  file: string;
  source: string;
}

const FILES = {
  kb: 'packages/analysis/src/synthesis/knowledge-base.json',
  diseases: 'packages/contract/src/data/diseases.json',
  herbs: 'packages/contract/src/data/herbs.json',
  formulas: 'packages/contract/src/data/formulas.json',
  vocabulary: 'packages/contract/src/vocabulary/constitution.ts',
} as const;

/** Modality words, so "齿痕舌" or "tongue tooth marks" meet the sign entries. */
const MODALITY: Record<string, Word> = {
  tongue: { zh: '舌象 舌诊', en: 'tongue' },
  face: { zh: '面色 面诊', en: 'face' },
  pulse: { zh: '脉象 脉诊', en: 'pulse' },
  voice: { zh: '声音 闻诊', en: 'voice' },
  inquiry: { zh: '问诊 体质问卷', en: 'questionnaire' },
  vitals: { zh: '体征', en: 'vital signs' },
};

const join = (ws: Word[], zhSep = '；', enSep = '; '): Word => ({
  zh: ws.map((w) => w.zh).join(zhSep),
  en: ws.map((w) => w.en).join(enSep),
});

/** The words of a finding key: the knowledge base's label, else the contract's feature word. */
function keyWord(key: string): Word {
  const [modality, feature] = key.split('.') as [string, string];
  const label = VOCABULARY[key]?.label;
  if (label) return label;
  if (modality === 'tongue' && feature in TONGUE_FEATURE_WORDS)
    return TONGUE_FEATURE_WORDS[feature as keyof typeof TONGUE_FEATURE_WORDS];
  if (modality === 'face' && feature === 'lipColor') return FACE_FEATURE_WORDS.lips;
  if (modality === 'face' && feature in FACE_FEATURE_WORDS)
    return FACE_FEATURE_WORDS[feature as keyof typeof FACE_FEATURE_WORDS];
  return { zh: key, en: key };
}

/** A rule in words: "明显 齿痕" / "questionnaire qi deficiency score ≥ 40". */
function ruleWord(rule: Rule): Word {
  const values = VOCABULARY[rule.key]?.values;
  if (rule.is)
    return join(
      rule.is.map((v) => values?.[String(v)] ?? { zh: String(v), en: String(v) }),
      '、',
      ' or ',
    );
  const k = keyWord(rule.key);
  const range = [rule.min !== undefined ? `≥ ${rule.min}` : '', rule.below !== undefined ? `< ${rule.below}` : '']
    .filter(Boolean)
    .join(' ');
  return { zh: `${k.zh} ${range}`, en: `${k.en} ${range}` };
}

const sourceOfPattern = (p: PatternDef) => p.source.join('; ');

function signEntries(): KnowledgeEntry[] {
  return Object.entries(VOCABULARY)
    .filter(([key]) => !key.startsWith('vitals.'))
    .map(([key, v]) => {
      const title = keyWord(key);
      const modality = MODALITY[v.modality] ?? { zh: '', en: '' };
      const lines: Word[] = [];
      const sources = new Set<string>();
      for (const p of PATTERNS)
        for (const r of p.rules.filter((x) => x.key === key)) {
          const w = ruleWord(r);
          const sign = r.weight > 0 ? { zh: '支持', en: 'supports' } : { zh: '不支持', en: 'argues against' };
          lines.push({
            zh: `${w.zh}${sign.zh}${p.zh}（权重 ${r.weight}）`,
            en: `${w.en} ${sign.en} ${p.en} (weight ${r.weight})`,
          });
          p.source.forEach((s) => sources.add(s));
        }
      const values = v.values ? join(Object.values(v.values), '、', ', ') : { zh: '', en: '' };
      return {
        id: `sign:${key}`,
        kind: 'sign' as const,
        title,
        text: {
          zh: `${title.zh}（${modality.zh}）。取值：${values.zh}。四诊合参中：${lines.map((l) => l.zh).join('；') || '未参与证候评分'}。`,
          en: `${title.en} (${modality.en}). Values: ${values.en}. In the four-diagnosis synthesis: ${lines.map((l) => l.en).join('; ') || 'not scored'}.`,
        },
        file: FILES.kb,
        source: [...sources].join('; '),
      };
    });
}

function patternEntries(): KnowledgeEntry[] {
  return PATTERNS.map((p) => {
    const pro = p.rules.filter((r) => r.weight > 0).sort((a, b) => b.weight - a.weight);
    const con = p.rules.filter((r) => r.weight < 0);
    const signs = (rs: Rule[]) =>
      join(
        rs.map((r) => {
          const k = keyWord(r.key);
          const w = ruleWord(r);
          return r.is ? { zh: `${k.zh}：${w.zh}`, en: `${k.en}: ${w.en}` } : w;
        }),
        '；',
        '; ',
      );
    const s = signs(pro);
    const c = signs(con);
    return {
      id: `pattern:${p.id}`,
      kind: 'pattern' as const,
      title: { zh: p.zh, en: p.en },
      text: {
        zh: `${p.zh}（证候）。主要依据：${s.zh}。${con.length ? `不符合的表现：${c.zh}。` : ''}`,
        en: `${p.en} (syndrome pattern). Main signs: ${s.en}.${con.length ? ` Against it: ${c.en}.` : ''}`,
      },
      file: FILES.kb,
      source: sourceOfPattern(p),
    };
  });
}

/** Keeps only the text of rich-text fields (disease users may edit them as HTML). */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function diseaseEntries(): KnowledgeEntry[] {
  const src = DISEASE_KNOWLEDGE.sources;
  const titleOf = (keys: readonly string[]) => keys.map((k) => src[k]?.title ?? k).join('; ');
  return DISEASE_KNOWLEDGE.diseases.flatMap((d) => [
    {
      id: `disease:${d.id}`,
      kind: 'disease' as const,
      title: { zh: `${d.western.zh}（${d.tcm.zh}）`, en: `${d.western.en} (${d.tcm.en})` },
      text: {
        zh: `${plain(d.summary.zh)} 常见证型：${d.patterns.map((p) => p.name.zh).join('、')}。`,
        en: `${plain(d.summary.en)} Common patterns: ${d.patterns.map((p) => p.name.en).join(', ')}.`,
      },
      file: FILES.diseases,
      source: titleOf(d.sources),
    },
    ...d.patterns.map((p) => ({
      id: `disease:${d.id}/${p.id}`,
      kind: 'disease' as const,
      title: { zh: `${d.western.zh}·${p.name.zh}`, en: `${d.western.en}: ${p.name.en}` },
      text: {
        zh: `${d.western.zh}（${d.tcm.zh}）${p.name.zh}：舌象 ${p.tongue.zh}；脉象 ${p.pulse.zh}；面色 ${p.face.zh}；调护 ${plain(p.advice.zh)}。`,
        en: `${d.western.en}, ${p.name.en}: tongue ${p.tongue.en}; pulse ${p.pulse.en}; face ${p.face.en}; care ${plain(p.advice.en)}.`,
      },
      file: FILES.diseases,
      source: titleOf(p.sources),
    })),
  ]);
}

function constitutionEntries(): KnowledgeEntry[] {
  return (
    Object.entries(CONSTITUTION_TYPE_OF_CODE) as Array<[ConstitutionCode, keyof typeof CONSTITUTION_TYPE_WORDS]>
  ).map(([code, type]) => {
    const w = CONSTITUTION_TYPE_WORDS[type];
    const related = PATTERNS.filter((p) => p.relatedConstitution === code);
    return {
      id: `constitution:${type}`,
      kind: 'constitution' as const,
      title: { zh: w.zh, en: `${w.en} constitution` },
      text: {
        zh: `${w.zh}（体质类型 ${code}，九种体质之一，按《中医体质分类与判定》问卷转化分判定）。${related.length ? `相关证候：${related.map((p) => p.zh).join('、')}。` : ''}`,
        en: `${w.en} constitution (type ${code} of the nine, judged by the questionnaire's converted score under ZYYXH/T157-2009).${related.length ? ` Related patterns: ${related.map((p) => p.en).join(', ')}.` : ''}`,
      },
      file: FILES.vocabulary,
      source: 'ZYYXH/T157-2009',
    };
  });
}

const PREGNANCY = {
  forbidden: { zh: '孕妇禁用', en: 'forbidden in pregnancy' },
  caution: { zh: '孕妇慎用', en: 'caution in pregnancy' },
};

function herbEntries(): KnowledgeEntry[] {
  return HERBS.map((h) => {
    const preg = h.pregnancy ? PREGNANCY[h.pregnancy] : null;
    return {
      id: `herb:${h.id}`,
      kind: 'herb' as const,
      title: { zh: h.name, en: `${h.name} (${h.pinyin})` },
      text: {
        zh: `${h.name}（${h.pinyin}，中药饮片）：性${h.nature}，味${h.flavour}，归${h.meridians}经；常用量 ${h.doseMin}-${h.doseMax}${h.unit}${h.preparation ? `，${h.preparation}` : ''}${preg ? `，${preg.zh}` : ''}。`,
        en: `${h.name} (${h.pinyin}, herb): nature ${h.nature}, flavour ${h.flavour}, meridians ${h.meridians}; usual dose ${h.doseMin}-${h.doseMax} ${h.unit}${h.preparation ? `, ${h.preparation}` : ''}${preg ? `, ${preg.en}` : ''}.`,
      },
      file: FILES.herbs,
      source: HERB_SOURCES[h.source] ?? h.source,
    };
  });
}

function formulaEntries(): KnowledgeEntry[] {
  return FORMULAS.map((f) => {
    const herbs = f.herbs
      .map((h) => `${h.name}${h.dose}${h.unit}${h.preparation ? `(${h.preparation})` : ''}`)
      .join(' ');
    return {
      id: `formula:${f.id}`,
      kind: 'formula' as const,
      title: { zh: f.name, en: `${f.name} (${f.pinyin})` },
      text: {
        zh: `${f.name}（${f.pinyin}，方剂，出自${f.origin}）：组成 ${herbs}；用法 ${f.usage}。`,
        en: `${f.name} (${f.pinyin}, formula from ${f.origin}): ${herbs}; usage ${f.usage}.`,
      },
      file: FILES.formulas,
      source: FORMULA_SOURCES[f.source] ?? f.source,
    };
  });
}

let cached: KnowledgeEntry[] | undefined;

/** Every entry, built once per process (the data files are part of the build). */
export function knowledgeEntries(): KnowledgeEntry[] {
  cached ??= [
    ...signEntries(),
    ...patternEntries(),
    ...diseaseEntries(),
    ...constitutionEntries(),
    ...herbEntries(),
    ...formulaEntries(),
  ];
  return cached;
}
