import { ASSISTANT_ERRORS, type AssistantAnswer, type WordLang } from '@tcm/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { countCall } from '../auth/call-window.repo.js';
import { principalOf } from '../auth/guard.js';
import { composeAnswer } from './compose.js';
import { phraseWithModel } from './model-client.js';
import { asSources, retrieve } from './retrieve.js';

const HOUR_S = 3600;

const FALLBACK_NOTE: Record<WordLang, string> = {
  zh: '语言模型暂时无法使用，以下为知识库检索结果。',
  en: 'The language model could not be reached; the answer below is composed from the knowledge base.',
};

/**
 * Answers a physician's question: retrieval over the knowledge base, then (when an endpoint is
 * configured and something was found) the model's phrasing of those passages; any failure of
 * the endpoint falls back to the retrieval answer with a note. Limited per account and hour.
 */
export async function ask(request: FastifyRequest, question: string): Promise<AssistantAnswer> {
  const { db, config } = request.server.ctx;
  const s = config.assistant;
  const waitS = await countCall(db, `assistant:${principalOf(request).user.id}`, s.perHour, HOUR_S);
  if (waitS > 0) throw new AppError(ASSISTANT_ERRORS.RATE_LIMITED, undefined, { retryAfterS: waitS });

  const lang = request.msgLang;
  const sources = asSources(retrieve(question), lang);
  const retrieval = { question, mode: 'retrieval' as const, answer: composeAnswer(sources, lang), note: null, sources };
  if (!s.apiUrl || !sources.length) return retrieval;
  try {
    const answer = await phraseWithModel({ ...s, apiUrl: s.apiUrl }, question, sources, lang);
    return { ...retrieval, mode: 'model', answer };
  } catch (e) {
    request.log.warn({ err: e }, 'assistant model failed; retrieval answer served');
    return { ...retrieval, note: FALLBACK_NOTE[lang] };
  }
}
