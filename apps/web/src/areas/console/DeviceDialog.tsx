import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { consoleDeviceEditBody, type ConsoleDevice } from '@tcm/contract';
import { useSchemaRules } from '../../lib/form-rules.js';
import { SchemaInput } from '../../components/SchemaInput.js';
import { FormDialog } from '../../components/SaveDialog.js';
import { useEditDevice } from './platform-api.js';

/** Rename a device or set its location (the display's map reads the province from it). */
export function DeviceDialog({ device, onClose }: { device: ConsoleDevice; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; location: string }>();
  const edit = useEditDevice();
  // Rules and lengths from the call's own schema, as every form (issue 32).
  const schema = useSchemaRules(consoleDeviceEditBody.shape);
  return (
    <FormDialog
      form={form}
      initialValues={{ name: device.name, location: device.location ?? '' }}
      title={t('console.devices.editTitle', { name: device.name })}
      testId="device-dialog"
      onClose={onClose}
      save={async () => {
        const v = await form.validateFields();
        await edit.mutateAsync({ id: device.id, name: v.name, location: v.location ?? '' });
      }}
    >
      <SchemaInput field={schema.field('name')} label={t('console.devices.name')} required data-testid="device-name" />
      <SchemaInput
        field={schema.field('location')}
        label={t('console.devices.location')}
        extra={t('console.devices.locationHelp')}
        data-testid="device-location"
        placeholder={t('console.devices.locationExample')}
      />
    </FormDialog>
  );
}
