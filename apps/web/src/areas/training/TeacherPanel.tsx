import { useState } from 'react';
import {
  Button,
  Card,
  Form,
  Image,
  Input,
  InputNumber,
  Progress,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Typography,
  message,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TRAINING_FEATURES,
  tongueLabelWord,
  trainingCourseBody,
  trainingLessonBody,
  type TrainingCourseBody,
  type TrainingLessonBody,
  type TrainingTeacherResults,
} from '@tcm/contract';
import { DataTable, type Paging } from '../../components/DataTable.js';
import { RichTextEditor } from '../../components/editor/RichTextEditor.js';
import { useSchemaRules } from '../../lib/form-rules.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { LoadState } from './LoadState.js';
import { useCourses, useImportFolder, useQuestions, useSaveCourse, useSaveLesson } from './training-api.js';

function Results({ rows }: { rows: TrainingTeacherResults }) {
  const { t } = useTranslation();
  const { date, number } = useReaderFormat();
  return (
    <Table
      size="small"
      rowKey="userId"
      scroll={{ x: true }}
      dataSource={rows}
      locale={{ emptyText: t('training.teacher.emptyResults') }}
      columns={[
        { title: t('training.teacher.loginName'), dataIndex: 'loginName' },
        { title: t('training.name'), dataIndex: 'name' },
        { title: t('training.lessonsRead'), dataIndex: 'lessonsDone' },
        { title: t('training.exams'), dataIndex: 'exams' },
        {
          title: t('training.bestScore'),
          render: (_, r) => (r.bestScore === null ? t('training.none') : number(r.bestScore, 0)),
        },
        { title: t('training.teacher.passedCount'), dataIndex: 'passed' },
        { title: t('training.teacher.lastAt'), render: (_, r) => (r.lastAt ? date(r.lastAt) : t('training.none')) },
      ]}
    />
  );
}

/** The question bank, a page at a time, with each photo's expert key in words. */
function Bank() {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  const [paging, setPaging] = useState<Paging>({ page: 1, size: 100 });
  const q = useQuestions(paging.page, paging.size);
  return (
    <LoadState query={q}>
      <DataTable
        rowKey="id"
        paging={paging}
        onPaging={setPaging}
        total={q.data?.total ?? 0}
        dataSource={q.data?.rows ?? []}
        scroll={{ x: true }}
        columns={[
          { title: '', render: (_, r) => <Image src={r.photoUrl} width={64} /> },
          { title: 'ID', dataIndex: 'sourceRef' },
          {
            title: t('training.teacher.source'),
            render: (_, r) =>
              r.source === 'import' ? t('training.teacher.sourceImport') : t('training.teacher.sourceCase'),
          },
          {
            title: t('training.expertKey'),
            render: (_, r) =>
              TRAINING_FEATURES.filter((f) => r.key[f])
                .map((f) => r.key[f]!.map((l) => tongueLabelWord(f, l, lang)).join('/'))
                .join('；'),
          },
        ]}
      />
    </LoadState>
  );
}

/** Import screen: a folder of photos and a label table, sent nine photos at a time. */
function ImportForm() {
  const { t } = useTranslation();
  const [photos, setPhotos] = useState<File[]>([]);
  const [table, setTable] = useState<File | null>(null);
  // Photos sent so far: progress of the running import, which the mutation does not carry.
  const [done, setDone] = useState(0);
  const importing = useImportFolder();
  const result = importing.data;
  const run = () => {
    if (!table) return;
    setDone(0);
    importing.mutate({ table, photos, onProgress: setDone });
  };
  return (
    <Card title={t('training.teacher.importTitle')}>
      <Typography.Paragraph type="secondary">{t('training.teacher.importHelp')}</Typography.Paragraph>
      <Space orientation="vertical">
        <label>
          {t('training.teacher.chooseFolder')}{' '}
          <input
            type="file"
            multiple
            accept="image/jpeg,image/png"
            // Folder picking: every browser this app supports knows webkitdirectory.
            {...{ webkitdirectory: '' }}
            onChange={(e) => setPhotos([...(e.target.files ?? [])].filter((f) => /\.(jpe?g|png)$/i.test(f.name)))}
          />
        </label>
        <label>
          {t('training.teacher.chooseTable')}{' '}
          <input
            type="file"
            accept=".tsv,.txt,text/tab-separated-values"
            onChange={(e) => setTable(e.target.files?.[0] ?? null)}
          />
        </label>
        <Button
          type="primary"
          disabled={!table || !photos.length}
          loading={importing.isPending}
          data-testid="training-import-start"
          onClick={run}
        >
          {t('training.teacher.startImport')}
        </Button>
        {importing.isPending && (
          <Progress
            percent={Math.round((100 * done) / Math.max(1, photos.length))}
            format={() => t('training.teacher.importing', { done, n: photos.length })}
          />
        )}
        {result && (
          <Typography.Text data-testid="training-import-result">
            {t('training.teacher.imported', { n: result.imported, s: result.skipped.length })}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}

/** The two required titles of a course or a lesson. */
function TitleFields() {
  const { t } = useTranslation();
  // Course and lesson titles share one rule (localText.min(1)).
  const { rules, text } = useSchemaRules(trainingCourseBody.shape);
  return (
    <>
      <Form.Item name="titleZh" label={t('training.teacher.titleZh')} required rules={rules('titleZh')}>
        <Input {...text('titleZh')} />
      </Form.Item>
      <Form.Item name="titleEn" label={t('training.teacher.titleEn')} required rules={rules('titleEn')}>
        <Input {...text('titleEn')} />
      </Form.Item>
    </>
  );
}

/** New course and new lesson forms (lesson text in the rich-text editor; images go through the files module). */
function Editors() {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  const courses = useCourses();
  const saveCourse = useSaveCourse();
  const saveLesson = useSaveLesson();
  const [bodyZh, setBodyZh] = useState('');
  const [bodyEn, setBodyEn] = useState('');
  const saved = () => void message.success(t('training.teacher.saved'));
  const { rules, text } = useSchemaRules(trainingCourseBody.shape);
  const lesson = useSchemaRules(trainingLessonBody.shape);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card title={t('training.teacher.courseEdit')}>
        <Form
          layout="vertical"
          onFinish={(v: Partial<TrainingCourseBody>) => saveCourse.mutate(v, { onSuccess: saved })}
          initialValues={{ examQuestions: 10, examMinutes: 20, passScore: 60, published: false }}
        >
          <TitleFields />
          <Form.Item name="summaryZh" label={t('training.teacher.summaryZh')} rules={rules('summaryZh')}>
            <Input.TextArea {...text('summaryZh')} />
          </Form.Item>
          <Form.Item name="summaryEn" label={t('training.teacher.summaryEn')} rules={rules('summaryEn')}>
            <Input.TextArea {...text('summaryEn')} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="examQuestions" label={t('training.teacher.examQuestions')} rules={rules('examQuestions')}>
              <InputNumber />
            </Form.Item>
            <Form.Item name="examMinutes" label={t('training.teacher.examMinutes')} rules={rules('examMinutes')}>
              <InputNumber />
            </Form.Item>
            <Form.Item name="passScore" label={t('training.teacher.passScore')} rules={rules('passScore')}>
              <InputNumber />
            </Form.Item>
            <Form.Item name="published" label={t('training.teacher.published')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Button htmlType="submit" type="primary" loading={saveCourse.isPending}>
            {t('training.teacher.save')}
          </Button>
        </Form>
      </Card>
      <Card title={t('training.teacher.lessonAdd')}>
        <Form
          layout="vertical"
          onFinish={(v: Partial<TrainingLessonBody>) =>
            saveLesson.mutate({ ...v, bodyZh, bodyEn }, { onSuccess: saved })
          }
        >
          <Form.Item name="courseId" label={t('training.teacher.course')} required rules={lesson.rules('courseId')}>
            <Select
              options={(courses.data ?? []).map((c) => ({ value: c.id, label: lang === 'zh' ? c.titleZh : c.titleEn }))}
            />
          </Form.Item>
          <TitleFields />
          <Form.Item label={t('training.teacher.bodyZh')}>
            <RichTextEditor value={bodyZh} onChange={setBodyZh} />
          </Form.Item>
          <Form.Item label={t('training.teacher.bodyEn')}>
            <RichTextEditor value={bodyEn} onChange={setBodyEn} />
          </Form.Item>
          <Button htmlType="submit" type="primary" loading={saveLesson.isPending}>
            {t('training.teacher.save')}
          </Button>
        </Form>
      </Card>
    </Space>
  );
}

/** The teacher's tab: learners' results, the question bank, the import screen and the editors. */
export function TeacherPanel({ results }: { results: TrainingTeacherResults }) {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'results', label: t('training.teacher.results'), children: <Results rows={results} /> },
        { key: 'bank', label: t('training.teacher.bank'), children: <Bank /> },
        { key: 'import', label: t('training.teacher.importTitle'), children: <ImportForm /> },
        { key: 'edit', label: t('training.teacher.courseEdit'), children: <Editors /> },
      ]}
    />
  );
}
