import { Button, Card, Col, Row, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import './texts.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { LoadState } from './LoadState.js';
import { usePublicCourses } from './training-api.js';

/** The public /shezhenshixun page: what the training offers and its published courses. */
export default function TrainingIntro() {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  const navigate = useNavigate();
  const q = usePublicCourses();
  return (
    <>
      <Typography.Title level={2}>{t('training.intro.title')}</Typography.Title>
      <Typography.Paragraph>{t('training.intro.lead')}</Typography.Paragraph>
      <Button type="primary" onClick={() => void navigate('/training/login')} style={{ marginBottom: 16 }}>
        {t('training.intro.signIn')}
      </Button>
      <Typography.Title level={4}>{t('training.intro.courses')}</Typography.Title>
      <LoadState query={q} empty={q.data?.length === 0} emptyText={t('training.intro.empty')}>
        <Row gutter={[16, 16]}>
          {(q.data ?? []).map((c) => (
            <Col key={c.id} xs={24} sm={12} md={8}>
              <Card title={lang === 'zh' ? c.titleZh : c.titleEn} data-testid="training-public-course">
                <Typography.Paragraph>{lang === 'zh' ? c.summaryZh : c.summaryEn}</Typography.Paragraph>
                <Typography.Text type="secondary">
                  {t('training.intro.lessons', { n: c.lessonCount })} ·{' '}
                  {t('training.intro.exam', { n: c.examQuestions, m: c.examMinutes })}
                </Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      </LoadState>
    </>
  );
}
