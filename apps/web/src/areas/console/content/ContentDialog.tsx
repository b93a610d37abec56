import { lazy, Suspense, useEffect, useState } from 'react';
import { Form, Input, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGS, contentAddBody, pageNameParam, type ContentKind } from '@tcm/contract';
import { schemaRule, textProps, useSchemaRules } from '../../../lib/form-rules.js';
import { SchemaInput } from '../../../components/SchemaInput.js';
import { FormDialog } from '../../../components/SaveDialog.js';
import { useContentItem, useSaveContent } from './content-api.js';

// The editor (tiptap) loads only when a dialog opens: never part of the public site's first load.
const RichTextEditor = lazy(() =>
  import('../../../components/editor/RichTextEditor.js').then((m) => ({ default: m.RichTextEditor })),
);

interface Values {
  lang: 'zh' | 'en';
  name?: string;
  title: string;
  summary?: string;
  coverUrl?: string;
  sources?: string;
}

/** Add or edit a news item or page: language, title, summary, cover, rich-text body, sources. */
export function ContentDialog(props: {
  kind: ContentKind;
  id: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [body, setBody] = useState<string | null>(props.id ? null : '');
  const item = useContentItem(props.id);
  const saving = useSaveContent();
  // The form is filled once the stored item arrives (an effect: antd's form is not React state).
  useEffect(() => {
    const c = item.data;
    if (!c) return;
    form.setFieldsValue({
      lang: c.lang,
      name: c.name ?? undefined,
      title: c.title,
      summary: c.summary ?? undefined,
      coverUrl: c.coverUrl ?? undefined,
      sources: c.sources.join('\n'),
    });
    setBody(c.body);
  }, [item.data, form]);
  const save = async () => {
    const v = await form.validateFields();
    const values = {
      kind: props.kind,
      lang: v.lang,
      title: v.title,
      body: body ?? '',
      summary: v.summary?.trim() || null,
      coverUrl: v.coverUrl?.trim() || null,
      sources: (v.sources ?? '')
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean),
      ...(props.kind === 'page' ? { name: v.name } : {}),
    };
    await saving.mutateAsync(props.id ? { ...values, id: props.id } : values);
  };
  const schema = useSchemaRules(contentAddBody.shape);
  const { lang } = schema;
  return (
    <FormDialog
      form={form}
      initialValues={{ lang: 'zh' }}
      title={t(props.id ? 'content.edit' : 'content.add')}
      testId="content"
      width={880}
      save={save}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <Form.Item name="lang" label={t('content.lang')}>
        <Select
          style={{ width: 160 }}
          data-testid="content-lang"
          options={CONTENT_LANGS.map((l) => ({ value: l, label: t(`content.langs.${l}`) }))}
        />
      </Form.Item>
      {props.kind === 'page' && (
        <Form.Item
          name="name"
          label={t('content.name')}
          extra={t('content.nameHint')}
          required
          rules={[schemaRule(pageNameParam.shape.name, lang, 'name')]}
        >
          <Input {...textProps(pageNameParam.shape.name)} data-testid="content-name" />
        </Form.Item>
      )}
      <SchemaInput field={schema.field('title')} label={t('content.title')} required data-testid="content-title" />
      <Form.Item name="summary" label={t('content.summary')} rules={schema.rules('summary')}>
        <Input.TextArea {...schema.text('summary')} rows={2} data-testid="content-summary" />
      </Form.Item>
      <SchemaInput
        field={schema.field('coverUrl')}
        label={t('content.cover')}
        extra={t('content.coverHint')}
        data-testid="content-cover"
      />
      <Form.Item label={t('content.body')} required>
        {body === null ? (
          <Spin />
        ) : (
          <Suspense fallback={<Spin />}>
            <RichTextEditor value={body} onChange={setBody} testId="content-body" />
          </Suspense>
        )}
      </Form.Item>
      <Form.Item name="sources" label={t('content.sources')} extra={t('content.sourcesHint')}>
        <Input.TextArea rows={2} data-testid="content-sources" />
      </Form.Item>
    </FormDialog>
  );
}
