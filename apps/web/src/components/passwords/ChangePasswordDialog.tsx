import { useRef } from 'react';
import { Alert, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordBody, type ChangePasswordBody } from '@tcm/contract';
import { sameAsRule, useSchemaRules } from '../../lib/form-rules.js';
import { useChangePassword } from './passwords-api.js';
import { useSession } from '../../lib/session.js';
import { newPasswordRule, PASSWORD_INPUT_MAX } from './password-rules.js';
import { PasswordFormModal } from './PasswordFormModal.js';

interface Values extends ChangePasswordBody {
  confirm: string;
}

/**
 * Change-password dialog of every signed-in area. The server keeps this session and ends the
 * others, so the user stays where they are.
 */
export function ChangePasswordDialog({
  onClose,
  forced = false,
}: {
  onClose: (changed: boolean) => void;
  forced?: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [form] = Form.useForm<Values>();
  const changed = useRef(false);
  const change = useChangePassword();
  const { rules } = useSchemaRules(changePasswordBody.shape);
  const send = async (v: Values) => {
    await change.mutateAsync({ oldPassword: v.oldPassword, newPassword: v.newPassword });
    changed.current = true;
    return t('password.changed');
  };
  return (
    <PasswordFormModal
      title={t('password.change')}
      form={form}
      send={send}
      onClose={() => onClose(changed.current)}
      closable={!forced}
      testId="pw"
    >
      {forced && (
        <Alert
          type="warning"
          showIcon
          title={t('password.mustChange')}
          style={{ marginBottom: 16 }}
          data-testid="pw-forced"
        />
      )}
      <Form.Item name="oldPassword" label={t('password.oldPassword')} required rules={rules('oldPassword')}>
        <Input.Password maxLength={PASSWORD_INPUT_MAX} autoComplete="current-password" data-testid="pw-old" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.newPassword')}
        extra={<Typography.Text type="secondary">{t('password.rules')}</Typography.Text>}
        required
        rules={[...rules('newPassword'), newPasswordRule(() => user?.loginName ?? '')]}
      >
        <Input.Password maxLength={PASSWORD_INPUT_MAX} autoComplete="new-password" data-testid="pw-new" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('password.confirmPassword')}
        dependencies={['newPassword']}
        required
        rules={[...rules('newPassword'), sameAsRule('newPassword', t('password.mismatch'))]}
      >
        <Input.Password maxLength={PASSWORD_INPUT_MAX} autoComplete="new-password" data-testid="pw-confirm" />
      </Form.Item>
    </PasswordFormModal>
  );
}
