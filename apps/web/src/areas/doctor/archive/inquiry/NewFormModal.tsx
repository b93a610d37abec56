import '../texts.js';
import { useState } from 'react';
import { Alert, Button, InputNumber, Modal, Select, Space, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { INQUIRY_LINK_HOURS, type Answers } from '@tcm/contract';
import { FormFiller, problemsOf } from '../../../../components/inquiry/FormFiller.js';
import { useCase, useCasePick } from '../archive-api.js';
import { inquiryApi, linkUrl, useFillForm, useSendLink, useTemplate, useTemplates } from './inquiry-api.js';

/**
 * A new form for a case's patient: the doctor fills it now, or makes a one-time link for the
 * patient's phone (shown once: only its hash is kept). Opened from the form list (any case) or
 * from a case (that case).
 */
export function NewFormModal(props: { open: boolean; caseId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [caseSearch, setCaseSearch] = useState('');
  const [caseId, setCaseId] = useState<string | undefined>(props.caseId);
  const [templateId, setTemplateId] = useState<string>();
  const [visitId, setVisitId] = useState<string>();
  const [hours, setHours] = useState<number>(INQUIRY_LINK_HOURS.default);
  const [filling, setFilling] = useState(false);
  const [answers, setAnswers] = useState<Answers>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [link, setLink] = useState<string | null>(null);
  const cases = useCasePick(caseSearch, props.open && !props.caseId);
  const detail = useCase(caseId ?? '', props.open && !!caseId);
  const templates = useTemplates(props.open);
  const template = useTemplate(templateId, filling && !!templateId);
  const sending = useSendLink();
  const filled = useFillForm();
  const close = () => {
    setFilling(false);
    setLink(null);
    setAnswers({});
    setProblems({});
    props.onClose();
  };
  const ready = !!caseId && !!templateId;
  const target = { templateId: templateId!, caseId: caseId!, ...(visitId ? { visitId } : {}) };
  const send = async () => {
    const sent = await sending.mutateAsync({ ...target, hours });
    setLink(linkUrl(sent.path));
  };
  const fill = async () => {
    try {
      await filled.mutateAsync({ ...target, answers });
      void message.success(t('archive.inquiry.filled'));
      close();
    } catch (e) {
      setProblems(problemsOf(e));
      void message.error((e as Error).message);
    }
  };
  return (
    <Modal
      open={props.open}
      title={t('archive.inquiry.newForm')}
      onCancel={close}
      footer={null}
      width={filling ? 760 : 560}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="new-form">
        {!props.caseId && (
          <Select
            showSearch
            filterOption={false}
            placeholder={t('archive.inquiry.chooseCase')}
            onSearch={setCaseSearch}
            value={caseId}
            onChange={(v: string) => {
              setCaseId(v);
              setVisitId(undefined);
            }}
            options={(cases.data?.list ?? []).map((c) => ({ value: c.id, label: `${c.name} ${c.phone}` }))}
            style={{ width: '100%' }}
            data-testid="form-case"
          />
        )}
        <Select
          placeholder={t('archive.inquiry.chooseTemplate')}
          value={templateId}
          onChange={setTemplateId}
          options={(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          style={{ width: '100%' }}
          data-testid="form-template"
        />
        <Select
          value={visitId ?? ''}
          onChange={(v) => setVisitId(v || undefined)}
          options={[
            { value: '', label: t('archive.inquiry.latestVisit') },
            ...(detail.data?.visits ?? []).map((v) => ({
              value: v.id,
              label: `${t('archive.inquiry.visitN', { n: v.number })} ${v.visitDate}`,
            })),
          ]}
          style={{ width: '100%' }}
        />
        {link ? (
          <Alert
            type="success"
            title={t('archive.inquiry.linkReady')}
            description={
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Typography.Text copyable={{ text: link }} code data-testid="form-link">
                  {link}
                </Typography.Text>
              </Space>
            }
          />
        ) : filling && template.data && detail.data ? (
          <>
            <FormFiller
              definition={template.data.definition}
              sex={detail.data.sex}
              value={answers}
              onChange={setAnswers}
              problems={problems}
              upload={inquiryApi.upload}
            />
            <Button type="primary" loading={filled.isPending} onClick={() => void fill()} data-testid="fill-submit">
              {t('archive.inquiry.submit')}
            </Button>
          </>
        ) : (
          <Space wrap>
            <Button disabled={!ready} onClick={() => setFilling(true)} data-testid="fill-now">
              {t('archive.inquiry.fillNow')}
            </Button>
            <span>{t('archive.inquiry.hours')}</span>
            <InputNumber
              min={1}
              max={INQUIRY_LINK_HOURS.max}
              value={hours}
              onChange={(v) => setHours(v ?? INQUIRY_LINK_HOURS.default)}
            />
            <Button
              type="primary"
              disabled={!ready}
              loading={sending.isPending}
              onClick={() => void send()}
              data-testid="send-link"
            >
              {t('archive.inquiry.sendLink')}
            </Button>
          </Space>
        )}
      </Space>
    </Modal>
  );
}
