import { useState } from 'react';
import { Button, Card, Empty, Input, InputNumber, Radio, Result, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScreeningBody } from '@tcm/contract';
import { useReaderFormat } from '../../lib/reader-format.js';
import { useCreateScreening, useDisease, useDiseases, useLinkableRecords } from './disease-api.js';
import { useWord } from './use-word.js';

/** The screening flow: disease, the person's records, the person, the disease questions. */
export function ScreeningForm({ onDone }: { onDone: (id: string) => void }) {
  const { t } = useTranslation();
  const w = useWord();
  const { date } = useReaderFormat();
  const diseases = useDiseases();
  const records = useLinkableRecords();
  const create = useCreateScreening();
  const [diseaseId, setDiseaseId] = useState<string | null>(null);
  const detail = useDisease(diseaseId);
  const [recordIds, setRecordIds] = useState<string[]>([]);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [person, setPerson] = useState<ScreeningBody['person']>({});
  if (diseases.isPending || records.isPending) return <Spin data-testid="screen-loading" />;
  if (diseases.isError || records.isError)
    return (
      <Result status="warning" title={t('disease.loadFailed', { msg: (diseases.error ?? records.error)!.message })} />
    );
  const questions = detail.data?.questions ?? [];
  // The record's finished analyses, worded (the questionnaire is the constitution engine; the synthesis is not an input).
  const engineWords = (engines: string[]) =>
    engines
      .filter((e) => e !== 'synthesis')
      .map((e) => t(`disease.modality.${e === 'constitution' ? 'inquiry' : e}`))
      .join('/');
  const complete = !!diseaseId && questions.length > 0 && questions.every((q) => answers[q.id]);
  const submit = () =>
    create.mutate({ diseaseId: diseaseId!, recordIds, answers, person }, { onSuccess: (s) => onDone(s.id) });
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 960 }} data-testid="screen-form">
      <Card size="small" title={t('disease.screen.disease')}>
        <Select
          style={{ minWidth: 360 }}
          placeholder={t('disease.screen.pickDisease')}
          value={diseaseId}
          onChange={(id: string) => {
            setDiseaseId(id);
            setAnswers({});
          }}
          options={diseases.data.map((d) => ({ value: d.id, label: `${w(d.western)} · ${w(d.tcm)}` }))}
          data-testid="screen-disease"
        />
      </Card>
      <Card size="small" title={t('disease.screen.records')}>
        <Typography.Paragraph type="secondary">{t('disease.screen.recordsHint')}</Typography.Paragraph>
        {records.data.rows.length === 0 ? (
          <Empty description={t('disease.screen.noRecords')} data-testid="screen-no-records" />
        ) : (
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            value={recordIds}
            onChange={setRecordIds}
            maxCount={6}
            options={records.data.rows.map((r) => ({
              value: r.id,
              label: `${r.personName ?? '—'} · ${date(r.createdAt)} · ${engineWords(r.engines)}`,
            }))}
            data-testid="screen-records"
          />
        )}
      </Card>
      <Card size="small" title={t('disease.screen.person')}>
        <Space wrap>
          <Input
            placeholder={t('disease.screen.name')}
            value={person.name ?? ''}
            onChange={(e) => setPerson({ ...person, name: e.target.value || undefined })}
            data-testid="screen-name"
          />
          <Radio.Group
            value={person.sex}
            onChange={(e) => setPerson({ ...person, sex: e.target.value as 'male' | 'female' })}
          >
            <Radio value="male">{t('disease.screen.male')}</Radio>
            <Radio value="female">{t('disease.screen.female')}</Radio>
          </Radio.Group>
          <InputNumber
            min={0}
            max={130}
            placeholder={t('disease.screen.age')}
            value={person.age ?? null}
            onChange={(v) => setPerson({ ...person, age: v ?? undefined })}
            data-testid="screen-age"
          />
        </Space>
      </Card>
      {diseaseId && (
        <Card size="small" title={t('disease.screen.questions')} data-testid="screen-questions">
          {detail.isPending ? (
            <Spin />
          ) : (
            questions.map((q) => (
              <div key={q.id} style={{ marginBottom: 12 }}>
                <Typography.Text>{w(q.text)}</Typography.Text>
                <br />
                <Radio.Group
                  value={answers[q.id]}
                  onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value as string })}
                  data-testid={`screen-q-${q.id}`}
                >
                  {q.options.map((o) => (
                    <Radio key={o.id} value={o.id} data-testid={`screen-q-${q.id}-${o.id}`}>
                      {w(o.text)}
                    </Radio>
                  ))}
                </Radio.Group>
              </div>
            ))
          )}
        </Card>
      )}
      <Space>
        <Button
          type="primary"
          disabled={!complete}
          loading={create.isPending}
          onClick={submit}
          data-testid="screen-submit"
        >
          {t('disease.screen.submit')}
        </Button>
        {diseaseId && !complete && <Typography.Text type="secondary">{t('disease.screen.answerAll')}</Typography.Text>}
      </Space>
    </Space>
  );
}
