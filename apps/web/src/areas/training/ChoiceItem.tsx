import { Alert, Radio, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainingAttemptItem } from '@tcm/contract';
import { useReaderFormat } from '../../lib/reader-format.js';

type Prompt = NonNullable<TrainingAttemptItem['prompt']>;
type ChoiceReview = NonNullable<NonNullable<TrainingAttemptItem['review']>['choice']>;

/** A text question: its diagnosis, prompt and options in the reader's language; one option is chosen. */
export function ChoicePrompt({
  prompt,
  value,
  onChange,
}: {
  prompt: Prompt;
  value: number | undefined;
  onChange?: (choice: number) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  const options = lang === 'zh' ? prompt.optionsZh : prompt.optionsEn;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Tag color="geekblue">{t(`training.topics.${prompt.topic}`)}</Tag>
      <Typography.Text strong data-testid="training-prompt">
        {lang === 'zh' ? prompt.promptZh : prompt.promptEn}
      </Typography.Text>
      <Radio.Group
        value={value}
        disabled={!onChange}
        onChange={(e) => onChange?.(e.target.value as number)}
        aria-label={t('training.chooseOne')}
        data-testid="training-options"
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        options={options.map((o, i) => ({ value: i, label: `${String.fromCharCode(65 + i)}. ${o}` }))}
      />
    </Space>
  );
}

/** After a text answer: right or wrong, the right option, the explanation and the source of its fact. */
export function ChoiceReviewView({ prompt, review }: { prompt: Prompt; review: ChoiceReview }) {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  const options = lang === 'zh' ? prompt.optionsZh : prompt.optionsEn;
  const right = review.given === review.answer;
  const label = (i: number) =>
    options[i] === undefined ? t('training.notChosen') : `${String.fromCharCode(65 + i)}. ${options[i]}`;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="training-choice-review">
      <Alert
        type={right ? 'success' : 'error'}
        showIcon
        title={right ? t('training.answerRight') : t('training.answerWrong')}
      />
      <Typography.Text>
        {t('training.yourAnswer')}: {label(review.given)}
      </Typography.Text>
      <Typography.Text strong>
        {t('training.rightAnswer')}: {label(review.answer)}
      </Typography.Text>
      <Typography.Paragraph>
        {t('training.explanation')}: {lang === 'zh' ? review.explanationZh : review.explanationEn}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        {t('training.reference')}: {review.reference}
      </Typography.Text>
    </Space>
  );
}
