import { useState } from 'react';
import { Form, InputNumber, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { organizationAddBody, type OrganizationNode } from '@tcm/contract';
import { useSchemaRules } from '../../lib/form-rules.js';
import { SchemaInput } from '../../components/SchemaInput.js';
import { useTeams } from './console-api.js';
import { OrganizationSelect } from './OrganizationSelect.js';
import { useAccountPick, useAddOrganization, useAssignOrganization, useEditOrganization } from './organizations-api.js';
import { FormDialog, SaveDialog } from '../../components/SaveDialog.js';

interface OrgValues {
  name: string;
  code: string;
  parentId?: string | null;
  sort?: number;
  enabled?: boolean;
}

/** Add (org null, under `parent`) or edit an organization; the server refuses cycles and taken codes. */
export function OrganizationDialog({
  org,
  parent,
  onClose,
}: {
  org: OrganizationNode | null;
  parent: OrganizationNode | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrgValues>();
  const add = useAddOrganization();
  const edit = useEditOrganization();
  const schema = useSchemaRules(organizationAddBody.shape);
  const save = async () => {
    const v = await form.validateFields();
    const body = {
      name: v.name,
      code: v.code,
      parentId: v.parentId ?? null,
      sort: v.sort ?? 0,
      status: v.enabled === false ? 0 : 1,
    } as const;
    if (org) await edit.mutateAsync({ id: org.id, ...body });
    else await add.mutateAsync(body);
  };
  const title = org
    ? t('console.organizations.editTitle', { name: org.name })
    : parent
      ? t('console.organizations.addUnder', { name: parent.name })
      : t('console.organizations.addTitle');
  return (
    <FormDialog
      form={form}
      initialValues={
        org
          ? { name: org.name, code: org.code, parentId: org.parentId, sort: org.sort, enabled: org.status === 1 }
          : { parentId: parent?.id ?? null, sort: 0, enabled: true }
      }
      title={title}
      testId="organization"
      save={save}
      onClose={onClose}
    >
      <SchemaInput
        field={schema.field('name')}
        label={t('console.organizations.name')}
        required
        data-testid="organization-name"
      />
      <SchemaInput
        field={schema.field('code')}
        label={t('console.organizations.code')}
        extra={t('console.organizations.codeHelp')}
        required
        data-testid="organization-code"
      />
      <Form.Item name="parentId" label={t('console.organizations.parent')}>
        <OrganizationSelect without={org?.id} placeholder={t('console.organizations.parentNone')} />
      </Form.Item>
      <Form.Item name="sort" label={t('console.organizations.sort')}>
        <InputNumber min={0} max={99999} precision={0} />
      </Form.Item>
      <Form.Item name="enabled" label={t('console.organizations.status')} valuePropName="checked">
        <Switch
          checkedChildren={t('console.organizations.enabled')}
          unCheckedChildren={t('console.organizations.disabled')}
        />
      </Form.Item>
    </FormDialog>
  );
}

/** Puts chosen accounts (searched by the server) and teams into one organization (button sysOrg-assign). */
export function AssignOrganizationDialog({ org, onClose }: { org: OrganizationNode; onClose: () => void }) {
  const { t } = useTranslation();
  const assign = useAssignOrganization();
  const teams = useTeams();
  const [keyword, setKeyword] = useState('');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const found = useAccountPick(keyword);
  const save = async () => {
    await assign.mutateAsync({ organizationId: org.id, userIds, teamIds });
  };
  return (
    <SaveDialog
      title={t('console.organizations.assignTitle', { name: org.name })}
      testId="organization-assign"
      save={save}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        {t('console.organizations.assigned', { users: org.userCount, teams: org.teamCount })}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('console.organizations.users')}>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            loading={found.isFetching}
            placeholder={t('console.organizations.searchUsers')}
            value={userIds}
            onChange={setUserIds}
            options={(found.data?.list ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.loginName})` }))}
            data-testid="organization-assign-users"
          />
        </Form.Item>
        <Form.Item label={t('console.organizations.teams')}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            loading={teams.isLoading}
            value={teamIds}
            onChange={setTeamIds}
            options={(teams.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            data-testid="organization-assign-teams"
          />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
