import { ASSISTANT_PATHS, type AssistantAnswer } from '@tcm/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api.js';

/** The assistant call (docs/site.md "AI assistant"); the answer comes in the reader's language. */
export const assistantApi = {
  ask: (question: string, lang: 'zh' | 'en') =>
    http.post<AssistantAnswer>(ASSISTANT_PATHS.ask, {
      body: { question },
      headers: { language: lang === 'en' ? 'en' : 'zh-cn' },
      noErrorMessage: true,
    }),
};

/** Asks the assistant in the reader's language; the page shows the answer or the refusal itself. */
export const useAskAssistant = (lang: 'zh' | 'en') =>
  useMutation({ mutationFn: (q: string) => assistantApi.ask(q, lang) });
