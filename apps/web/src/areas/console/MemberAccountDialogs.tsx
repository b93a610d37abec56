import { useState } from 'react';
import { Alert, Button, Form, Modal, Space, Table, Upload, message } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONSOLE_BUTTONS,
  consoleMemberAddBody,
  MEMBER_ACCOUNT_ERRORS,
  MEMBER_ACCOUNT_PATHS as P,
  type ConsoleMemberAddBody,
  type ImportRowError,
} from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { fetchFile } from '../../lib/fetch-file.js';
import { HttpError } from '../../lib/http.js';
import { useSchemaRules } from '../../lib/form-rules.js';
import { SchemaInput } from '../../components/SchemaInput.js';
import { saveBlob } from '../../lib/save-blob.js';
import { currentLanguage } from '../../lib/i18n.js';
import { useAddMember, useImportMembers } from './member-accounts-api.js';

/**
 * The administrator's member accounts (issue 33 item 1): "New member" and "Import members" beside
 * the users list, for holders of sysUser-add (the server checks the same button).
 */
export function MemberAccountButtons({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'add' | 'import' | null>(null);
  if (!route?.buttons.some((b) => b.buttonCode === CONSOLE_BUTTONS.userAdd)) return null;
  return (
    <Space style={{ marginBottom: 12 }}>
      <Button onClick={() => setOpen('add')} data-testid="member-add">
        {t('memberAccounts.newMember')}
      </Button>
      <Button onClick={() => setOpen('import')} data-testid="member-import">
        {t('memberAccounts.importMembers')}
      </Button>
      {open === 'add' && <AddMemberDialog onClose={() => setOpen(null)} />}
      {open === 'import' && <ImportMembersDialog onClose={() => setOpen(null)} />}
    </Space>
  );
}

function AddMemberDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConsoleMemberAddBody>();
  const schema = useSchemaRules(consoleMemberAddBody.shape);
  const add = useAddMember();
  return (
    <Modal
      open
      title={t('memberAccounts.newMember')}
      onCancel={onClose}
      okButtonProps={{ loading: add.isPending }}
      onOk={() =>
        void form.validateFields().then(async (v) => {
          await add.mutateAsync(v);
          void message.success(t('memberAccounts.created'));
          onClose();
        })
      }
    >
      <Form form={form} layout="vertical" data-testid="member-add-form">
        <SchemaInput field={schema.field('loginName')} label={t('login.loginName')} required />
        <SchemaInput field={schema.field('name')} label={t('register.name')} required />
        <SchemaInput field={schema.field('phone')} label={t('register.phone')} />
        <SchemaInput field={schema.field('email')} label={t('memberAccounts.email')} />
        <SchemaInput field={schema.field('organisation')} label={t('memberAccounts.organisation')} />
        <SchemaInput
          field={schema.field('password')}
          label={t('memberAccounts.firstPassword')}
          required
          password
          autoComplete="new-password"
        />
      </Form>
    </Modal>
  );
}

function ImportMembersDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<ImportRowError[] | null>(null);
  const upload = useImportMembers();
  const send = async (file: File) => {
    setRefused(null);
    try {
      const r = await upload.mutateAsync(file);
      void message.success(t('memberAccounts.imported', { count: r.imported }));
      onClose();
    } catch (e) {
      if (e instanceof HttpError && e.code === MEMBER_ACCOUNT_ERRORS.IMPORT_ROWS_INVALID.code)
        setRefused((e.data as { rows: ImportRowError[] }).rows);
      else void message.error(e instanceof Error ? e.message : String(e));
    }
  };
  const template = async () => {
    const lang = currentLanguage() === 'en' ? 'en' : 'zh';
    saveBlob(await fetchFile(P.importTemplate), `members-template-${lang}.xlsx`);
  };
  return (
    <Modal open title={t('memberAccounts.importMembers')} onCancel={onClose} footer={null} width={640}>
      <p>{t('memberAccounts.importHint')}</p>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => void template()} data-testid="member-template">
          {t('memberAccounts.template')}
        </Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button type="primary" loading={upload.isPending} data-testid="member-import-file">
            {t('memberAccounts.chooseFile')}
          </Button>
        </Upload>
      </Space>
      {refused && (
        <>
          <Alert type="error" showIcon title={t('memberAccounts.rowsRefused')} style={{ marginBottom: 8 }} />
          <Table<ImportRowError>
            data-testid="member-import-refused"
            size="small"
            rowKey="line"
            pagination={false}
            dataSource={refused}
            columns={[
              { title: t('memberAccounts.line'), dataIndex: 'line', width: 80 },
              { title: t('memberAccounts.reason'), dataIndex: 'reason' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
