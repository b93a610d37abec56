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
import { DataTable } from '../../components/DataTable.js';
import { useListTable } from '../../components/use-list-table.js';
import { RichTextEditor } from '../../components/editor/RichTextEditor.js';
import { useSchemaRules } from '../../lib/form-rules.js';
import { SchemaInput } from '../../components/SchemaInput.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { ChoiceQuestionButton } from './ChoiceQuestionEditor.js';
import { LoadState } from './LoadState.js';
import {
  useCourses,
  useImportFolder,
  useQuestionHidden,
  useQuestions,
  useSaveCourse,
  useSaveLesson,
} from './training-api.js';

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

const SOURCE_WORD = {
  import: 'sourceImport',
  'teaching-case': 'sourceCase',
  starter: 'sourceStarter',
  teacher: 'sourceTeacher',
} as const;

/**
 * The question bank, a page at a time: each photo with its expert key in words, each text question
 * with its prompt and right option; every question can be hidden from learners, text ones edited.
 */
function Bank() {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  const { paging, pager } = useListTable();
  const q = useQuestions(paging.page, paging.size);
  const hide = useQuestionHidden();
  return (
    <LoadState query={q}>
      <ChoiceQuestionButton question={null} />
      <DataTable
        rowKey="id"
        {...pager}
        total={q.data?.total ?? 0}
        dataSource={q.data?.rows ?? []}
        scroll={{ x: true }}
        columns={[
          {
            title: t('training.teacher.question'),
            render: (_, r) =>
              r.photoUrl ? (
                <Image src={r.photoUrl} width={64} alt={t('training.teacher.photo')} />
              ) : (
                <Typography.Text style={{ maxWidth: 360, display: 'inline-block' }}>
                  {lang === 'zh' ? r.choice?.promptZh : r.choice?.promptEn}
                </Typography.Text>
              ),
          },
          { title: 'ID', dataIndex: 'sourceRef' },
          { title: t('training.teacher.source'), render: (_, r) => t(`training.teacher.${SOURCE_WORD[r.source]}`) },
          {
            title: t('training.expertKey'),
            render: (_, r) =>
              r.choice
                ? (lang === 'zh' ? r.choice.optionsZh : r.choice.optionsEn)[r.choice.answer]
                : TRAINING_FEATURES.filter((f) => r.key[f])
                    .map((f) => r.key[f]!.map((l) => tongueLabelWord(f, l, lang)).join('/'))
                    .join('；'),
          },
          {
            title: t('training.teacher.shown'),
            render: (_, r) => (
              <Switch
                size="small"
                checked={!r.hidden}
                aria-label={t('training.teacher.shown')}
                onChange={(on) => hide.mutate({ id: r.id, hidden: !on })}
                data-testid={`training-shown-${r.sourceRef}`}
              />
            ),
          },
          { title: '', render: (_, r) => r.kind === 'choice' && <ChoiceQuestionButton question={r} /> },
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
  const schema = useSchemaRules(trainingCourseBody.shape);
  return (
    <>
      <SchemaInput field={schema.field('titleZh')} label={t('training.teacher.titleZh')} required />
      <SchemaInput field={schema.field('titleEn')} label={t('training.teacher.titleEn')} required />
    </>
  );
}

/**
 * A new lesson, or an existing one picked from its course (starter lessons too) to edit or hide
 * from learners. Text in the rich-text editor; images go through the files module.
 */
function LessonEditor() {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  const courses = useCourses();
  const saveLesson = useSaveLesson();
  const [form] = Form.useForm<Partial<TrainingLessonBody>>();
  const [bodyZh, setBodyZh] = useState('');
  const [bodyEn, setBodyEn] = useState('');
  const [lessonId, setLessonId] = useState<string | undefined>();
  const lesson = useSchemaRules(trainingLessonBody.shape);
  const courseId = Form.useWatch('courseId', form);
  const lessons = courses.data?.find((c) => c.id === courseId)?.lessons ?? [];
  const word = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  const pick = (id: string | undefined) => {
    const l = lessons.find((x) => x.id === id);
    setLessonId(l?.id);
    form.setFieldsValue({ titleZh: l?.titleZh ?? '', titleEn: l?.titleEn ?? '', hidden: l?.hidden ?? false });
    setBodyZh(l?.bodyZh ?? '');
    setBodyEn(l?.bodyEn ?? '');
  };
  return (
    <Card title={t('training.teacher.lessonAdd')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ hidden: false }}
        onFinish={(v: Partial<TrainingLessonBody>) =>
          saveLesson.mutate(
            { ...v, id: lessonId, bodyZh, bodyEn },
            { onSuccess: () => void message.success(t('training.teacher.saved')) },
          )
        }
      >
        <Form.Item name="courseId" label={t('training.teacher.course')} required rules={lesson.rules('courseId')}>
          <Select
            onChange={() => pick(undefined)}
            options={(courses.data ?? []).map((c) => ({ value: c.id, label: word(c.titleZh, c.titleEn) }))}
          />
        </Form.Item>
        <Form.Item label={t('training.teacher.lessonPick')}>
          <Select
            allowClear
            value={lessonId}
            onChange={pick}
            options={lessons.map((l) => ({ value: l.id, label: word(l.titleZh, l.titleEn) }))}
          />
        </Form.Item>
        <TitleFields />
        <Form.Item label={t('training.teacher.bodyZh')}>
          <RichTextEditor value={bodyZh} onChange={setBodyZh} />
        </Form.Item>
        <Form.Item label={t('training.teacher.bodyEn')}>
          <RichTextEditor value={bodyEn} onChange={setBodyEn} />
        </Form.Item>
        <Form.Item name="hidden" label={t('training.teacher.lessonHidden')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button htmlType="submit" type="primary" loading={saveLesson.isPending}>
          {t('training.teacher.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** The new-course form and the lesson editor. */
function Editors() {
  const { t } = useTranslation();
  const saveCourse = useSaveCourse();
  const saved = () => void message.success(t('training.teacher.saved'));
  const schema = useSchemaRules(trainingCourseBody.shape);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card title={t('training.teacher.courseEdit')}>
        <Form
          layout="vertical"
          onFinish={(v: Partial<TrainingCourseBody>) => saveCourse.mutate(v, { onSuccess: saved })}
          initialValues={{ examQuestions: 10, examMinutes: 20, passScore: 60, published: false }}
        >
          <TitleFields />
          <Form.Item name="summaryZh" label={t('training.teacher.summaryZh')} rules={schema.rules('summaryZh')}>
            <Input.TextArea {...schema.text('summaryZh')} />
          </Form.Item>
          <Form.Item name="summaryEn" label={t('training.teacher.summaryEn')} rules={schema.rules('summaryEn')}>
            <Input.TextArea {...schema.text('summaryEn')} />
          </Form.Item>
          <Space wrap>
            <Form.Item
              name="examQuestions"
              label={t('training.teacher.examQuestions')}
              rules={schema.rules('examQuestions')}
            >
              <InputNumber />
            </Form.Item>
            <Form.Item name="examMinutes" label={t('training.teacher.examMinutes')} rules={schema.rules('examMinutes')}>
              <InputNumber />
            </Form.Item>
            <Form.Item name="passScore" label={t('training.teacher.passScore')} rules={schema.rules('passScore')}>
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
      <LessonEditor />
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
