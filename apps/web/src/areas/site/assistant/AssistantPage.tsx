import { useState } from 'react';
import { Alert, Button, Card, Input, List, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ASSISTANT_QUESTION_MAX, type AssistantAnswer } from '@tcm/contract';
import { useSession } from '../../../lib/session.js';
import { useAskAssistant } from './assistant-api.js';

const EXAMPLES = {
  zh: ['齿痕舌说明什么？', '肝阳上亢证的舌象脉象', '黄芪的常用量'],
  en: ['What do tooth marks on the tongue mean?', 'Pulse of ascendant liver yang', 'Usual dose of 黄芪'],
};

function Answer({ a }: { a: AssistantAnswer }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="assistant-answer" style={{ marginTop: 16 }}>
      {a.note && (
        <Alert type="warning" showIcon title={a.note} style={{ marginBottom: 12 }} data-testid="assistant-note" />
      )}
      <Tag>{t(`assistant.mode.${a.mode}`)}</Tag>
      {/* Plain text, never HTML: the model's words cannot inject markup. */}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{a.answer}</Typography.Paragraph>
      {a.sources.length > 0 && (
        <>
          <Typography.Title level={5}>{t('assistant.sources')}</Typography.Title>
          <List
            size="small"
            data-testid="assistant-sources"
            dataSource={a.sources}
            renderItem={(s) => (
              <List.Item>
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>
                    [{s.ref}] {s.title} <Tag>{t(`assistant.kinds.${s.kind}`)}</Tag>
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                    {s.id} · {s.file} · {s.source}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}

/**
 * The physicians' assistant at /zhongyishiAIzhushou (issue 22 item 5; docs/site.md "AI
 * assistant"): a doctor's session asks; anyone else reads what it is and where to sign in.
 */
export default function AssistantPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { token, loginType } = useSession();
  const [question, setQuestion] = useState('');
  const ask = useAskAssistant(lang);
  const signedIn = !!token && loginType === 'doctor';
  const submit = (q: string) => {
    const text = q.trim();
    if (text.length < 2) return;
    setQuestion(text);
    ask.mutate(text);
  };

  return (
    <article style={{ maxWidth: 900, margin: '0 auto', padding: '0 4px' }} data-testid="assistant-page">
      <Typography.Title>{t('assistant.title')}</Typography.Title>
      <Typography.Paragraph>{t('assistant.intro')}</Typography.Paragraph>
      <Alert type="info" showIcon title={t('assistant.disclaimer')} style={{ marginBottom: 16 }} />
      {!signedIn ? (
        <Alert
          type="warning"
          showIcon
          data-testid="assistant-sign-in"
          title={t('assistant.signInFirst')}
          action={<Link to="/keyan-login">{t('assistant.signIn')}</Link>}
        />
      ) : (
        <>
          <Input.Search
            aria-label={t('assistant.question')}
            placeholder={t('assistant.placeholder')}
            enterButton={t('assistant.ask')}
            maxLength={ASSISTANT_QUESTION_MAX}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            onSearch={submit}
            loading={ask.isPending}
            data-testid="assistant-question"
          />
          <Space wrap style={{ marginTop: 8 }}>
            {EXAMPLES[lang].map((q) => (
              <Button key={q} size="small" onClick={() => submit(q)}>
                {q}
              </Button>
            ))}
          </Space>
          {ask.isError && (
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 16 }}
              data-testid="assistant-error"
              title={ask.error.message || t('assistant.failed')}
            />
          )}
          {ask.data && <Answer a={ask.data} />}
          {ask.data?.sources.length === 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('assistant.empty')}
            </Typography.Paragraph>
          )}
        </>
      )}
    </article>
  );
}
