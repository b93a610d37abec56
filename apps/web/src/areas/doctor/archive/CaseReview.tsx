import './texts.js';
import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Collapse,
  Descriptions,
  Empty,
  Result,
  Row,
  Space,
  Spin,
  Tag,
  Timeline,
  Typography,
  message,
} from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FHIR_PATHS, type ReportLanguage, type VisitDetail } from '@tcm/contract';
import { RecordResult } from '../../../record/RecordResult.js';
import { casePdfUrl, openMedicalRecordPdf, useCase, useDownload } from './archive-api.js';
import { FIRST_VISIT_ID } from './VisitEditor.js';
import { CaseForms } from './inquiry/CaseForms.js';
import { TeachingCaseButton } from './TeachingCaseButton.js';
import { VisitCapture } from './VisitCapture.js';
import { useReaderFormat } from '../../../lib/reader-format.js';

// ECharts comes with the trends only: its own chunk, loaded with a case that has visits.
const CaseTrends = lazy(() => import('./CaseTrends.js'));

const rxText = (v: VisitDetail) =>
  v.prescription
    ? `${v.prescription.name ? `${v.prescription.name}：` : ''}${v.prescription.herbs
        .map((h) => `${h.name}${h.dose}${h.unit}${h.preparation ? `(${h.preparation})` : ''}`)
        .join(' ')} ×${v.prescription.doses}`
    : '—';

/** The fields of one visit, in the order of the medical record. */
function VisitFields({ v }: { v: VisitDetail }) {
  const { t, i18n } = useTranslation();
  const { date } = useReaderFormat();
  const ack = v.prescription?.acknowledgement;
  const items = [
    ['visitDate', v.visitDate],
    ['chiefComplaint', v.chiefComplaint],
    ['presentIllness', v.presentIllness],
    ['pastHistory', v.pastHistory],
    ['inspection', v.fourDiagnosis.inspection],
    ['listening', v.fourDiagnosis.listening],
    ['inquiry', v.fourDiagnosis.inquiry],
    ['palpation', v.fourDiagnosis.palpation],
    ['tcmDisease', v.tcmDisease],
    ['tcmSyndrome', v.tcmSyndrome],
    ['western', v.western.join('；')],
    ['treatmentPrinciple', v.treatmentPrinciple],
    ['prescription', rxText(v)],
    ['advice', v.advice],
    ['outcome', v.outcome],
  ] as const;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered>
        {items.map(([k, val]) => (
          <Descriptions.Item key={k} label={t(`archive.visit.${k}`)}>
            <span data-testid={`field-${k}`}>{val || '—'}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      {v.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('archive.rx.warnings')}
          description={
            <>
              {v.warnings.map((w) => (i18n.language === 'en' ? w.en : w.zh)).join('；')}
              {ack && (
                <div data-testid="rx-acknowledged">
                  {t('archive.rx.ack.stored', {
                    by: ack.byName,
                    at: date(ack.at),
                    reason: ack.reason,
                  })}
                </div>
              )}
            </>
          }
        />
      )}
    </Space>
  );
}

/** /doctor/archive/review/:id: the case as a timeline of visits, records beside them, compare two. */
export function CaseReview() {
  const { t } = useTranslation();
  const { date } = useReaderFormat();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [compare, setCompare] = useState<string[]>([]);
  const q = useCase(id);
  const download = useDownload();
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '10vh auto' }} />;
  if (q.error || !q.data)
    return <Result status="403" title="403" subTitle={(q.error as Error)?.message} data-testid="case-denied" />;
  const c = q.data;
  const last = c.visits.at(-1);
  const pair = c.visits.filter((v) => compare.includes(v.id));
  const visitTitle = (v: VisitDetail) =>
    v.type === 'first' ? t('archive.review.firstVisit') : t('archive.review.followUp', { n: v.number - 1 });
  const downloadCase = (lang: ReportLanguage) =>
    download.mutate(
      { url: casePdfUrl(c.id, lang), name: `${c.name}-${lang}.pdf` },
      { onError: (e) => void message.error(e.message) },
    );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="case-review">
      <Space wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {c.name}
        </Typography.Title>
        <Tag>{t(`archive.sex.${c.sex}`)}</Tag>
        <Tag>
          {t('archive.field.age')} {c.age}
        </Tag>
        {c.pregnant && <Tag color="magenta">{t('archive.field.pregnant')}</Tag>}
        {!c.mine && <Tag color="blue">{t('archive.review.sharedCase', { owner: c.ownerName })}</Tag>}
        <Typography.Text type="secondary">
          {c.phone} · {c.idNumber ?? '—'}
        </Typography.Text>
      </Space>
      <Space wrap>
        <Button
          type="primary"
          data-testid="add-visit"
          onClick={() => void navigate(`/doctor/archive/addRecord/${c.id}/${last ? last.id : FIRST_VISIT_ID}`)}
        >
          {last ? t('archive.review.addFollowUp') : t('archive.review.addFirst')}
        </Button>
        {c.visits.length > 0 &&
          (['zh', 'en'] as const).map((lang) => (
            <Button
              key={lang}
              onClick={() => downloadCase(lang)}
              loading={download.isPending && download.variables.url === casePdfUrl(c.id, lang)}
              data-testid={`case-pdf-${lang}`}
            >
              {t('archive.review.casePdf')} ({lang})
            </Button>
          ))}
        <Button onClick={() => void navigate('/doctor/archive/index')}>{t('archive.backToList')}</Button>
      </Space>
      {c.visits.length === 0 ? (
        <Empty description={t('archive.review.noVisits')} />
      ) : (
        <>
          <Typography.Text type="secondary">{t('archive.review.compareHint')}</Typography.Text>
          {pair.length === 2 && (
            <Card size="small" title={t('archive.review.compare')} data-testid="visit-compare">
              <Row gutter={12}>
                {pair.map((v) => (
                  <Col span={12} key={v.id}>
                    <Typography.Text strong>{visitTitle(v)}</Typography.Text>
                    <VisitFields v={v} />
                  </Col>
                ))}
              </Row>
            </Card>
          )}
          <Suspense fallback={<Spin />}>
            <CaseTrends c={c} />
          </Suspense>
          <Timeline
            items={c.visits.map((v) => ({
              key: v.id,
              content: (
                <Card
                  size="small"
                  data-testid={`visit-${v.number}`}
                  title={
                    <Space>
                      <Checkbox
                        checked={compare.includes(v.id)}
                        onChange={(e) =>
                          setCompare((x) => (e.target.checked ? [...x, v.id].slice(-2) : x.filter((y) => y !== v.id)))
                        }
                      />
                      {visitTitle(v)} · {v.visitDate} · {v.doctorName}
                    </Space>
                  }
                  extra={
                    <Space wrap>
                      <VisitCapture c={c} v={v} />
                      <Button size="small" onClick={() => void navigate(`/doctor/archive/editRecord/${c.id}/${v.id}`)}>
                        {t('archive.review.edit')}
                      </Button>
                      <Button
                        size="small"
                        data-testid={`visit-pdf-${v.number}`}
                        onClick={() => openMedicalRecordPdf(v.id)}
                      >
                        {t('archive.review.pdf')}
                      </Button>
                      <Button
                        size="small"
                        data-testid={`visit-fhir-${v.number}`}
                        loading={download.isPending && download.variables.url === FHIR_PATHS.visitBundle(v.id)}
                        onClick={() =>
                          download.mutate(
                            { url: FHIR_PATHS.visitBundle(v.id), name: `${c.name}-${v.visitDate}-fhir.json` },
                            { onError: (e) => void message.error(e.message) },
                          )
                        }
                      >
                        {t('archive.review.fhir')}
                      </Button>
                    </Space>
                  }
                >
                  <Row gutter={12}>
                    <Col xs={24} xl={v.records.length ? 12 : 24}>
                      <VisitFields v={v} />
                    </Col>
                    {v.records.length > 0 && (
                      <Col xs={24} xl={12}>
                        <Collapse
                          defaultActiveKey={[v.records[0]!.id]}
                          items={v.records.map((r) => ({
                            key: r.id,
                            label: `${t('archive.review.records')} · ${date(r.createdAt)}`,
                            extra: <TeachingCaseButton recordId={r.id} />,
                            children: <RecordResult detail={r} progress={null} via={null} />,
                          }))}
                        />
                      </Col>
                    )}
                  </Row>
                </Card>
              ),
            }))}
          />
        </>
      )}
      <CaseForms caseId={c.id} />
    </Space>
  );
}
