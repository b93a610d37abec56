import type { AssistantSource, WordLang } from '@tcm/contract';

/** Decision-support wording every answer carries (the physician decides, the platform informs). */
export const DISCLAIMER: Record<WordLang, string> = {
  zh: '以上内容由平台知识库检索整理，仅供医师辅助决策参考，不能替代临床诊断；请结合四诊合参判断。',
  en: 'Composed from the platform knowledge base as decision support for physicians; it does not replace a clinical diagnosis. Weigh it with all four diagnostic methods.',
};

const NOTHING: Record<WordLang, string> = {
  zh: '知识库中没有找到与这个问题相关的条目。请换一种说法，或用舌象、脉象、面色、证候、体质、疾病、中药或方剂的名称提问。',
  en: 'The knowledge base holds no entry on this question. Try other words, or ask with the name of a tongue, pulse or face sign, a pattern, a constitution, a disease, a herb or a formula.',
};

const INTRO: Record<WordLang, string> = {
  zh: '知识库中与问题最相关的条目：',
  en: 'The knowledge-base entries closest to the question:',
};

/** The retrieval answer: the entries themselves, numbered as their sources, then the disclaimer. */
export function composeAnswer(sources: AssistantSource[], lang: WordLang): string {
  if (!sources.length) return NOTHING[lang];
  const lines = sources.map((s) => `[${s.ref}] ${s.excerpt}`);
  return [INTRO[lang], ...lines, DISCLAIMER[lang]].join('\n\n');
}
