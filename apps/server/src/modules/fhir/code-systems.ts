import {
  COMPLEXION_WORDS,
  CONSTITUTION_TYPE_OF_CODE,
  CONSTITUTION_TYPE_WORDS,
  FACE_FEATURE_WORDS,
  fhirCodeSystemUrl,
  GLOSS_WORDS,
  LIP_COLOR_WORDS,
  PATTERN_WORDS,
  PULSE_CLASS_WORDS,
  SKIN_TONE_WORDS,
  TONGUE_FEATURE_WORDS,
  TONGUE_LABEL_WORDS,
  VOICE_READING_WORDS,
  type FhirCodeSystem,
  type FhirCodeSystemId,
  type Word,
} from '@tcm/contract';

/**
 * The vocabulary's words as FHIR R4 CodeSystems (docs/fhir.md "Code systems"). The codes are the
 * ids the engines write, so a stored result maps to a coding without a table of its own; a finding
 * of a feature is `<feature>.<label>` under its feature (`bodyColor.purple`). Displays are Chinese
 * (the vocabulary's original words), English is a designation.
 */

/** Bumped when a code is added or removed; rewording a display does not change a code's meaning. */
export const CODE_SYSTEM_VERSION = '1.0.0';

type Concept = FhirCodeSystem['concept'][number];
type Words = Readonly<Record<string, Word>>;

const concept = (code: string, word: Word, children?: Concept[]): Concept => ({
  code,
  display: word.zh,
  designation: [{ language: 'en', value: word.en }],
  ...(children?.length ? { concept: children } : {}),
});

const flat = (words: Words): Concept[] => Object.entries(words).map(([code, w]) => concept(code, w));

/** A feature's concept with its findings under it (`bodyColor` > `bodyColor.purple`). */
const grouped = (features: Words, labels: Readonly<Record<string, Words | undefined>>): Concept[] =>
  Object.entries(features).map(([feature, w]) =>
    concept(
      feature,
      w,
      Object.entries(labels[feature] ?? {}).map(([label, lw]) => concept(`${feature}.${label}`, lw)),
    ),
  );

const count = (concepts: Concept[]): number => concepts.reduce((n, c) => n + 1 + count(c.concept ?? []), 0);

interface Definition {
  name: string;
  title: Word;
  description: string;
  concepts: Concept[];
  grouped?: boolean;
  property?: FhirCodeSystem['property'];
}

const LETTER_OF_TYPE = Object.fromEntries(Object.entries(CONSTITUTION_TYPE_OF_CODE).map(([l, t]) => [t, l]));

const DEFINITIONS: Record<FhirCodeSystemId, Definition> = {
  'tcm-tongue': {
    name: 'TcmTongueFindings',
    title: { zh: '舌诊所见', en: 'Tongue findings' },
    description: 'Features of the tongue image analysis and their findings (docs/tongue-features.md).',
    concepts: grouped(TONGUE_FEATURE_WORDS, TONGUE_LABEL_WORDS),
    grouped: true,
  },
  'tcm-face': {
    name: 'TcmFaceFindings',
    title: { zh: '面诊所见', en: 'Face findings' },
    description:
      'Features of the face image analysis (complexion, gloss, lips, skin tone) and their findings (docs/face.md).',
    concepts: grouped(FACE_FEATURE_WORDS, {
      complexion: COMPLEXION_WORDS,
      gloss: GLOSS_WORDS,
      lips: LIP_COLOR_WORDS,
      skinTone: SKIN_TONE_WORDS,
    }),
    grouped: true,
  },
  'tcm-pulse': {
    name: 'TcmPulseClasses',
    title: { zh: '脉象', en: 'Pulse classes' },
    description: 'Pulse classes the pulse wave analysis reports (docs/pulse.md).',
    concepts: flat(PULSE_CLASS_WORDS),
  },
  'tcm-voice': {
    name: 'TcmVoiceReadings',
    title: { zh: '闻诊', en: 'Voice readings' },
    description: 'Listening readings of the voice analysis (docs/voice.md).',
    concepts: flat(VOICE_READING_WORDS),
  },
  'tcm-constitution': {
    name: 'TcmConstitutionTypes',
    title: { zh: '中医体质', en: 'TCM constitution types' },
    description:
      'The nine constitution types of the Classification and Determination of Constitution in TCM (ZYYXH/T157-2009); property letter: the standard’s letter A–I (docs/constitution.md).',
    concepts: Object.entries(CONSTITUTION_TYPE_WORDS).map(([code, w]) => ({
      ...concept(code, w),
      property: [{ code: 'letter', valueCode: LETTER_OF_TYPE[code] ?? code }],
    })),
    property: [{ code: 'letter', description: 'The standard’s letter of the type (A–I)', type: 'code' }],
  },
  'tcm-pattern': {
    name: 'TcmSyndromePatterns',
    title: { zh: '证型', en: 'Syndrome patterns' },
    description: 'Syndrome patterns the synthesis of the four examinations suggests (docs/synthesis.md).',
    concepts: flat(PATTERN_WORDS),
  },
};

export function codeSystem(id: FhirCodeSystemId): FhirCodeSystem {
  const d = DEFINITIONS[id];
  return {
    resourceType: 'CodeSystem',
    id,
    url: fhirCodeSystemUrl(id),
    version: CODE_SYSTEM_VERSION,
    name: d.name,
    title: `${d.title.zh} / ${d.title.en}`,
    status: 'active',
    experimental: false,
    publisher: 'TCM platform',
    description: `${d.description} Decision support: findings suggest, they do not diagnose.`,
    language: 'zh-CN',
    caseSensitive: true,
    ...(d.grouped ? { hierarchyMeaning: 'grouped-by' as const } : {}),
    content: 'complete',
    count: count(d.concepts),
    ...(d.property ? { property: d.property } : {}),
    concept: d.concepts,
  };
}
