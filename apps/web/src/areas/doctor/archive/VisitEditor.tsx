import './texts.js';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Result, Row, Select, Space, Spin, Typography, message } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ARCHIVE_ERRORS,
  clinicDay,
  fourDiagnosisSchema,
  readerLang,
  visitBody,
  type PrescriptionInput,
  type SafetyWarning,
  type VisitBody,
  type VisitDetail,
} from '@tcm/contract';
import { DayInput } from '../../../components/DayInput.js';
import { HttpError } from '../../../lib/http.js';
import { markServerFields, schemaRule, textProps } from '../../../lib/form-rules.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { AcknowledgeDialog } from './AcknowledgeDialog.js';
import { useCase, useLinkableRecords, useSaveVisit } from './archive-api.js';
import { PrescriptionComposer } from './PrescriptionComposer.js';

/** `recordId` of addRecord when the case has no visit yet (the first visit starts empty). */
export const FIRST_VISIT_ID = 'first';

/** Today on the clinic's calendar (a visit after 16:00 UTC is already tomorrow there). */
const today = () => clinicDay();

/** The form values of a visit; a follow-up copies the previous visit but not its date or outcome. */
export function visitForm(v: VisitDetail | null, mode: 'add' | 'edit'): VisitBody {
  const empty = { inspection: '', listening: '', inquiry: '', palpation: '' };
  if (!v) return { visitDate: today(), chiefComplaint: '', fourDiagnosis: empty, prescription: null, western: [] };
  return {
    visitDate: mode === 'edit' ? v.visitDate : today(),
    chiefComplaint: v.chiefComplaint,
    presentIllness: v.presentIllness,
    pastHistory: v.pastHistory,
    fourDiagnosis: v.fourDiagnosis,
    recordIds: mode === 'edit' ? v.recordIds : [],
    tcmDisease: v.tcmDisease,
    tcmSyndrome: v.tcmSyndrome,
    western: v.western,
    treatmentPrinciple: v.treatmentPrinciple,
    prescription: v.prescription && withoutAcknowledgement(v.prescription),
    advice: v.advice,
    outcome: mode === 'edit' ? v.outcome : '',
  };
}

/**
 * The form never sends a stored acknowledgement back: the server keeps it while the warnings stay
 * those acknowledged, and asks anew (the dialog) when the prescription raises another one.
 */
function withoutAcknowledgement(p: NonNullable<VisitDetail['prescription']>): PrescriptionInput {
  const { acknowledgement: _stored, ...rx } = p;
  return rx;
}

/** The warnings of a 409 answer of the prescription checks. */
const refusedWith = (e: unknown): SafetyWarning[] =>
  e instanceof HttpError ? ((e.data as { warnings?: SafetyWarning[] } | null)?.warnings ?? []) : [];

/**
 * /doctor/archive/addRecord/:archiveId/:recordId and /doctor/archive/editRecord/:archiveId/:recordId
 * share this screen (spec §2): add pre-fills from the visit `recordId` (the previous one), edit
 * loads it. `recordId` is a visit of the case archive, not a platform record.
 */
export function VisitEditor({ mode }: { mode: 'add' | 'edit' }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  const rule = (field: keyof VisitBody) => [schemaRule(visitBody.shape[field], lang, field)];
  const fmt = useReaderFormat();
  const navigate = useNavigate();
  const { archiveId = '', recordId = '' } = useParams();
  const [form] = Form.useForm<VisitBody>();
  const [rx, setRx] = useState<PrescriptionInput | null>(null);
  const saving = useSaveVisit();
  /** Warnings of the last refused save: the reason dialog is open while set. */
  const [asked, setAsked] = useState<{ warnings: SafetyWarning[]; refused: boolean } | null>(null);
  const [pending, setPending] = useState<VisitBody | null>(null);
  const caseQ = useCase(archiveId);
  const base = recordId === FIRST_VISIT_ID ? null : (caseQ.data?.visits.find((v) => v.id === recordId) ?? null);
  const records = useLinkableRecords();

  useEffect(() => {
    if (!caseQ.data) return;
    const values = visitForm(base, mode);
    form.setFieldsValue(values);
    setRx(values.prescription ?? null);
  }, [caseQ.data, base, mode, form]);

  if (caseQ.isLoading) return <Spin style={{ display: 'block', margin: '10vh auto' }} />;
  if (caseQ.error || !caseQ.data || (recordId !== FIRST_VISIT_ID && !base))
    return <Result status="403" title={t('archive.visit.notFound')} subTitle={(caseQ.error as Error)?.message} />;
  const c = caseQ.data;
  const title =
    mode === 'edit' ? t('archive.visit.titleEdit') : base ? t('archive.visit.titleAdd') : t('archive.visit.titleFirst');

  const submit = (body: VisitBody) => {
    saving.mutate(
      { caseId: archiveId, visitId: mode === 'edit' ? recordId : null, body },
      {
        onSuccess: () => {
          setAsked(null);
          void message.success(t('archive.visit.saved'));
          void navigate(`/doctor/archive/review/${archiveId}`);
        },
        onError: (e) => {
          const code = e instanceof HttpError ? e.code : 0;
          if (code === ARCHIVE_ERRORS.PRESCRIPTION_NEEDS_REASON.code) {
            setPending(body);
            setAsked({ warnings: refusedWith(e), refused: false });
          } else if (code === ARCHIVE_ERRORS.PRESCRIPTION_REFUSED.code)
            setAsked({ warnings: refusedWith(e), refused: true });
          else if (!markServerFields(form, e)) void message.error(e.message);
        },
      },
    );
  };
  const save = (v: VisitBody) => submit({ ...v, prescription: rx && rx.herbs.length ? rx : null });
  const acknowledge = (reason: string) =>
    pending?.prescription &&
    submit({ ...pending, prescription: { ...pending.prescription, acknowledgement: { reason } } });

  const text = (name: keyof VisitBody | ['fourDiagnosis', string], rows = 2) => (
    <Form.Item name={name} label={t(`archive.visit.${Array.isArray(name) ? name[1] : name}`)}>
      <Input.TextArea
        rows={rows}
        data-testid={`visit-${Array.isArray(name) ? name[1] : name}`}
        {...textProps(
          Array.isArray(name)
            ? fourDiagnosisSchema.shape[name[1] as keyof typeof fourDiagnosisSchema.shape]
            : visitBody.shape[name],
        )}
      />
    </Form.Item>
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="visit-editor">
      <Typography.Title level={4}>
        {title} · {c.name}
      </Typography.Title>
      {mode === 'add' && base && (
        <Alert type="info" showIcon title={t('archive.visit.prefilled')} data-testid="prefilled" />
      )}
      <Form<VisitBody> form={form} layout="vertical" onFinish={save}>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Card size="small">
              <Form.Item name="visitDate" label={t('archive.visit.visitDate')} required rules={rule('visitDate')}>
                <DayInput data-testid="visit-date" />
              </Form.Item>
              <Form.Item
                name="chiefComplaint"
                label={t('archive.visit.chiefComplaint')}
                required
                rules={rule('chiefComplaint')}
              >
                <Input data-testid="visit-chiefComplaint" {...textProps(visitBody.shape.chiefComplaint)} />
              </Form.Item>
              {text('presentIllness', 3)}
              {text('pastHistory')}
              <Typography.Text strong>{t('archive.visit.fourDiagnosis')}</Typography.Text>
              {text(['fourDiagnosis', 'inspection'])}
              {text(['fourDiagnosis', 'listening'], 1)}
              {text(['fourDiagnosis', 'inquiry'])}
              {text(['fourDiagnosis', 'palpation'], 1)}
              <Form.Item name="recordIds" label={t('archive.visit.records')} extra={t('archive.visit.recordsHint')}>
                <Select
                  mode="multiple"
                  loading={records.isLoading}
                  data-testid="visit-records"
                  options={(records.data?.list ?? []).map((r) => ({
                    value: r.id,
                    label: `${fmt.date(r.createdAt, { time: false })} ${r.person.name ?? ''} ${r.conclusion ?? ''}`,
                  }))}
                />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small">
              <Form.Item name="tcmDisease" label={t('archive.visit.tcmDisease')}>
                <Input data-testid="visit-tcmDisease" {...textProps(visitBody.shape.tcmDisease)} />
              </Form.Item>
              <Form.Item name="tcmSyndrome" label={t('archive.visit.tcmSyndrome')}>
                <Input data-testid="visit-tcmSyndrome" {...textProps(visitBody.shape.tcmSyndrome)} />
              </Form.Item>
              <Form.Item name="western" label={t('archive.visit.western')} extra={t('archive.visit.westernHint')}>
                <Select mode="tags" open={false} />
              </Form.Item>
              {text('treatmentPrinciple', 1)}
              {text('advice')}
              {text('outcome', 1)}
            </Card>
          </Col>
        </Row>
        <Card size="small" title={t('archive.visit.prescription')} style={{ marginTop: 16 }}>
          <PrescriptionComposer value={rx} onChange={setRx} pregnant={c.pregnant} />
        </Card>
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={saving.isPending} data-testid="visit-save">
            {t('app.save')}
          </Button>
          <Button onClick={() => void navigate(`/doctor/archive/review/${archiveId}`)}>{t('app.back')}</Button>
        </Space>
      </Form>
      <AcknowledgeDialog
        warnings={asked?.warnings ?? null}
        refused={asked?.refused ?? false}
        saving={saving.isPending}
        onSubmit={acknowledge}
        onClose={() => setAsked(null)}
      />
    </Space>
  );
}
