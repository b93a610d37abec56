import { Form, Input, Typography } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useResetPassword } from './passwords-api.js';
import { resetPasswordBody } from '@tcm/contract';
import { schemaRule, textProps, useSchemaRules } from '../../lib/form-rules.js';
import { newPasswordRule, PASSWORD_INPUT_MAX } from './password-rules.js';
import { PasswordFormModal } from './PasswordFormModal.js';

interface Values {
  loginName: string;
  newPassword: string;
}

/**
 * The administrator sets a user's password by login name; from the user list the name is given.
 * The user must change it at the next sign-in (the server enforces it).
 */
export function ResetPasswordDialog({
  onClose,
  loginName,
  changes,
}: {
  onClose: () => void;
  loginName?: string;
  /** Query keys the reset changes (read again after it). */
  changes?: readonly QueryKey[];
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword(changes);
  const { lang, rules } = useSchemaRules(resetPasswordBody.shape);
  // The body names its target by id or login name; this dialog always by name.
  const target = resetPasswordBody.shape.loginName.nonoptional();
  const send = async (v: Values) => {
    const loginName = v.loginName.trim();
    await reset.mutateAsync({ loginName, newPassword: v.newPassword });
    return t('password.resetDone', { name: loginName });
  };
  return (
    <PasswordFormModal title={t('password.reset')} form={form} send={send} onClose={onClose} testId="reset">
      <Typography.Paragraph type="secondary">{t('password.resetHint')}</Typography.Paragraph>
      <Form.Item
        name="loginName"
        initialValue={loginName}
        label={t('password.target')}
        required
        rules={[schemaRule(target, lang, 'loginName')]}
      >
        <Input {...textProps(target)} autoComplete="off" data-testid="reset-login-name" disabled={Boolean(loginName)} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.newPassword')}
        dependencies={['loginName']}
        extra={<Typography.Text type="secondary">{t('password.rules')}</Typography.Text>}
        required
        rules={[...rules('newPassword'), newPasswordRule(() => String(form.getFieldValue('loginName') ?? ''))]}
      >
        <Input.Password maxLength={PASSWORD_INPUT_MAX} autoComplete="new-password" data-testid="reset-new" />
      </Form.Item>
    </PasswordFormModal>
  );
}
