import { useState, type ReactNode } from 'react';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Input,
  List,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiseaseDetail, DiseasePattern, DiseaseSaveBody, DiseaseSummary } from '@tcm/contract';
import { RichTextEditor } from '../../components/editor/RichTextEditor.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { AddDiseaseDialog } from './AddDiseaseDialog.js';
import { useDeleteDisease, useDisease, useDiseases, useSaveDisease } from './disease-api.js';
import { useWord } from './use-word.js';

const LANGS = ['zh', 'en'] as const;
const PATTERN_FIELDS = ['name', 'tongue', 'pulse', 'face', 'advice'] as const;
type PatternField = (typeof PATTERN_FIELDS)[number];

/** The knowledge base: one line per disease; a drawer shows an entry and edits it. */
export function KnowledgePage() {
  const { t } = useTranslation();
  const w = useWord();
  const list = useDiseases();
  const [open, setOpen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const remove = useDeleteDisease();
  const { message, modal } = App.useApp();
  const confirmDelete = (d: DiseaseSummary) =>
    modal.confirm({
      title: t('disease.add.deleteConfirm', { name: w(d.western) }),
      onOk: () =>
        remove.mutateAsync(d.id).then(
          () => void message.success(t('disease.add.deleted')),
          (e: Error) => void message.error(e.message),
        ),
    });
  if (list.isPending) return <Spin data-testid="knowledge-loading" />;
  if (list.isError)
    return (
      <Result
        status="warning"
        title={t('disease.loadFailed', { msg: list.error.message })}
        data-testid="knowledge-error"
      />
    );
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setAdding(true)} data-testid="disease-add">
        {t('disease.add.button')}
      </Button>
      {adding && (
        <AddDiseaseDialog
          diseases={list.data}
          onClose={() => setAdding(false)}
          onAdded={(id) => {
            setAdding(false);
            setOpen(id);
          }}
        />
      )}
      <Table<DiseaseSummary>
        rowKey="id"
        dataSource={list.data}
        pagination={false}
        locale={{ emptyText: t('disease.empty') }}
        data-testid="knowledge-list"
        columns={[
          { title: t('disease.knowledge.western'), render: (_, d) => w(d.western) },
          { title: t('disease.knowledge.tcm'), render: (_, d) => w(d.tcm) },
          { title: t('disease.knowledge.icd10'), dataIndex: 'icd10' },
          { title: t('disease.knowledge.patterns'), dataIndex: 'patterns' },
          { title: t('disease.knowledge.screenings'), dataIndex: 'screenings' },
          {
            title: t('disease.knowledge.version'),
            render: (_, d) => (
              <Space>
                {d.version ? `v${d.version}` : <Tag>{t('disease.knowledge.shipped')}</Tag>}
                {d.custom && <Tag color="blue">{t('disease.add.custom')}</Tag>}
              </Space>
            ),
          },
          {
            title: '',
            render: (_, d) => (
              <Space>
                <Button size="small" onClick={() => setOpen(d.id)} data-testid={`knowledge-open-${d.id}`}>
                  {t('disease.knowledge.view')}
                </Button>
                {d.mine && (
                  <Button
                    size="small"
                    danger
                    onClick={() => void confirmDelete(d)}
                    data-testid={`knowledge-delete-${d.id}`}
                  >
                    {t('disease.add.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={!!open} width={920} onClose={() => setOpen(null)} destroyOnClose>
        {open && <DiseaseEntry id={open} />}
      </Drawer>
    </>
  );
}

/** One disease: read view, or the editor for its rich text, names and patterns. */
function DiseaseEntry({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useDisease(id);
  const [editing, setEditing] = useState(false);
  if (detail.isPending) return <Spin />;
  if (detail.isError) return <Result status="warning" title={t('disease.loadFailed', { msg: detail.error.message })} />;
  return editing ? (
    <DiseaseEditor detail={detail.data} onDone={() => setEditing(false)} />
  ) : (
    <DiseaseView detail={detail.data} onEdit={() => setEditing(true)} />
  );
}

function DiseaseView({ detail: d, onEdit }: { detail: DiseaseDetail; onEdit: () => void }) {
  const { t } = useTranslation();
  const w = useWord();
  const { date } = useReaderFormat();
  const source = (id: string) => d.sourceCatalogue.find((s) => s.id === id)?.title ?? id;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="knowledge-entry">
      <Space>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {w(d.western)} · {w(d.tcm)}
        </Typography.Title>
        <Button type="primary" onClick={onEdit} data-testid="knowledge-edit">
          {t('disease.knowledge.edit')}
        </Button>
      </Space>
      {d.updatedAt && (
        <Typography.Text type="secondary">
          {t('disease.knowledge.updatedBy', { who: d.updatedBy ?? '—', when: date(d.updatedAt) })}
        </Typography.Text>
      )}
      <Card size="small" title={t('disease.knowledge.summary')}>
        {/* Sanitised by the server (sanitize-html) when saved. */}
        <div dangerouslySetInnerHTML={{ __html: w(d.summary) }} data-testid="knowledge-summary" />
      </Card>
      <Card size="small" title={t('disease.knowledge.patterns')}>
        {d.patterns.map((p) => (
          <Descriptions key={p.id} size="small" column={1} title={w(p.name)} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('disease.knowledge.tongue')}>{w(p.tongue)}</Descriptions.Item>
            <Descriptions.Item label={t('disease.knowledge.pulse')}>{w(p.pulse)}</Descriptions.Item>
            <Descriptions.Item label={t('disease.knowledge.face')}>{w(p.face)}</Descriptions.Item>
            <Descriptions.Item label={t('disease.knowledge.patternAdvice')}>
              <span dangerouslySetInnerHTML={{ __html: w(p.advice) }} />
            </Descriptions.Item>
            <Descriptions.Item label={t('disease.knowledge.sources')}>
              {p.sources.map(source).join('; ')}
            </Descriptions.Item>
          </Descriptions>
        ))}
      </Card>
      <Card size="small" title={t('disease.knowledge.advice')}>
        <div dangerouslySetInnerHTML={{ __html: w(d.advice) }} />
      </Card>
      <ListCard
        title={t('disease.knowledge.questions')}
        items={d.questions}
        line={(q) => (
          <>
            {w(q.text)} ({q.options.map((o) => `${w(o.text)} ${o.points}`).join(' / ')}) — {source(q.source)}
          </>
        )}
      />
      <ListCard
        title={t('disease.knowledge.signs')}
        items={d.signs}
        line={(s) => (
          <>
            {w(s.text)} · {t('disease.knowledge.points')} {s.points} — {source(s.source)}
          </>
        )}
      />
      <ListCard
        title={t('disease.knowledge.sources')}
        items={d.sourceCatalogue}
        line={(s) => `[${s.id}] ${s.title}, ${s.edition}`}
      />
    </Space>
  );
}

/** A card of one small list, a line per item. */
function ListCard<T>({ title, items, line }: { title: string; items: T[]; line: (item: T) => ReactNode }) {
  return (
    <Card size="small" title={title}>
      <List size="small" dataSource={items} renderItem={(item) => <List.Item>{line(item)}</List.Item>} />
    </Card>
  );
}

const draftOf = (d: DiseaseDetail): DiseaseSaveBody => ({
  western: d.western,
  tcm: d.tcm,
  icd10: d.icd10,
  summary: d.summary,
  advice: d.advice,
  patterns: d.patterns,
  sources: d.sources,
  version: d.version,
});

function DiseaseEditor({ detail, onDone }: { detail: DiseaseDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveDisease(detail.id);
  const [draft, setDraft] = useState<DiseaseSaveBody>(() => draftOf(detail));
  const setPattern = (i: number, field: PatternField, lang: 'zh' | 'en', value: string) =>
    setDraft({
      ...draft,
      patterns: draft.patterns.map((p, j): DiseasePattern =>
        j === i ? { ...p, [field]: { ...p[field], [lang]: value } } : p,
      ),
    });
  const submit = () =>
    save.mutate(draft, {
      onSuccess: (d) => {
        void message.success(t('disease.knowledge.saved', { version: d.version }));
        onDone();
      },
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="knowledge-editor">
      {(['western', 'tcm'] as const).map((field) => (
        <Space key={field} style={{ width: '100%' }}>
          <Typography.Text strong style={{ width: 100, display: 'inline-block' }}>
            {t(`disease.knowledge.${field}`)}
          </Typography.Text>
          {LANGS.map((lang) => (
            <Input
              key={lang}
              value={draft[field][lang]}
              placeholder={t(`disease.knowledge.${lang}`)}
              onChange={(e) => setDraft({ ...draft, [field]: { ...draft[field], [lang]: e.target.value } })}
              data-testid={`knowledge-${field}-${lang}`}
            />
          ))}
        </Space>
      ))}
      {(['summary', 'advice'] as const).map((field) =>
        LANGS.map((lang) => (
          <div key={`${field}-${lang}`}>
            <Typography.Text strong>
              {t(`disease.knowledge.${field}`)} · {t(`disease.knowledge.${lang}`)}
            </Typography.Text>
            <RichTextEditor
              value={draft[field][lang]}
              height={140}
              onChange={(html) => setDraft((d) => ({ ...d, [field]: { ...d[field], [lang]: html } }))}
              testId={`knowledge-${field}-${lang}`}
            />
          </div>
        )),
      )}
      {draft.patterns.map((p, i) => (
        <Card key={p.id} size="small" title={p.name.zh}>
          {PATTERN_FIELDS.map((field) => (
            <Space key={field} style={{ width: '100%' }} align="start">
              <Typography.Text style={{ width: 100, display: 'inline-block' }}>
                {t(
                  field === 'name'
                    ? 'disease.knowledge.patternName'
                    : field === 'advice'
                      ? 'disease.knowledge.patternAdvice'
                      : `disease.knowledge.${field}`,
                )}
              </Typography.Text>
              {LANGS.map((lang) => (
                <Input.TextArea
                  key={lang}
                  autoSize
                  cols={44}
                  value={p[field][lang]}
                  onChange={(e) => setPattern(i, field, lang, e.target.value)}
                />
              ))}
            </Space>
          ))}
        </Card>
      ))}
      <Space>
        <Button type="primary" loading={save.isPending} onClick={submit} data-testid="knowledge-save">
          {t('disease.knowledge.save')}
        </Button>
        <Button onClick={onDone}>{t('disease.knowledge.cancel')}</Button>
      </Space>
    </Space>
  );
}
