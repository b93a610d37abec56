import { QUESTIONNAIRE_META, SCALES, questionsFor } from '@tcm/analysis/constitution';
import {
  CONSTITUTION_TEMPLATE_ID,
  type ConstitutionCode,
  type ConstitutionQuestion,
  type Question,
  type Template,
  type TemplateDefinition,
} from '@tcm/contract';

/**
 * The nine-constitution questionnaire (ZYYXH/T157-2009) as a read-only template: each question
 * asked once (a shared item lands in the section of its first scale), the sex-specific 6th
 * item of 气郁质 as two questions asked of one sex each, every answer on the standard's 1-5 scale.
 * It is built from the engine's own items, so the form and the scoring cannot drift apart.
 */
function buildDefinition(): TemplateDefinition {
  const female = questionsFor('female');
  const male = questionsFor('male');
  // Both lists are the same 60 questions in the same order but for the one sex-specific item.
  const merged: Array<[ConstitutionQuestion, 'female' | 'male' | undefined]> = [];
  female.forEach((f, i) => {
    const m = male[i]!;
    if (f.id === m.id) merged.push([f, undefined]);
    else merged.push([f, 'female'], [m, 'male']);
  });
  const meta = QUESTIONNAIRE_META;
  const labels = (['1', '2', '3', '4', '5'] as const).map((k) => ({ zh: meta.scale[k], en: meta.scaleEn[k] }));
  const question = ([q, sex]: [ConstitutionQuestion, 'female' | 'male' | undefined]): Question => ({
    id: q.id,
    type: 'scale',
    label: q.text,
    required: true,
    ...(sex ? { sex } : {}),
    scale: { min: 1, max: 5, labels },
  });
  const sectionOf = (code: ConstitutionCode) => merged.filter(([q]) => q.scales[0] === code).map(question);
  return {
    sections: SCALES.map((s) => ({ id: s.code, title: { zh: s.zh, en: s.en }, questions: sectionOf(s.code) })).filter(
      (s) => s.questions.length > 0,
    ),
    scoring: { kind: 'constitution' },
  };
}

export const CONSTITUTION_TEMPLATE: Template = (() => {
  const definition = buildDefinition();
  return {
    id: CONSTITUTION_TEMPLATE_ID,
    name: `${QUESTIONNAIRE_META.title}（${QUESTIONNAIRE_META.standard}）`,
    description: `${QUESTIONNAIRE_META.instructions.zh} / ${QUESTIONNAIRE_META.instructions.en}`,
    builtin: true,
    questionCount: definition.sections.reduce((n, s) => n + s.questions.length, 0),
    scoring: 'constitution',
    updatedAt: null,
    definition,
  };
})();
