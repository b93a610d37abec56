import { Button, Card, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddRowButton, EditorRow } from './EditorRows.js';
import type { PointsScoreInput, QuestionInput } from '@tcm/contract';

type Label = { zh: string; en: string };
type ScoringDraft = { kind: 'none' } | { kind: 'points'; scores: PointsScoreInput[] } | { kind: 'constitution' };

/** The builder's working copy of a template (what `add`/`update` send). */
export interface Draft {
  name: string;
  description: string;
  definition: {
    sections: Array<{ id: string; title: Label; questions: QuestionInput[] }>;
    scoring: ScoringDraft;
  };
}

/** Scoring rules: none, or points scores — weighted questions summed and read against bands. */
export function ScoringEditor(props: { draft: Draft; edit: (fn: (d: Draft) => void) => void; questionIds: string[] }) {
  const { t } = useTranslation();
  const { draft, edit } = props;
  const scoring = draft.definition.scoring;
  const scores = (d: Draft) => (d.definition.scoring as { scores: PointsScoreInput[] }).scores;
  return (
    <Card size="small" title={t('archive.inquiry.scoring')} data-testid="scoring-editor">
      <Select
        value={scoring.kind}
        style={{ width: 200 }}
        options={(['none', 'points'] as const).map((k) => ({ value: k, label: t(`archive.inquiry.scoringKind.${k}`) }))}
        onChange={(kind) =>
          edit((d) => {
            d.definition.scoring =
              kind === 'points'
                ? { kind, scores: [{ id: 'score1', label: { zh: '', en: '' }, items: [], bands: [] }] }
                : { kind: 'none' };
          })
        }
        data-testid="scoring-kind"
      />
      {scoring.kind === 'points' &&
        scoring.scores.map((sc, i) => (
          <Card key={i} size="small" style={{ marginTop: 8 }}>
            <Space wrap>
              <Input
                value={sc.id}
                style={{ width: 120 }}
                onChange={(e) => edit((d) => void (scores(d)[i]!.id = e.target.value))}
              />
              <Input
                placeholder={t('archive.inquiry.labelZh')}
                value={sc.label.zh}
                onChange={(e) => edit((d) => void (scores(d)[i]!.label.zh = e.target.value))}
                data-testid={`score-${i}-zh`}
              />
              <Input
                placeholder={t('archive.inquiry.labelEn')}
                value={sc.label.en}
                onChange={(e) => edit((d) => void (scores(d)[i]!.label.en = e.target.value))}
              />
              <Button size="small" danger onClick={() => edit((d) => void scores(d).splice(i, 1))}>
                {t('archive.inquiry.remove')}
              </Button>
            </Space>
            <div style={{ marginTop: 6 }}>
              {sc.items.map((it, j) => (
                <EditorRow key={j} onRemove={() => edit((d) => void scores(d)[i]!.items.splice(j, 1))}>
                  <Select
                    value={it.question}
                    style={{ width: 160 }}
                    options={props.questionIds.map((q) => ({ value: q, label: q }))}
                    onChange={(v) => edit((d) => void (scores(d)[i]!.items[j]!.question = v))}
                  />
                  {t('archive.inquiry.weight')}
                  <InputNumber
                    value={it.weight ?? 1}
                    onChange={(v) => edit((d) => void (scores(d)[i]!.items[j]!.weight = v ?? 1))}
                  />
                </EditorRow>
              ))}
              {/* Always empty: picking a question adds it. The value type is named, since `null` alone says nothing. */}
              <Select<string>
                placeholder={t('archive.inquiry.addQuestion')}
                value={null}
                style={{ width: 200, marginTop: 4 }}
                options={props.questionIds.map((q) => ({ value: q, label: q }))}
                onChange={(q) => edit((d) => void scores(d)[i]!.items.push({ question: q, weight: 1 }))}
                data-testid={`score-${i}-add-item`}
              />
            </div>
            <div style={{ marginTop: 6 }}>
              <Typography.Text type="secondary">{t('archive.inquiry.bands')}</Typography.Text>
              {(sc.bands ?? []).map((b, j) => (
                <EditorRow key={j} onRemove={() => edit((d) => void scores(d)[i]!.bands!.splice(j, 1))}>
                  <InputNumber
                    value={b.from}
                    onChange={(v) => edit((d) => void (scores(d)[i]!.bands![j]!.from = v ?? 0))}
                  />
                  <Input
                    value={b.label.zh}
                    onChange={(e) => edit((d) => void (scores(d)[i]!.bands![j]!.label.zh = e.target.value))}
                  />
                  <Input
                    value={b.label.en}
                    onChange={(e) => edit((d) => void (scores(d)[i]!.bands![j]!.label.en = e.target.value))}
                  />
                </EditorRow>
              ))}
              <AddRowButton
                onClick={() =>
                  edit((d) => void (scores(d)[i]!.bands ??= []).push({ from: 0, label: { zh: '', en: '' } }))
                }
              >
                {t('archive.inquiry.addBand')}
              </AddRowButton>
            </div>
          </Card>
        ))}
      {scoring.kind === 'points' && (
        <Button
          size="small"
          style={{ marginTop: 8 }}
          onClick={() =>
            edit(
              (d) =>
                void scores(d).push({
                  id: `score${scores(d).length + 1}`,
                  label: { zh: '', en: '' },
                  items: [],
                  bands: [],
                }),
            )
          }
        >
          {t('archive.inquiry.addScore')}
        </Button>
      )}
    </Card>
  );
}
