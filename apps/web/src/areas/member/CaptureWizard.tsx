import '../../record/texts.js';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Result, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  recordPersonSchema,
  type CaptureSlot,
  type RecordPerson,
  type ReportLanguage,
  type Sex,
  type Vitals,
} from '@tcm/contract';
import { textProps } from '../../lib/form-rules.js';
import { CaptureInput } from '../../record/CaptureInput.js';
import { Questionnaire, questionnaireComplete, type Answers } from '../../record/Questionnaire.js';
import { LiveRecordResult } from '../../record/LiveRecordResult.js';
import { VitalsForm, vitalsProblem, vitalsProblems } from '../../record/VitalsForm.js';
import { createRecord, uploadCapture, useRecord } from '../../record/record-api.js';
import { useCaptureChecks, type CaptureCheckState } from '../../record/use-capture-checks.js';
import { CaptureCheckPanel } from '../../record/CaptureCheckPanel.js';
import { useTouch } from '../../record/touch.js';
import { currentLanguage } from '../../lib/i18n.js';
import { useSession } from '../../lib/session.js';

const STEPS = ['person', 'tongue', 'face', 'pulse', 'voice', 'questionnaire', 'vitals', 'submit'] as const;
type Step = (typeof STEPS)[number];

export interface WizardState {
  person: RecordPerson;
  files: Partial<Record<CaptureSlot, File>>;
  answers: Answers;
  vitals: Vitals;
  lang: ReportLanguage;
  /** A leader capturing for a person of the team says `team` (listed under teamRecord). */
  source: 'member' | 'team';
}

type Checks = Partial<Record<CaptureSlot, CaptureCheckState>>;
const isSlot = (step: Step): step is CaptureSlot => ['tongue', 'face', 'pulse', 'voice'].includes(step);

/**
 * What blocks leaving a step (an i18n key), or null. Tongue is required: every record is built on the tongue photo.
 * A capture whose check is running, or that its engine refused, holds its step (issue 17: a bad
 * file was reported only after the last step).
 */
export function stepProblem(step: Step, s: WizardState, checks: Checks = {}): string | null {
  if (step === 'person' && !s.person.sex) return 'record.wizard.sexRequired';
  if (step === 'tongue' && !s.files.tongue) return 'record.wizard.tongueRequired';
  if (isSlot(step) && s.files[step]) {
    const c = checks[step]?.status;
    if (c === 'checking') return 'record.wizard.checking';
    if (c === 'failed') return 'record.wizard.checkFailed';
  }
  if (step === 'questionnaire') {
    const n = Object.keys(s.answers).length;
    if (n > 0 && s.person.sex && !questionnaireComplete(s.person.sex, s.answers))
      return 'record.wizard.questionnairePartial';
  }
  if (step === 'vitals' && vitalsProblem(s.vitals)) return 'record.vitalsInvalid';
  return null;
}

/**
 * The member's four-diagnosis capture: person, tongue photo, face photo, pulse file, voice
 * (recorded in the browser → WAV), the constitution questionnaire and vitals → one record →
 * its result and the PDF in zh or en. Each file is uploaded (uuid upload) and read by its own
 * engine at its step; the record is created from those uuids. The result has its own URL
 * (`?record=<id>`), so a reload shows it again.
 */
export function CaptureWizard() {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [s, setS] = useState<WizardState>({
    person: {},
    files: {},
    answers: {},
    vitals: {},
    lang: currentLanguage(),
    source: 'member',
  });
  const [params, setParams] = useSearchParams();
  const recordId = params.get('record');
  const setRecordId = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('record', id);
        else next.delete('record');
        return next;
      },
      { replace: !id },
    );
  const { checks, give, reset } = useCaptureChecks(currentLanguage);
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const current = STEPS[step]!;
  const { button } = useTouch();
  const setFile = (slot: CaptureSlot, f: File | null) => {
    setS((x) => {
      const files = { ...x.files };
      if (f) files[slot] = f;
      else delete files[slot];
      return { ...x, files };
    });
    setShownProblem(null);
    void give(slot, f);
  };

  if (recordId)
    return (
      <WizardResult
        id={recordId}
        onNew={() => {
          setRecordId(null);
          reset();
          setStep(0);
          setS({ person: {}, files: {}, answers: {}, vitals: {}, lang: currentLanguage(), source: 'member' });
        }}
      />
    );

  const submit = async () => {
    setError(null);
    // Which capture was being sent, so an upload refusal names it (e.g. "脉诊: 文件已损坏…").
    let what = '';
    try {
      const uuids: Partial<Record<CaptureSlot, string>> = {};
      for (const [slot, file] of Object.entries(s.files) as [CaptureSlot, File][]) {
        const c = checks[slot];
        // Uploaded at its step already; only a file whose upload failed is sent again.
        if (c && 'uuid' in c) {
          uuids[slot] = c.uuid;
          continue;
        }
        what = t(`record.engine.${slot}`);
        setSending(what);
        uuids[slot] = (await uploadCapture(file)).uuid;
      }
      what = '';
      setSending(t('record.wizard.creating'));
      const hasAnswers = Object.keys(s.answers).length > 0;
      const created = await createRecord({
        files: uuids,
        person: s.person,
        vitals: Object.keys(s.vitals).length ? s.vitals : undefined,
        inquiry: hasAnswers ? { answers: s.answers } : undefined,
        lang: s.lang,
        kind: 'normal',
        source: s.source,
      });
      setRecordId(created.recordId);
    } catch (e) {
      const msg = (e as Error).message;
      setError(what ? t('record.wizard.uploadFailed', { what, msg }) : msg);
    } finally {
      setSending(null);
    }
  };

  const next = () => {
    const p = stepProblem(current, s, checks);
    setShownProblem(p);
    if (!p) setStep(step + 1);
  };

  return (
    <Card data-testid="capture-wizard">
      <Steps
        size="small"
        current={step}
        items={STEPS.map((k) => ({
          title: t(`record.wizard.step.${k}`),
          // A refused capture marks its step, wherever the person is now.
          ...(isSlot(k) && checks[k]?.status === 'failed' ? { status: 'error' as const } : {}),
        }))}
        style={{ marginBottom: 24 }}
      />
      <div data-testid={`wizard-step-${current}`}>
        {current === 'person' && (
          <PersonStep
            person={s.person}
            onChange={(person) => setS((x) => ({ ...x, person }))}
            source={s.source}
            onSource={(source) => setS((x) => ({ ...x, source }))}
          />
        )}
        {isSlot(current) && (
          <CaptureInput slot={current} file={s.files[current] ?? null} onChange={(f) => setFile(current, f)} />
        )}
        {current === 'questionnaire' &&
          (s.person.sex ? (
            <Questionnaire
              sex={s.person.sex}
              answers={s.answers}
              onChange={(answers) => setS((x) => ({ ...x, answers }))}
            />
          ) : null)}
        {isSlot(current) && s.files[current] && checks[current] && (
          <CaptureCheckPanel
            slot={current}
            state={checks[current]}
            onRemove={current === 'tongue' ? undefined : () => setFile(current, null)}
          />
        )}
        {current === 'vitals' && (
          <VitalsForm
            value={s.vitals}
            onChange={(vitals) => setS((x) => ({ ...x, vitals }))}
            problems={vitalsProblems(s.vitals)}
          />
        )}
        {current === 'submit' && (
          <Space orientation="vertical" data-testid="wizard-summary">
            <Typography.Text>
              {t('record.wizard.summary', {
                captures: (Object.keys(s.files) as CaptureSlot[]).map((k) => t(`record.engine.${k}`)).join(' · '),
                answers: Object.keys(s.answers).length,
                vitals: Object.keys(s.vitals).length,
              })}
            </Typography.Text>
            <Space>
              <Typography.Text>{t('record.wizard.reportLang')}</Typography.Text>
              <Radio.Group
                value={s.lang}
                onChange={(e) => setS((x) => ({ ...x, lang: e.target.value as ReportLanguage }))}
                options={[
                  { value: 'zh', label: t('record.reportLang.zh') },
                  { value: 'en', label: t('record.reportLang.en') },
                ]}
              />
            </Space>
          </Space>
        )}
      </div>
      {shownProblem && (
        <Alert style={{ marginTop: 16 }} type="warning" showIcon title={t(shownProblem)} data-testid="wizard-problem" />
      )}
      {error && <Alert style={{ marginTop: 16 }} type="error" showIcon title={error} data-testid="wizard-error" />}
      <Space style={{ marginTop: 24 }} wrap>
        {step > 0 && (
          <Button
            onClick={() => setStep(step - 1)}
            disabled={sending !== null}
            style={button}
            data-testid="wizard-prev"
          >
            {t('record.wizard.prev')}
          </Button>
        )}
        {current !== 'submit' ? (
          <Button type="primary" onClick={next} data-testid="wizard-next" style={button}>
            {t('record.wizard.next')}
          </Button>
        ) : (
          <Button
            type="primary"
            onClick={() => void submit()}
            loading={sending !== null}
            data-testid="wizard-submit"
            style={button}
          >
            {sending ? t('record.wizard.uploading', { what: sending }) : t('record.analyze')}
          </Button>
        )}
      </Space>
    </Card>
  );
}

function PersonStep(props: {
  person: RecordPerson;
  onChange: (p: RecordPerson) => void;
  source: WizardState['source'];
  onSource: (s: WizardState['source']) => void;
}) {
  const { person, onChange } = props;
  const { t } = useTranslation();
  const leader = useSession().member?.teamLeader === 1;
  return (
    <Form layout="vertical" style={{ maxWidth: 480 }}>
      {leader && (
        <Form.Item label={t('record.wizard.forWhom')}>
          <Radio.Group
            value={props.source}
            data-testid="wizard-source"
            onChange={(e) => props.onSource(e.target.value as WizardState['source'])}
            options={[
              { value: 'member', label: t('record.wizard.forMe') },
              { value: 'team', label: t('record.wizard.forTeam') },
            ]}
          />
        </Form.Item>
      )}
      <Form.Item label={t('record.field.personName')}>
        <Input
          {...textProps(recordPersonSchema.shape.name)}
          value={person.name ?? ''}
          data-testid="person-name"
          onChange={(e) => onChange({ ...person, name: e.target.value || undefined })}
        />
      </Form.Item>
      <Form.Item label={t('record.field.personSex')} required help={t('record.wizard.sexWhy')}>
        <Radio.Group
          value={person.sex}
          data-testid="person-sex"
          onChange={(e) => onChange({ ...person, sex: e.target.value as Sex })}
          options={[
            { value: 'female', label: t('record.sex.female') },
            { value: 'male', label: t('record.sex.male') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('record.field.personAge')}>
        <InputNumber
          min={0}
          max={150}
          precision={0}
          value={person.age ?? null}
          data-testid="person-age"
          onChange={(v) => onChange({ ...person, age: typeof v === 'number' ? v : undefined })}
        />
      </Form.Item>
    </Form>
  );
}

function WizardResult({ id, onNew }: { id: string; onNew: () => void }) {
  const { t } = useTranslation();
  const ref = { id };
  const state = useRecord(ref);
  const { detail, error } = state;
  if (error && !detail) return <Result status="error" title={error.message} />;
  if (!detail) return <Card loading />;
  return (
    <Card data-testid="wizard-result">
      <LiveRecordResult
        recordRef={ref}
        state={{ ...state, detail }}
        person={detail.person.name}
        extra={<Button onClick={onNew}>{t('record.newAnalysis')}</Button>}
      />
    </Card>
  );
}
