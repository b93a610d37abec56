import { useState } from 'react';
import {
  App,
  Badge,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Result,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MemberPasswordReset } from './MemberPasswordReset.js';
import { StackTable } from '../../record/StackTable.js';
import { teamCreateBody, teamRenameBody, type Invitation, type TeamMemberRow, type TeamOverview } from '@tcm/contract';
import { useSchemaRules } from '../../lib/form-rules.js';
import { useSession } from '../../lib/session.js';
import { day } from './home-format.js';
import {
  useCreateTeam,
  useInvite,
  useLeave,
  useRemoveMember,
  useRenameTeam,
  useRevoke,
  useSetFlags,
  useTeam,
} from './team-api.js';

const APPLY_PAGE = '/member/config/playApply';

/** No team yet: found one, or go to the application page. */
function NoTeam() {
  const { t } = useTranslation();
  const create = useCreateTeam();
  const { rules, text } = useSchemaRules(teamCreateBody.shape);
  return (
    <Card title={t('member.team.title')} data-testid="team-none">
      <Typography.Paragraph>{t('member.team.none')}</Typography.Paragraph>
      <Form layout="inline" onFinish={(v: { name: string }) => create.mutate(v.name)}>
        <Form.Item name="name" required rules={rules('name')}>
          <Input placeholder={t('member.team.name')} {...text('name')} data-testid="team-name" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="team-create">
          {t('member.team.create')}
        </Button>
        <Link to={APPLY_PAGE} style={{ marginLeft: 12 }}>
          {t('member.team.join')}
        </Link>
      </Form>
    </Card>
  );
}

function Invitations({ list }: { list: Invitation[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invite = useInvite();
  const revoke = useRevoke();
  const [days, setDays] = useState(7);
  const link = (i: Invitation) => `${window.location.origin}${import.meta.env.BASE_URL}${i.link.replace(/^\//, '')}`;
  return (
    <Card size="small" title={t('member.team.invitations')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('member.team.validDays')}</span>
        <InputNumber min={1} max={90} value={days} onChange={(v) => setDays(v ?? 7)} />
        <Button onClick={() => invite.mutate(days)} loading={invite.isPending} data-testid="invite-create">
          {t('member.team.invite')}
        </Button>
      </Space>
      <StackTable<Invitation>
        rowKey="id"
        dataSource={list}
        scroll={{ x: true }}
        locale={{ emptyText: t('member.team.noInvitations') }}
        columns={[
          {
            title: t('member.apply.code'),
            render: (_, i) => (
              <Typography.Text code data-testid="invite-code">
                {i.code}
              </Typography.Text>
            ),
          },
          { title: t('member.team.expiresAt'), render: (_, i) => day(i.expiresAt) },
          {
            title: t('member.team.actions'),
            render: (_, i) => (
              <Space>
                <a
                  onClick={() =>
                    void navigator.clipboard?.writeText(link(i)).then(() => message.success(t('member.team.copied')))
                  }
                >
                  {t('member.team.copyLink')}
                </a>
                <Popconfirm title={t('member.team.revokeConfirm')} onConfirm={() => revoke.mutate(i.id)}>
                  <a>{t('member.team.revoke')}</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

function Members({
  list,
  me,
}: {
  list: TeamMemberRow[];
  me: { id: string; canConfigTreatPlan: 0 | 1; displayPermission: 0 | 1 };
}) {
  const { t } = useTranslation();
  const flags = useSetFlags();
  const remove = useRemoveMember();
  const toggle = (m: TeamMemberRow, key: 'teamLeader' | 'canConfigTreatPlan' | 'displayPermission', held: boolean) => (
    <Switch
      size="small"
      checked={m[key] === 1}
      disabled={m.id === me.id || !held}
      loading={flags.isPending && flags.variables?.id === m.id}
      onChange={(on) => flags.mutate({ id: m.id, flags: { [key]: on ? 1 : 0 } })}
      data-testid={`flag-${key}-${m.loginName}`}
    />
  );
  return (
    <Card size="small" title={t('member.team.members')}>
      <StackTable<TeamMemberRow>
        rowKey="id"
        dataSource={list}
        scroll={{ x: true }}
        columns={[
          {
            title: t('member.team.memberName'),
            render: (_, m) => `${m.name}${m.id === me.id ? t('member.team.you') : ''}`,
          },
          { title: t('member.team.coLeader'), render: (_, m) => toggle(m, 'teamLeader', true) },
          {
            title: t('member.team.canConfigTreatPlan'),
            render: (_, m) => toggle(m, 'canConfigTreatPlan', me.canConfigTreatPlan === 1),
          },
          {
            title: t('member.team.displayPermission'),
            render: (_, m) => toggle(m, 'displayPermission', me.displayPermission === 1),
          },
          {
            title: t('member.team.actions'),
            render: (_, m) =>
              m.id === me.id ? null : (
                <>
                  <MemberPasswordReset member={m} />
                  <Popconfirm
                    title={t('member.team.removeConfirm', { name: m.name })}
                    onConfirm={() => remove.mutate(m.id)}
                  >
                    <a style={{ color: '#cf1322' }}>{t('member.team.remove')}</a>
                  </Popconfirm>
                </>
              ),
          },
        ]}
      />
    </Card>
  );
}

function Rename({ name }: { name: string }) {
  const { t } = useTranslation();
  const rename = useRenameTeam();
  const [value, setValue] = useState<string | null>(null);
  const { text } = useSchemaRules(teamRenameBody.shape);
  if (value === null) return <a onClick={() => setValue(name)}>{t('member.team.rename')}</a>;
  return (
    <Space.Compact>
      <Input
        value={value}
        {...text('name')}
        onChange={(e) => setValue(e.target.value)}
        data-testid="team-rename-input"
      />
      <Button
        type="primary"
        disabled={!value.trim()}
        loading={rename.isPending}
        onClick={() => rename.mutate(value.trim(), { onSuccess: () => setValue(null) })}
      >
        {t('app.save')}
      </Button>
    </Space.Compact>
  );
}

function TeamCard({ data }: { data: TeamOverview & { team: NonNullable<TeamOverview['team']> } }) {
  const { t } = useTranslation();
  const { member } = useSession();
  const leave = useLeave();
  const me = {
    id: member?.id ?? '',
    canConfigTreatPlan: member?.canConfigTreatPlan ?? 0,
    displayPermission: member?.displayPermission ?? 0,
  };
  return (
    <Card
      title={
        <Space wrap>
          <span data-testid="team-title">{data.team.name}</span>
          <Tag>{data.leader ? t('member.team.leader') : t('member.team.member')}</Tag>
          {data.leader ? <Rename name={data.team.name} /> : null}
        </Space>
      }
      extra={
        <Space wrap>
          {data.leader ? (
            <Badge count={data.pendingApplications} data-testid="apply-badge">
              <Link to={APPLY_PAGE} data-testid="apply-link">
                {t('member.team.applications')}
              </Link>
            </Badge>
          ) : null}
          <Popconfirm title={t('member.team.leaveConfirm')} onConfirm={() => leave.mutate()}>
            <Button size="small" danger data-testid="team-leave">
              {t('member.team.leave')}
            </Button>
          </Popconfirm>
        </Space>
      }
      data-testid="team-card"
    >
      {data.leader ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Invitations list={data.invitations} />
          <Members list={data.members} me={me} />
        </Space>
      ) : (
        <Typography.Text type="secondary">
          {data.members.length} × {t('member.team.member')}
        </Typography.Text>
      )}
    </Card>
  );
}

/** The team card of the home page: found a team, or manage it (leaders), or leave it. */
export function TeamPanel() {
  const team = useTeam();
  if (team.isPending) return <Spin />;
  if (team.isError) return <Result status="warning" title={team.error.message} />;
  const data = team.data;
  return data.team ? <TeamCard data={{ ...data, team: data.team }} /> : <NoTeam />;
}
