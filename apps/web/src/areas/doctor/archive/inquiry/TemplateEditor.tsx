import '../texts.js';
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Input,
  InputNumber,
  Result,
  Select,
  Space,
  Spin,
  Typography,
  message,
} from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES, templateBody, type QuestionInput, type QuestionType, type TemplateBody } from '@tcm/contract';
import { textProps } from '../../../../lib/form-rules.js';
import { useSaveTemplate, useTemplate } from './inquiry-api.js';
import { ScoringEditor, type Draft } from './ScoringEditor.js';
import { AddRowButton, EditorRow } from './EditorRows.js';

const blank = (): Draft => ({
  name: '',
  description: '',
  definition: { sections: [{ id: 's1', title: { zh: '', en: '' }, questions: [] }], scoring: { kind: 'none' } },
});

/** The first `prefix<n>` not taken (new ids stay unique without the doctor typing one). */
function freeId(prefix: string, taken: readonly string[]): string {
  for (let n = 1; ; n++) if (!taken.includes(`${prefix}${n}`)) return `${prefix}${n}`;
}

const newQuestion = (id: string, type: QuestionType): QuestionInput => ({
  id,
  type,
  label: { zh: '', en: '' },
  required: false,
  ...(type === 'single' || type === 'multiple'
    ? {
        options: [
          { value: 'a', label: { zh: '', en: '' }, score: 0 },
          { value: 'b', label: { zh: '', en: '' }, score: 0 },
        ],
      }
    : {}),
  ...(type === 'scale' ? { scale: { min: 1, max: 5 } } : {}),
  ...(type === 'number' ? { number: { unit: '' } } : {}),
  ...(type === 'photo' ? { photo: 'tongue' as const } : {}),
});

const CONDITIONS: readonly QuestionType[] = ['single', 'multiple', 'scale', 'number'];

function QuestionEditor(props: {
  q: QuestionInput;
  earlier: QuestionInput[];
  onChange: (fn: (q: QuestionInput) => void) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { q, onChange } = props;
  const tid = `edit-${q.id}`;
  return (
    <Card size="small" data-testid={tid} style={{ background: '#fafafa' }}>
      <Space wrap>
        <Input
          addonBefore={t('archive.inquiry.id')}
          value={q.id}
          onChange={(e) => onChange((x) => void (x.id = e.target.value))}
          style={{ width: 160 }}
        />
        <Select<QuestionType>
          value={q.type}
          style={{ width: 120 }}
          options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`archive.inquiry.types.${v}`) }))}
          onChange={(v) =>
            onChange((x) => Object.assign(x, { ...newQuestion(x.id, v), label: x.label, required: x.required }))
          }
        />
        <Checkbox checked={q.required} onChange={(e) => onChange((x) => void (x.required = e.target.checked))}>
          {t('archive.inquiry.required')}
        </Checkbox>
        <span>{t('archive.inquiry.sex')}</span>
        <Select
          value={q.sex ?? ''}
          style={{ width: 90 }}
          options={[
            { value: '', label: t('archive.inquiry.sexAny') },
            { value: 'female', label: t('archive.sex.female') },
            { value: 'male', label: t('archive.sex.male') },
          ]}
          onChange={(v) => onChange((x) => (v ? (x.sex = v as 'female') : delete x.sex))}
        />
        <Button size="small" onClick={() => props.onMove(-1)}>
          {t('archive.inquiry.moveUp')}
        </Button>
        <Button size="small" onClick={() => props.onMove(1)}>
          {t('archive.inquiry.moveDown')}
        </Button>
        <Button size="small" danger onClick={props.onRemove}>
          {t('archive.inquiry.remove')}
        </Button>
      </Space>
      <Space wrap style={{ marginTop: 6 }}>
        <Input
          addonBefore={t('archive.inquiry.labelZh')}
          value={q.label.zh}
          onChange={(e) => onChange((x) => void (x.label.zh = e.target.value))}
          style={{ width: 320 }}
          data-testid={`${tid}-zh`}
        />
        <Input
          addonBefore={t('archive.inquiry.labelEn')}
          value={q.label.en}
          onChange={(e) => onChange((x) => void (x.label.en = e.target.value))}
          style={{ width: 320 }}
        />
      </Space>
      <Space wrap style={{ marginTop: 6 }}>
        <span>{t('archive.inquiry.showIf')}</span>
        <Select
          allowClear
          value={q.showIf?.question}
          style={{ width: 200 }}
          options={props.earlier
            .filter((e) => CONDITIONS.includes(e.type))
            .map((e) => ({ value: e.id, label: `${e.id} ${e.label.zh}` }))}
          onChange={(v?: string) =>
            onChange((x) => (v ? (x.showIf = { question: v, anyOf: x.showIf?.anyOf ?? [] }) : delete x.showIf))
          }
          data-testid={`${tid}-showif`}
        />
        {q.showIf && (
          <Input
            addonBefore={t('archive.inquiry.showIfAny')}
            value={q.showIf.anyOf.join(',')}
            onChange={(e) =>
              onChange((x) => {
                const on = props.earlier.find((p) => p.id === x.showIf?.question);
                const numeric = on?.type === 'scale' || on?.type === 'number';
                const values = e.target.value
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean);
                x.showIf!.anyOf = numeric ? values.map(Number).filter(Number.isFinite) : values;
              })
            }
            style={{ width: 320 }}
            data-testid={`${tid}-anyof`}
          />
        )}
      </Space>
      {(q.type === 'single' || q.type === 'multiple') && (
        <div style={{ marginTop: 6 }}>
          <Typography.Text type="secondary">{t('archive.inquiry.options')}</Typography.Text>
          {q.options?.map((o, i) => (
            <EditorRow key={i} onRemove={() => onChange((x) => void x.options!.splice(i, 1))}>
              <Input
                value={o.value}
                style={{ width: 90 }}
                onChange={(e) => onChange((x) => void (x.options![i]!.value = e.target.value))}
              />
              <Input
                value={o.label.zh}
                style={{ width: 160 }}
                onChange={(e) => onChange((x) => void (x.options![i]!.label.zh = e.target.value))}
                data-testid={`${tid}-opt${i}-zh`}
              />
              <Input
                value={o.label.en}
                style={{ width: 160 }}
                onChange={(e) => onChange((x) => void (x.options![i]!.label.en = e.target.value))}
              />
              <InputNumber
                value={o.score ?? 0}
                style={{ width: 80 }}
                onChange={(v) => onChange((x) => void (x.options![i]!.score = v ?? 0))}
                data-testid={`${tid}-opt${i}-score`}
              />
            </EditorRow>
          ))}
          <AddRowButton
            onClick={() =>
              onChange((x) =>
                x.options!.push({
                  value: freeId(
                    'o',
                    x.options!.map((p) => p.value),
                  ),
                  label: { zh: '', en: '' },
                  score: 0,
                }),
              )
            }
          >
            {t('archive.inquiry.addOption')}
          </AddRowButton>
        </div>
      )}
      {q.type === 'scale' && (
        <Space style={{ marginTop: 6 }}>
          {t('archive.inquiry.scaleRange')}
          <InputNumber value={q.scale?.min} onChange={(v) => onChange((x) => void (x.scale!.min = v ?? 0))} />
          –
          <InputNumber value={q.scale?.max} onChange={(v) => onChange((x) => void (x.scale!.max = v ?? 0))} />
        </Space>
      )}
      {q.type === 'number' && (
        <Space style={{ marginTop: 6 }}>
          <Input
            addonBefore={t('archive.inquiry.unit')}
            value={q.number?.unit}
            style={{ width: 160 }}
            onChange={(e) => onChange((x) => void (x.number!.unit = e.target.value))}
          />
          <InputNumber
            addonBefore={t('archive.inquiry.min')}
            value={q.number?.min}
            onChange={(v) => onChange((x) => void (x.number!.min = v ?? undefined))}
          />
          <InputNumber
            addonBefore={t('archive.inquiry.max')}
            value={q.number?.max}
            onChange={(v) => onChange((x) => void (x.number!.max = v ?? undefined))}
          />
        </Space>
      )}
      {q.type === 'photo' && (
        <Select
          style={{ width: 140, marginTop: 6 }}
          value={q.photo}
          options={(['tongue', 'face'] as const).map((v) => ({ value: v, label: t(`archive.inquiry.photoKind.${v}`) }))}
          onChange={(v) => onChange((x) => void (x.photo = v))}
        />
      )}
    </Card>
  );
}

/**
 * /doctor/archive/inquiryTemp/edit (?id= to edit an own template, ?copy= to start from another,
 * none for a new one): sections of questions, conditions, scoring. The server judges the whole
 * definition (zod and the contract's rules) and its problems are listed here.
 */
export function TemplateEditor() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const from = id ?? params.get('copy');
  const [draft, setDraft] = useState<Draft>(blank);
  const [problems, setProblems] = useState<string[]>([]);
  const saving = useSaveTemplate();
  const source = useTemplate(from ?? undefined, !!from);
  useEffect(() => {
    if (!source.data) return;
    const s = source.data;
    const copy = !id;
    setDraft({
      name: copy ? `${s.name} (copy)` : s.name,
      description: s.description,
      // The constitution scoring belongs to the built-in template: a copy keeps the questions only.
      definition: structuredClone({
        ...s.definition,
        scoring: s.definition.scoring.kind === 'constitution' ? { kind: 'none' } : s.definition.scoring,
      }),
    });
  }, [source.data, id]);
  const edit = (fn: (d: Draft) => void) =>
    setDraft((d) => {
      const c = structuredClone(d);
      fn(c);
      return c;
    });
  const allIds = draft.definition.sections.flatMap((s) => s.questions.map((q) => q.id));
  const save = () => {
    setProblems([]);
    const body: TemplateBody = draft;
    saving.mutate(
      { id, body },
      {
        onSuccess: (saved) => {
          void message.success(t('archive.inquiry.saved'));
          void navigate(`/doctor/archive/inquiryTemp/show?id=${saved.id}`);
        },
        onError: (e) => {
          const list = (e as { data?: { problems?: unknown } }).data?.problems;
          setProblems(Array.isArray(list) ? list.map(String) : [e.message]);
        },
      },
    );
  };
  if (from && source.isPending) return <Spin />;
  if (source.isError) return <Result status="403" title={source.error.message} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="template-editor">
      <Typography.Title level={4}>{t('route.inquiryTempEdit')}</Typography.Title>
      <Input
        addonBefore={t('archive.inquiry.name')}
        value={draft.name}
        onChange={(e) => edit((d) => void (d.name = e.target.value))}
        data-testid="template-name"
        {...textProps(templateBody.shape.name)}
      />
      <Input.TextArea
        {...textProps(templateBody.shape.description)}
        placeholder={t('archive.inquiry.description')}
        value={draft.description}
        onChange={(e) => edit((d) => void (d.description = e.target.value))}
      />
      {draft.definition.sections.map((s, si) => (
        <Card
          key={si}
          size="small"
          title={
            <Space>
              {t('archive.inquiry.section')}
              <Input
                value={s.title.zh}
                placeholder={t('archive.inquiry.labelZh')}
                onChange={(e) => edit((d) => void (d.definition.sections[si]!.title.zh = e.target.value))}
                data-testid={`section-${si}-zh`}
              />
              <Input
                value={s.title.en}
                placeholder={t('archive.inquiry.labelEn')}
                onChange={(e) => edit((d) => void (d.definition.sections[si]!.title.en = e.target.value))}
              />
            </Space>
          }
          extra={
            <Button size="small" danger onClick={() => edit((d) => void d.definition.sections.splice(si, 1))}>
              {t('archive.inquiry.remove')}
            </Button>
          }
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            {s.questions.map((q, qi) => (
              <QuestionEditor
                key={qi}
                q={q}
                earlier={draft.definition.sections.flatMap((x, xi) =>
                  xi < si ? x.questions : xi === si ? x.questions.slice(0, qi) : [],
                )}
                onChange={(fn) => edit((d) => fn(d.definition.sections[si]!.questions[qi]!))}
                onMove={(by) =>
                  edit((d) => {
                    const list = d.definition.sections[si]!.questions;
                    const to = qi + by;
                    if (to < 0 || to >= list.length) return;
                    [list[qi], list[to]] = [list[to]!, list[qi]!];
                  })
                }
                onRemove={() => edit((d) => void d.definition.sections[si]!.questions.splice(qi, 1))}
              />
            ))}
            <Select<QuestionType>
              placeholder={t('archive.inquiry.addQuestion')}
              value={null}
              style={{ width: 200 }}
              options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`archive.inquiry.types.${v}`) }))}
              onChange={(type) =>
                edit((d) => void d.definition.sections[si]!.questions.push(newQuestion(freeId('q', allIds), type)))
              }
              data-testid={`add-question-${si}`}
            />
          </Space>
        </Card>
      ))}
      <Button
        onClick={() =>
          edit((d) =>
            d.definition.sections.push({
              id: freeId(
                's',
                d.definition.sections.map((x) => x.id),
              ),
              title: { zh: '', en: '' },
              questions: [],
            }),
          )
        }
      >
        {t('archive.inquiry.addSection')}
      </Button>
      <ScoringEditor draft={draft} edit={edit} questionIds={allIds} />
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('archive.inquiry.problems')}
          description={
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
          data-testid="template-problems"
        />
      )}
      <Button type="primary" loading={saving.isPending} onClick={save} data-testid="save-template">
        {t('archive.inquiry.save')}
      </Button>
    </Space>
  );
}
