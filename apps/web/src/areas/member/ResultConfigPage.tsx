import { useMemo, useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StackTable } from '../../record/StackTable.js';
import {
  adviceKeyWord,
  readerLang,
  type AdviceConfigBody,
  type AdviceVersion,
  type TeamAdviceEntry,
} from '@tcm/contract';
import { day } from './home-format.js';
import { usePreview, useResetConfig, useRestoreConfig, useResultConfig, useSaveConfig } from './result-config-api.js';

const CATEGORIES = ['diet', 'lifestyle', 'exercise', 'acupoints', 'teas'] as const;
type Category = (typeof CATEGORIES)[number];
type Entries = AdviceConfigBody['entries'];

/** One line per row in the editor; rich text (HTML) is allowed and sanitised by the server. */
const toText = (entry: TeamAdviceEntry | undefined, cat: Category, lang: 'zh' | 'en') =>
  (entry?.[cat] ?? []).map((l) => l[lang]).join('\n');
const fromText = (zh: string, en: string) => {
  const a = zh.split('\n').map((x) => x.trim());
  const b = en.split('\n').map((x) => x.trim());
  return a.map((z, i) => ({ zh: z, en: b[i] || z })).filter((l) => l.zh);
};

/** /member/config/resultConfig: the team's advice texts per constitution, pattern and risk key, with versions. */
export function ResultConfigPage() {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  const { message } = App.useApp();
  const state = useResultConfig();
  const save = useSaveConfig();
  const reset = useResetConfig();
  const restore = useRestoreConfig();
  const preview = usePreview();
  const [draft, setDraft] = useState<Entries | null>(null);
  const [key, setKey] = useState('constitution:B');
  const entries: Entries = useMemo(() => draft ?? state.data?.current?.entries ?? {}, [draft, state.data]);
  if (state.isPending) return <Spin data-testid="result-config-loading" />;
  if (state.isError) return <Result status="warning" title={state.error.message} data-testid="result-config-error" />;
  const { defaults, history } = state.data;
  const shown = entries[key] ?? defaults[key];
  const edit = (cat: Category, lang: 'zh' | 'en', text: string) => {
    const other = toText(shown, cat, lang === 'zh' ? 'en' : 'zh');
    const lines = lang === 'zh' ? fromText(text, other) : fromText(toText(shown, cat, 'zh'), text);
    setDraft({ ...entries, [key]: { ...shown, [cat]: lines } });
  };
  const done = (text: string) => () => {
    setDraft(null);
    void message.success(text);
  };
  const openPdf = (blob: Blob) => window.open(URL.createObjectURL(blob), '_blank');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="result-config">
      <Card
        title={t('member.resultConfig.title')}
        extra={<Tag>{state.data.current ? `v${state.data.current.version}` : t('member.resultConfig.defaults')}</Tag>}
      >
        <Typography.Paragraph type="secondary">{t('member.resultConfig.hint')}</Typography.Paragraph>
        <Select
          showSearch
          // People search the words they read (气虚证, Qi deficiency), not the key behind them.
          optionFilterProp="label"
          style={{ minWidth: 320 }}
          value={key}
          onChange={setKey}
          options={Object.keys(defaults).map((k) => ({ value: k, label: adviceKeyWord(k, lang) }))}
          data-testid="result-config-key"
        />
        {CATEGORIES.map((cat) => (
          <div key={cat} style={{ marginTop: 12 }}>
            <Typography.Text strong>{t(`member.resultConfig.category.${cat}`)}</Typography.Text>
            <Space style={{ width: '100%' }} align="start">
              {(['zh', 'en'] as const).map((lang) => (
                <Input.TextArea
                  key={lang}
                  rows={3}
                  cols={48}
                  placeholder={lang}
                  value={toText(shown, cat, lang)}
                  onChange={(e) => edit(cat, lang, e.target.value)}
                  data-testid={`result-config-${cat}-${lang}`}
                />
              ))}
            </Space>
          </div>
        ))}
        <Space style={{ marginTop: 16 }} wrap>
          <Button
            type="primary"
            disabled={!draft}
            loading={save.isPending}
            onClick={() => save.mutate({ entries }, { onSuccess: done(t('member.resultConfig.saved')) })}
            data-testid="result-config-save"
          >
            {t('member.resultConfig.save')}
          </Button>
          <Button
            loading={preview.isPending}
            onClick={() =>
              preview.mutate({ entries }, { onSuccess: openPdf, onError: (e) => void message.error(e.message) })
            }
            data-testid="result-config-preview"
          >
            {t('member.resultConfig.preview')}
          </Button>
          <Popconfirm
            title={t('member.resultConfig.resetConfirm')}
            onConfirm={() => reset.mutate(undefined, { onSuccess: done(t('member.resultConfig.saved')) })}
          >
            <Button danger data-testid="result-config-reset">
              {t('member.resultConfig.reset')}
            </Button>
          </Popconfirm>
        </Space>
      </Card>
      <Card title={t('member.resultConfig.history')}>
        <StackTable<AdviceVersion>
          rowKey="version"
          dataSource={history}
          locale={{ emptyText: t('member.resultConfig.noHistory') }}
          pagination={{ pageSizeOptions: [100, 200, 500, 1000], defaultPageSize: 100 }}
          columns={[
            { title: t('member.resultConfig.version'), dataIndex: 'version', render: (v: number) => `v${v}` },
            {
              title: t('member.resultConfig.action'),
              dataIndex: 'action',
              render: (a: string) => t(`member.resultConfig.actions.${a}`),
            },
            { title: t('member.resultConfig.when'), dataIndex: 'createdAt', render: (d: string) => day(d) },
            {
              title: '',
              render: (_: unknown, v: AdviceVersion) => (
                <Button
                  size="small"
                  onClick={() => restore.mutate(v.version, { onSuccess: done(t('member.resultConfig.saved')) })}
                  data-testid={`result-config-restore-${v.version}`}
                >
                  {t('member.resultConfig.restore')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
