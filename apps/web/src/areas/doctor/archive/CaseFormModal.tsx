import './texts.js';
import { Checkbox, Form, Input, Modal, Radio, Select, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaseGroup, CaseSummary } from '@tcm/contract';
import { useAddCase } from './archive-api.js';
import { asyncHandler } from '../../../lib/async-handler.js';

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
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const sex = Form.useWatch('sex', form);
  const add = useAddCase();
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
          const c = await add.mutateAsync({
            name: v.name,
            sex: v.sex,
            birthDate: v.birthDate,
            phone: v.phone,
            idNumber: v.idNumber?.trim() || null,
            pregnant: v.sex === 'female' && !!v.pregnant,
            remark: v.remark ?? '',
            groupId: v.groupId ?? null,
          });
          void message.success(t('archive.add.done'));
          props.onSaved(c);
        })}
      >
        <Form.Item name="name" label={t('archive.field.name')} rules={[{ required: true, max: 60 }]}>
          <Input data-testid="case-name" />
        </Form.Item>
        <Form.Item name="sex" label={t('archive.field.sex')} rules={[{ required: true }]}>
          <Radio.Group
            options={(['female', 'male'] as const).map((s) => ({ value: s, label: t(`archive.sex.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="birthDate" label={t('archive.field.birthDate')} rules={[{ required: true }]}>
          <Input type="date" data-testid="case-birth" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('archive.field.phone')}
          rules={[{ required: true, pattern: /^\+?[0-9 -]{5,20}$/ }]}
        >
          <Input data-testid="case-phone" />
        </Form.Item>
        <Form.Item name="idNumber" label={t('archive.field.idNumber')} rules={[{ pattern: /^[0-9A-Za-z]{6,32}$/ }]}>
          <Input data-testid="case-id-number" />
        </Form.Item>
        {sex === 'female' && (
          <Form.Item name="pregnant" valuePropName="checked">
            <Checkbox>{t('archive.field.pregnant')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="groupId" label={t('archive.field.group')}>
          <Select allowClear options={props.groups.map((g) => ({ value: g.id, label: g.name }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('archive.field.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
