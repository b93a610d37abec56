import '../texts.js';
import { useState } from 'react';
import { Alert, Button, Card, Radio, Result, Space, Spin, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Answers, Sex } from '@tcm/contract';
import { FormFiller } from '../../../../components/inquiry/FormFiller.js';
import { inquiryApi, useTemplate } from './inquiry-api.js';

/** /doctor/archive/inquiryTemp/show?id=: a template as the patient will see it (a preview: nothing is saved). */
export function TemplateShow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const [sex, setSex] = useState<Sex>('female');
  const [answers, setAnswers] = useState<Answers>({});
  const q = useTemplate(id);
  if (q.isPending) return <Spin />;
  if (q.isError) return <Result status="403" title={q.error.message} />;
  const tpl = q.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="template-show">
      <Space wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {tpl.name}
        </Typography.Title>
        {tpl.builtin && <Tag color="gold">{t('archive.inquiry.builtin')}</Tag>}
        <Tag>{t(`archive.inquiry.scoringKind.${tpl.scoring}`)}</Tag>
        {!tpl.builtin && (
          <Button onClick={() => void navigate(`/doctor/archive/inquiryTemp/edit?id=${tpl.id}`)}>
            {t('archive.inquiry.edit')}
          </Button>
        )}
        <Button onClick={() => void navigate(`/doctor/archive/inquiryTemp/edit?copy=${tpl.id}`)}>
          {t('archive.inquiry.copy')}
        </Button>
      </Space>
      {tpl.description && <Typography.Paragraph>{tpl.description}</Typography.Paragraph>}
      {tpl.builtin && <Alert type="info" showIcon title={t('archive.inquiry.readOnly')} />}
      <Card
        size="small"
        title={t('archive.inquiry.preview')}
        extra={
          <Radio.Group value={sex} onChange={(e) => setSex(e.target.value as Sex)} size="small">
            <Radio.Button value="female">{t('archive.sex.female')}</Radio.Button>
            <Radio.Button value="male">{t('archive.sex.male')}</Radio.Button>
          </Radio.Group>
        }
      >
        <FormFiller
          definition={tpl.definition}
          sex={sex}
          value={answers}
          onChange={setAnswers}
          upload={inquiryApi.upload}
        />
      </Card>
    </Space>
  );
}
