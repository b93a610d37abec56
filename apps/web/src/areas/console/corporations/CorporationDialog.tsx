import { Checkbox, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { H5_DEFAULT_BRANDING, corporationAddBody, type Corporation, type CorporationH5 } from '@tcm/contract';
import { useSchemaRules } from '../../../lib/form-rules.js';
import { SchemaInput } from '../../../components/SchemaInput.js';
import { FormDialog } from '../../../components/SaveDialog.js';
import { useAddCorporation, useEditCorporation } from './corporations-api.js';
import { H5BrandingFields } from './H5BrandingFields.js';

const FLAGS = ['api', 'h5', 'wx'] as const;
type Values = { name: string; contact?: string; flags: string[]; enabled: boolean; h5: CorporationH5 };

/** Add a corporation, or edit one (`editing`): name, contact, the menu flags api/h5/wx, enabled, H5 branding. */
export function CorporationDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing?: Corporation;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const schema = useSchemaRules(corporationAddBody.shape);
  const add = useAddCorporation();
  const edit = useEditCorporation();
  const save = async () => {
    const v = await form.validateFields();
    const flags = { api: v.flags.includes('api'), h5: v.flags.includes('h5'), wx: v.flags.includes('wx') };
    if (editing)
      await edit.mutateAsync({
        id: editing.id,
        name: v.name,
        contact: v.contact ?? '',
        flags,
        enabled: v.enabled,
        h5: {
          ...v.h5,
          brandName: v.h5.brandName ?? '',
          logo: v.h5.logo ?? null,
          returnOrigins: v.h5.returnOrigins ?? [],
        },
      });
    else await add.mutateAsync({ name: v.name, contact: v.contact || undefined, flags });
  };
  return (
    <FormDialog
      form={form}
      initialValues={{
        name: editing?.name,
        contact: editing?.contact ?? undefined,
        flags: editing ? FLAGS.filter((f) => editing.flags[f]) : ['api'],
        enabled: editing?.enabled ?? true,
        h5: editing?.h5 ?? H5_DEFAULT_BRANDING,
      }}
      title={t(editing ? 'corporations.edit' : 'corporations.add')}
      testId="corporation"
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <SchemaInput
        field={schema.field('name')}
        label={t('corporations.name')}
        required
        data-testid="corporation-name"
      />
      <SchemaInput field={schema.field('contact')} label={t('corporations.contact')} />
      <Form.Item name="flags" label={t('corporations.flags')} extra={t('corporations.flagsHint')}>
        <Checkbox.Group options={FLAGS.map((f) => ({ value: f, label: t(`corporations.flag.${f}`) }))} />
      </Form.Item>
      {editing && (
        <Form.Item name="enabled" label={t('corporations.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      {editing && <H5BrandingFields />}
    </FormDialog>
  );
}
