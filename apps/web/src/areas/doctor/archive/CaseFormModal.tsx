import './texts.js';
import { Checkbox, Form, Input, Modal, Radio, Select, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { caseAddBody, readerLang, type CaseGroup, type CaseSummary } from '@tcm/contract';
import { useAddCase } from './archive-api.js';
import { DayInput } from '../../../components/DayInput.js';
import { asyncHandler } from '../../../lib/async-handler.js';
import { checkWithSchema, markServerFields, schemaRule, textProps } from '../../../lib/form-rules.js';

/** Each field's schema: rules, lengths and words come from the request the server checks too. */
const F = caseAddBody.shape;

interface Values {
  name: string;
  sex: 'male' | 'female';
  birthDate: string;
  phone: string;
  idNumber?: string;
  pregnant?: boolean;
  remark?: string;
  groupId?: string;
}

/** addArchive: the patient of a new case (ID number optional; shown masked in lists). */
export function CaseFormModal(props: {
  open: boolean;
  groups: CaseGroup[];
  onClose: () => void;
  onSaved: (c: CaseSummary) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  const [form] = Form.useForm<Values>();
  const sex = Form.useWatch('sex', form);
  const add = useAddCase();
  const rule = (field: keyof typeof F) => [schemaRule(F[field], lang, field)];
  return (
    <Modal
      open={props.open}
      title={t('archive.add.title')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: add.isPending, 'data-testid': 'case-save' }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ sex: 'female', pregnant: false }}
        onFinish={asyncHandler(async (v) => {
          const body = {
            name: v.name,
            sex: v.sex,
            birthDate: v.birthDate,
            phone: v.phone,
            idNumber: v.idNumber?.trim() || null,
            pregnant: v.sex === 'female' && !!v.pregnant,
            remark: v.remark ?? '',
            groupId: v.groupId ?? null,
          };
          // The cross-field rules (date of birth against today, pregnancy) mark their fields
          // before anything is sent; a refusal of the server marks the fields it names.
          if (!checkWithSchema(form, caseAddBody, body, lang)) return;
          try {
            const c = await add.mutateAsync(body);
            void message.success(t('archive.add.done'));
            props.onSaved(c);
          } catch (e) {
            if (!markServerFields(form, e)) throw e;
          }
        })}
      >
        <Form.Item name="name" label={t('archive.field.name')} required rules={rule('name')}>
          <Input data-testid="case-name" {...textProps(F.name)} />
        </Form.Item>
        <Form.Item name="sex" label={t('archive.field.sex')} required rules={rule('sex')}>
          <Radio.Group
            options={(['female', 'male'] as const).map((s) => ({ value: s, label: t(`archive.sex.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="birthDate" label={t('archive.field.birthDate')} required rules={rule('birthDate')}>
          <DayInput data-testid="case-birth" />
        </Form.Item>
        <Form.Item name="phone" label={t('archive.field.phone')} required rules={rule('phone')}>
          <Input data-testid="case-phone" {...textProps(F.phone)} />
        </Form.Item>
        <Form.Item name="idNumber" label={t('archive.field.idNumber')} rules={rule('idNumber')}>
          <Input data-testid="case-id-number" {...textProps(F.idNumber)} />
        </Form.Item>
        {sex === 'female' && (
          <Form.Item name="pregnant" valuePropName="checked">
            <Checkbox>{t('archive.field.pregnant')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="groupId" label={t('archive.field.group')}>
          <Select allowClear options={props.groups.map((g) => ({ value: g.id, label: g.name }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('archive.field.remark')} rules={rule('remark')}>
          <Input.TextArea rows={2} {...textProps(F.remark)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
