import './texts.js';
import { useReducer, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, InputNumber, Popconfirm, Radio, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordPersonSchema, type CaptureSlot, type RecordPerson, type ReportLanguage, type Sex } from '@tcm/contract';
import { textProps } from '../lib/form-rules.js';
import { CaptureInput } from './CaptureInput.js';
import { Questionnaire } from './Questionnaire.js';
import { LiveRecordResult } from './LiveRecordResult.js';
import { VitalsForm, vitalsProblems } from './VitalsForm.js';
import { createRecord, uploadCapture, useRecord } from './record-api.js';
import { useCaptureChecks } from './use-capture-checks.js';
import { CaptureCheckPanel } from './CaptureCheckPanel.js';
import { useTouch } from './touch.js';
import { currentLanguage } from '../lib/i18n.js';
import { useSession } from '../lib/session.js';
import { initialWizard, isSlot, SKIPPABLE, STEPS, wizardReducer, type WizardState } from './wizard-machine.js';
import { WizardStepper } from './WizardStepper.js';

/**
 * The member's four-diagnosis capture: person, tongue photo, face photo, pulse file, voice
 * (recorded in the browser → WAV), the constitution questionnaire and vitals → one record →
 * its result and the PDF in zh or en. Each file is uploaded (uuid upload) and read by its own
 * engine at its step; the record is created from those uuids. The result has its own URL
 * (`?record=<id>`), so a reload shows it again. The steps are `wizardReducer`'s (a pure state
 * machine); `data-step` on the card is the step on screen, the marker journeys wait for.
 *
 * A doctor's capture from a visit (docs/archive.md) passes `onCreated`, which receives the new
 * record instead of the wizard's own result page, `owner: 'doctor'` (no "for whom": the record is
 * the doctor's) and `person`, the case's patient, pre-filled.
 */
export function CaptureWizard(
  props: { onCreated?: (recordId: string) => void; owner?: 'member' | 'doctor'; person?: RecordPerson } = {},
) {
  const { t } = useTranslation();
  const [s, dispatch] = useReducer(wizardReducer, undefined, () => initialWizard(currentLanguage(), props.person));
  const [params, setParams] = useSearchParams();
  const recordId = props.onCreated ? null : params.get('record');
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
  const current = s.step;
  const { button } = useTouch();
  const setFile = (slot: CaptureSlot, f: File | null) => {
    dispatch({ type: 'file', slot, file: f });
    void give(slot, f);
  };
  const startOver = () => {
    reset();
    dispatch({ type: 'reset', lang: currentLanguage(), person: props.person });
  };

  if (recordId)
    return (
      <WizardResult
        id={recordId}
        onNew={() => {
          setRecordId(null);
          startOver();
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
      if (props.onCreated) {
        startOver();
        props.onCreated(created.recordId);
      } else setRecordId(created.recordId);
    } catch (e) {
      const msg = (e as Error).message;
      setError(what ? t('record.wizard.uploadFailed', { what, msg }) : msg);
    } finally {
      setSending(null);
    }
  };

  const skip = () => {
    if (isSlot(current)) void give(current, null);
    dispatch({ type: 'skip' });
  };
  const failed = STEPS.filter((k) => isSlot(k) && checks[k]?.status === 'failed');

  return (
    <Card data-testid="capture-wizard" data-step={current}>
      <WizardStepper step={current} failed={failed} skipped={s.skipped} />
      <div data-testid={`wizard-step-${current}`}>
        {current === 'person' && (
          <PersonStep
            person={s.person}
            onChange={(person) => dispatch({ type: 'person', person })}
            source={props.owner === 'doctor' ? null : s.source}
            onSource={(source) => dispatch({ type: 'source', source })}
          />
        )}
        {isSlot(current) && (
          <CaptureInput slot={current} file={s.files[current] ?? null} onChange={(f) => setFile(current, f)} />
        )}
        {current === 'questionnaire' && s.person.sex ? (
          <Questionnaire
            sex={s.person.sex}
            answers={s.answers}
            onChange={(answers) => dispatch({ type: 'answers', answers })}
          />
        ) : null}
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
            onChange={(vitals) => dispatch({ type: 'vitals', vitals })}
            problems={vitalsProblems(s.vitals)}
          />
        )}
        {current === 'submit' && <SubmitStep s={s} onLang={(lang) => dispatch({ type: 'lang', lang })} />}
      </div>
      {s.problem && (
        <Alert style={{ marginTop: 16 }} type="warning" showIcon title={t(s.problem)} data-testid="wizard-problem" />
      )}
      {error && <Alert style={{ marginTop: 16 }} type="error" showIcon title={error} data-testid="wizard-error" />}
      <Space style={{ marginTop: 24 }} wrap>
        {current !== 'person' && (
          <Button
            onClick={() => dispatch({ type: 'prev' })}
            disabled={sending !== null}
            style={button}
            data-testid="wizard-prev"
          >
            {t('record.wizard.prev')}
          </Button>
        )}
        {current !== 'submit' ? (
          <Button
            type="primary"
            onClick={() => dispatch({ type: 'next', checks })}
            data-testid="wizard-next"
            style={button}
          >
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
        {SKIPPABLE.includes(current) && (
          <Popconfirm
            title={t('record.wizard.skipTitle', { part: t(`record.wizard.step.${current}`) })}
            description={t('record.wizard.skipWhat', { part: t(`record.wizard.step.${current}`) })}
            okText={t('record.wizard.skipOk')}
            cancelText={t('record.wizard.skipCancel')}
            okButtonProps={{ 'data-testid': 'wizard-skip-confirm' }}
            onConfirm={skip}
          >
            <Button type="link" data-testid="wizard-skip" style={button}>
              {t('record.wizard.skip')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Card>
  );
}

/** The last step: what the record will hold, what was skipped, and the report's language. */
function SubmitStep({ s, onLang }: { s: WizardState; onLang: (l: ReportLanguage) => void }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" data-testid="wizard-summary">
      <Typography.Text>
        {t('record.wizard.summary', {
          captures: (Object.keys(s.files) as CaptureSlot[]).map((k) => t(`record.engine.${k}`)).join(' · '),
          answers: Object.keys(s.answers).length,
          vitals: Object.keys(s.vitals).length,
        })}
      </Typography.Text>
      {s.skipped.length > 0 && (
        <Typography.Text type="secondary" data-testid="wizard-skipped">
          {t('record.wizard.skippedList', {
            parts: STEPS.filter((k) => s.skipped.includes(k))
              .map((k) => t(`record.wizard.step.${k}`))
              .join(t('record.wizard.listSep')),
          })}
        </Typography.Text>
      )}
      <Space>
        <Typography.Text>{t('record.wizard.reportLang')}</Typography.Text>
        <Radio.Group
          value={s.lang}
          onChange={(e) => onLang(e.target.value as ReportLanguage)}
          options={[
            { value: 'zh', label: t('record.reportLang.zh') },
            { value: 'en', label: t('record.reportLang.en') },
          ]}
        />
      </Space>
    </Space>
  );
}

function PersonStep(props: {
  person: RecordPerson;
  onChange: (p: RecordPerson) => void;
  /** Null where the form has no "for whom" (a doctor's capture). */
  source: WizardState['source'] | null;
  onSource: (s: WizardState['source']) => void;
}) {
  const { person, onChange } = props;
  const { t } = useTranslation();
  const leader = useSession().member?.teamLeader === 1;
  return (
    <Form layout="vertical" style={{ maxWidth: 480 }}>
      {leader && props.source !== null && (
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
