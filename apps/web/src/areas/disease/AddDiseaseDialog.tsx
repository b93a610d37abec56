import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { diseaseDefinitionSchema, readerLang, type DiseaseSummary } from '@tcm/contract';
import { markServerFields, schemaRule, textProps } from '../../lib/form-rules.js';
import { useCreateDisease, useFetchDisease } from './disease-api.js';
import { useWord } from './use-word.js';

const D = diseaseDefinitionSchema.shape;
/** Each form field's schema: the id, and the two languages of the western and TCM names. */
const FIELDS = {
  id: D.id,
  westernZh: D.western.shape.zh,
  westernEn: D.western.shape.en,
  tcmZh: D.tcm.shape.zh,
  tcmEn: D.tcm.shape.en,
} as const;

/** The four name inputs in the form's order: each name in Chinese, then in English. */
const NAME_FIELDS = (['western', 'tcm'] as const).flatMap((name) =>
  (['zh', 'en'] as const).map((lang) => ({
    name,
    lang,
    field: `${name}${lang === 'zh' ? 'Zh' : 'En'}` as const,
  })),
);

type Values = { id: string; westernZh: string; westernEn: string; tcmZh: string; tcmEn: string; from: string };

/**
 * Adds a disease in the shipped shape: its id and names here, and patterns, screening questions,
 * signs and sources copied from a disease the user picks (then edited in the entry's editor).
 */
export function AddDiseaseDialog(props: {
  diseases: DiseaseSummary[];
  onClose: () => void;
  onAdded: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  const rules = (f: keyof typeof FIELDS) => [schemaRule(FIELDS[f], lang, f)];
  const { message } = App.useApp();
  const w = useWord();
  const [form] = Form.useForm<Values>();
  const create = useCreateDisease();
  const fetchDisease = useFetchDisease();
  const submit = async () => {
    const v = await form.validateFields();
    const from = await fetchDisease(v.from);
    const body = {
      id: v.id,
      western: { zh: v.westernZh, en: v.westernEn },
      tcm: { zh: v.tcmZh, en: v.tcmEn },
      icd10: '',
      summary: from.summary,
      advice: from.advice,
      patterns: from.patterns,
      sources: from.sources,
      questions: from.questions,
      signs: from.signs.map(({ text: _text, ...s }) => s),
    };
    create.mutate(body, {
      onSuccess: (d) => {
        void message.success(t('disease.add.added'));
        props.onAdded(d.id);
      },
      onError: (e) => void (markServerFields(form, e) || message.error(e.message)),
    });
  };
  return (
    <Modal
      open
      title={t('disease.add.title')}
      onCancel={props.onClose}
      onOk={() => void submit()}
      confirmLoading={create.isPending}
      okButtonProps={{ id: 'disease-add-save' }}
    >
      <Form form={form} layout="vertical" initialValues={{ from: props.diseases[0]?.id }}>
        <Form.Item name="id" label={t('disease.add.id')} extra={t('disease.add.idHint')} required rules={rules('id')}>
          <Input {...textProps(FIELDS.id)} data-testid="disease-add-id" />
        </Form.Item>
        {NAME_FIELDS.map(({ name, lang: l, field }) => (
          <Form.Item
            key={field}
            name={field}
            label={`${t(`disease.knowledge.${name}`)} · ${t(`disease.knowledge.${l}`)}`}
            required
            rules={rules(field)}
          >
            <Input
              {...textProps(FIELDS[field])}
              data-testid={name === 'western' ? `disease-add-western-${l}` : undefined}
            />
          </Form.Item>
        ))}
        <Form.Item
          name="from"
          label={t('disease.add.from')}
          extra={t('disease.add.fromHint')}
          rules={[schemaRule(D.id, lang, 'from')]}
        >
          <Select options={props.diseases.map((d) => ({ value: d.id, label: w(d.western) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
