import type { Questionnaire } from '@medplum/fhirtypes';
import { CONSTITUTION_QUESTIONNAIRE_ID, fhirQuestionnaireUrl } from '@tcm/contract';
import { CANONICAL_ID, QUESTIONNAIRE_META, questionsFor } from '@tcm/contract/questionnaire';
import { CODE_SYSTEM_VERSION } from './code-systems.js';

/**
 * The constitution questionnaire (ZYYXH/T157-2009) as a FHIR R4 Questionnaire: the items both
 * sexes are asked, by the ids the answers are stored under (a shared question once, by its
 * canonical id), each answered 1–5. A record's QuestionnaireResponse points to its canonical URL.
 */
export function constitutionQuestionnaire(): Questionnaire {
  const items = new Map<string, { zh: string; en: string }>();
  for (const sex of ['female', 'male'] as const)
    for (const q of questionsFor(sex)) if (!items.has(q.id)) items.set(q.id, q.text);
  const scale = Object.entries(QUESTIONNAIRE_META.scale)
    .map(([n, zh]) => `${n} ${zh} / ${QUESTIONNAIRE_META.scaleEn[n as keyof typeof QUESTIONNAIRE_META.scaleEn]}`)
    .join('; ');
  return {
    resourceType: 'Questionnaire',
    id: CONSTITUTION_QUESTIONNAIRE_ID,
    url: fhirQuestionnaireUrl(CONSTITUTION_QUESTIONNAIRE_ID),
    version: CODE_SYSTEM_VERSION,
    name: 'TcmConstitutionQuestionnaire',
    title: `${QUESTIONNAIRE_META.title} (${QUESTIONNAIRE_META.standard})`,
    status: 'active',
    publisher: 'TCM platform',
    description: `${QUESTIONNAIRE_META.instructions.zh} / ${QUESTIONNAIRE_META.instructions.en} Answers: ${scale}.`,
    subjectType: ['Patient'],
    item: [...items].map(([linkId, text]) => ({
      linkId,
      text: `${text.zh} / ${text.en}`,
      type: 'integer' as const,
      required: false,
    })),
  };
}

/** The id an answer is stored under → the questionnaire's linkId (a shared question's canonical id). */
export const linkIdOf = (answerId: string): string => CANONICAL_ID.get(answerId) ?? answerId;
