import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleDevice } from '@tcm/contract';
import { SaveDialog } from './SaveDialog.js';
import { useEditDevice } from './platform-api.js';

/** Rename a device or set its location (the display's map reads the province from it). */
export function DeviceDialog({ device, onClose }: { device: ConsoleDevice; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; location: string }>();
  const edit = useEditDevice();
  return (
    <SaveDialog
      title={t('console.devices.editTitle', { name: device.name })}
      testId="device-dialog"
      form={form}
      pending={edit.isPending}
      onClose={onClose}
      onSaved={onClose}
      save={async () => {
        const v = await form.validateFields();
        await edit.mutateAsync({ id: device.id, name: v.name, location: v.location ?? '' });
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ name: device.name, location: device.location ?? '' }}>
        <Form.Item
          name="name"
          label={t('console.devices.name')}
          rules={[{ required: true, whitespace: true, max: 200 }]}
        >
          <Input data-testid="device-name" maxLength={200} />
        </Form.Item>
        <Form.Item name="location" label={t('console.devices.location')} extra={t('console.devices.locationHelp')}>
          <Input data-testid="device-location" maxLength={200} placeholder={t('console.devices.locationExample')} />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
