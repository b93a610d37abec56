import { useState } from 'react';
import { Form, Input, Modal, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { teamResetPasswordBody, type TeamMemberRow } from '@tcm/contract';
import { newPasswordRule } from '../../components/passwords/password-rules.js';
import { useSchemaRules } from '../../lib/form-rules.js';
import { useResetMemberPassword } from './team-api.js';

/**
 * A leader's "Reset password" for a plain member who forgot theirs (issue 33 item 1): the member
 * signs in with it once and must then choose their own. Leaders are reset by the administrator.
 */
export function MemberPasswordReset({ member }: { member: TeamMemberRow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ newPassword: string }>();
  const { rules, text } = useSchemaRules(teamResetPasswordBody.shape);
  const reset = useResetMemberPassword(member.id);
  if (member.teamLeader === 1) return null;
  return (
    <>
      <a onClick={() => setOpen(true)} data-testid={`reset-password-${member.loginName}`} style={{ marginRight: 12 }}>
        {t('memberAccounts.resetPassword')}
      </a>
      {open && (
        <Modal
          open
          title={t('memberAccounts.resetTitle', { name: member.name })}
          onCancel={() => setOpen(false)}
          okButtonProps={{ loading: reset.isPending }}
          onOk={() =>
            void form.validateFields().then(async (v) => {
              await reset.mutateAsync(v.newPassword);
              void message.success(t('memberAccounts.resetDone', { name: member.name }));
              setOpen(false);
            })
          }
        >
          <Form form={form} layout="vertical">
            <Form.Item
              name="newPassword"
              label={t('login.password')}
              required
              rules={[...rules('newPassword'), newPasswordRule(() => member.loginName)]}
            >
              <Input.Password {...text('newPassword')} autoComplete="new-password" />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
