import { useState } from 'react';
import { Button, Drawer, Form, Switch, Tag, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSOLE_BUTTONS, consoleTeamAddBody, type ConsoleTeam, type ConsoleTeamMember } from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { useSchemaRules } from '../../lib/form-rules.js';
import { SchemaInput } from '../../components/SchemaInput.js';
import { useSession } from '../../lib/session.js';
import { useAddTeam, useAppointLeader, useSetMemberFlags, useTeamMembers, useTeams } from './console-api.js';
import { SaveDialog } from '../../components/SaveDialog.js';
import { WholeList } from '../../components/WholeList.js';
import { QueryTable } from '../../components/QueryTable.js';

const FLAGS = ['canConfigTreatPlan', 'displayPermission', 'canDoctorAgent'] as const;

function AddTeamDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const add = useAddTeam();
  const schema = useSchemaRules(consoleTeamAddBody.shape);
  const save = async () => {
    const v = await form.validateFields();
    await add.mutateAsync(v.name);
  };
  return (
    <SaveDialog title={t('consoleAdmin.addTeam')} testId="team" save={save} onClose={onClose} onSaved={onSaved}>
      <Form form={form} layout="vertical">
        <SchemaInput field={schema.field('name')} label={t('consoleAdmin.teamName')} required data-testid="team-name" />
      </Form>
    </SaveDialog>
  );
}

/**
 * A team's members: appoint the leader, switch the member flags (each needs its button code).
 * While one change is sent, the others wait (buttons and switches disabled).
 */
function MembersDrawer({ team, onClose }: { team: ConsoleTeam; onClose: () => void }) {
  const { t } = useTranslation();
  const buttons = new Set(useSession().user?.buttons ?? []);
  const members = useTeamMembers(team.id);
  const appoint = useAppointLeader();
  const flags = useSetMemberFlags();
  const busy = appoint.isPending || flags.isPending;
  const saved = { onSuccess: () => void message.success(t('consoleAdmin.saved')) };
  return (
    <Drawer open width={820} title={t('consoleAdmin.membersOf', { name: team.name })} onClose={onClose}>
      <QueryTable<ConsoleTeamMember>
        query={members}
        locale={{ emptyText: members.isError ? t('consoleAdmin.loadFailed') : t('consoleAdmin.noMembers') }}
        columns={[
          { title: t('consoleAdmin.loginName'), dataIndex: 'loginName' },
          { title: t('consoleAdmin.name'), dataIndex: 'name' },
          {
            title: t('consoleAdmin.leader'),
            render: (_v, m) =>
              m.teamLeader === 1 ? (
                <Tag color="gold">{t('consoleAdmin.leader')}</Tag>
              ) : (
                buttons.has(CONSOLE_BUTTONS.teamLeader) && (
                  <Button
                    size="small"
                    disabled={busy}
                    loading={appoint.isPending && appoint.variables?.userId === m.id}
                    onClick={() => appoint.mutate({ teamId: team.id, userId: m.id }, saved)}
                    data-testid={`appoint-${m.id}`}
                  >
                    {t('consoleAdmin.appoint')}
                  </Button>
                )
              ),
          },
          ...FLAGS.map((f) => ({
            title: t(`consoleAdmin.memberFlags.${f}`),
            render: (_v: unknown, m: ConsoleTeamMember) => (
              <Switch
                size="small"
                checked={m[f] === 1}
                disabled={!buttons.has(CONSOLE_BUTTONS.memberFlags) || busy}
                loading={flags.isPending && flags.variables?.userId === m.id && flags.variables[f] !== undefined}
                onChange={(on) => flags.mutate({ userId: m.id, [f]: on ? 1 : 0 }, saved)}
                data-testid={`flag-${f}-${m.id}`}
              />
            ),
          })),
        ]}
      />
    </Drawer>
  );
}

/** Teams across the platform (issue 22 item 1): create, appoint the leader, member flags. */
export default function TeamsPage({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const teams = useTeams();
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<ConsoleTeam | null>(null);
  return (
    <WholeList<ConsoleTeam>
      page={{ testId: 'console-teams', title: t('consoleAdmin.teamsTitle'), empty: t('consoleAdmin.noTeams') }}
      route={route}
      query={teams}
      handlers={({ withOne }) => ({
        addTeam: () => setAdding(true),
        appointLeader: withOne(setOpen),
        memberFlags: withOne(setOpen),
      })}
      columns={[
        { title: t('consoleAdmin.teamName'), dataIndex: 'name' },
        {
          title: t('consoleAdmin.leader'),
          render: (_v, x) => (x.leader ? `${x.leader.name} (${x.leader.loginName})` : '—'),
        },
        { title: t('consoleAdmin.memberCount'), dataIndex: 'memberCount' },
        {
          title: t('translation.actions'),
          render: (_v, x) => (
            <Button size="small" type="link" onClick={() => setOpen(x)}>
              {t('consoleAdmin.members')}
            </Button>
          ),
        },
      ]}
    >
      {adding && <AddTeamDialog onClose={() => setAdding(false)} onSaved={() => setAdding(false)} />}
      {open && <MembersDrawer team={open} onClose={() => setOpen(null)} />}
    </WholeList>
  );
}
