import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { consoleDeviceEditBody, type ConsoleDevice } from '@tcm/contract';
import { useSchemaRules } from '../../lib/form-rules.js';
import { FormDialog } from '../../components/SaveDialog.js';
import { useEditDevice } from './platform-api.js';

/** Rename a device or set its location (the display's map reads the province from it). */
export function DeviceDialog({ device, onClose }: { device: ConsoleDevice; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; location: string }>();
  const edit = useEditDevice();
  // Rules and lengths from the call's own schema, as every form (issue 32).
  const { rules, text } = useSchemaRules(consoleDeviceEditBody.shape);
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
      <Form.Item name="name" label={t('console.devices.name')} required rules={rules('name')}>
        <Input {...text('name')} data-testid="device-name" />
      </Form.Item>
      <Form.Item
        name="location"
        label={t('console.devices.location')}
        extra={t('console.devices.locationHelp')}
        rules={rules('location')}
      >
        <Input {...text('location')} data-testid="device-location" placeholder={t('console.devices.locationExample')} />
      </Form.Item>
    </FormDialog>
  );
}
