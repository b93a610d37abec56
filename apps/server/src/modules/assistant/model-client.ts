import type { AssistantSource, WordLang } from '@tcm/contract';
import { DISCLAIMER } from './compose.js';

export interface ModelSettings {
  apiUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

const SYSTEM: Record<WordLang, string> = {
  zh: '你是中医医师的辅助决策助手。只根据给出的编号资料回答，用 [编号] 标注出处；资料不足以回答时直说。不针对具体病人下诊断或开处方。用中文回答，简明。',
  en: 'You are a decision-support assistant for physicians of traditional Chinese medicine. Answer only from the numbered passages and cite them as [n]; if they do not answer the question, say so. Do not diagnose or prescribe for a particular patient. Answer in English, briefly.',
};

/**
 * Asks an OpenAI-compatible chat-completions endpoint to phrase the answer from the retrieved
 * passages only. Throws on any failure (network, timeout, status, shape); the caller falls back.
 */
export async function phraseWithModel(
  s: ModelSettings,
  question: string,
  sources: AssistantSource[],
  lang: WordLang,
): Promise<string> {
  const passages = sources.map((p) => `[${p.ref}] ${p.title} (${p.source}): ${p.excerpt}`).join('\n');
  const res = await fetch(`${s.apiUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {}) },
    body: JSON.stringify({
      model: s.model,
      temperature: 0.2,
      messages: [
        { role: 'system', content: SYSTEM[lang] },
        { role: 'user', content: `${passages}\n\n${question}` },
      ],
    }),
    signal: AbortSignal.timeout(s.timeoutMs),
  });
  if (!res.ok) throw new Error(`assistant model: HTTP ${res.status}`);
  const body = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) throw new Error('assistant model: no answer in the reply');
  // The model's words are shown as plain text (never HTML); the disclaimer is ours, not the model's.
  return `${content.trim()}\n\n${DISCLAIMER[lang]}`;
}
