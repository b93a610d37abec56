import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Result, Space, Spin, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STACK_TABLE, stackColumns } from '../../record/stack-table.js';
import { applyBody, decideBody, type Application } from '@tcm/contract';
import { markServerFields, textProps, useSchemaRules } from '../../lib/form-rules.js';
import { SchemaInput } from '../../components/SchemaInput.js';
import { useSession } from '../../lib/session.js';
import { day } from './home-format.js';
import { useApply, useDecide, useMyApplications, useTeamApplications } from './team-api.js';
import { QueryTable } from '../../components/QueryTable.js';

const STATUS_COLOR = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

function StatusTag({ a }: { a: Application }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[a.status]}>{t(`member.apply.statusText.${a.status}`)}</Tag>;
}

/** Apply with a code (prefilled from the invitation link `?code=`) and see one's own outcomes. */
function ApplyCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { member } = useSession();
  const [params] = useSearchParams();
  const apply = useApply();
  const mine = useMyApplications();
  const [form] = Form.useForm();
  const schema = useSchemaRules(applyBody.shape);
  return (
    <Card title={t('member.apply.title')} data-testid="apply-card">
      {member?.teamId ? (
        <Alert type="info" showIcon title={t('member.apply.inTeam', { name: member.teamName ?? '' })} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ code: params.get('code') ?? '' }}
          onFinish={(v: { code: string; message?: string }) =>
            apply.mutate(
              { code: v.code.trim(), message: v.message?.trim() || undefined },
              {
                onSuccess: () => void message.success(t('member.apply.sent')),
                onError: (e) => markServerFields(form, e),
              },
            )
          }
          style={{ maxWidth: 420 }}
        >
          <SchemaInput field={schema.field('code')} label={t('member.apply.code')} required data-testid="apply-code" />
          <Form.Item name="message" label={t('member.apply.message')} rules={schema.rules('message')}>
            <Input.TextArea {...schema.text('message')} rows={2} data-testid="apply-message" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={apply.isPending} data-testid="apply-submit">
            {t('member.apply.submit')}
          </Button>
        </Form>
      )}
      <h4 style={{ marginTop: 24 }}>{t('member.apply.mine')}</h4>
      {mine.isError ? (
        <Result status="warning" title={mine.error.message} />
      ) : (
        <QueryTable<Application>
          query={mine}
          scroll={{ x: true }}
          locale={{ emptyText: t('member.apply.none') }}
          data-testid="my-applications"
          className={STACK_TABLE}
          columns={stackColumns<Application>([
            { title: t('member.apply.team'), dataIndex: 'teamName' },
            { title: t('member.apply.status'), render: (_, a) => <StatusTag a={a} /> },
            { title: t('member.apply.reason'), render: (_, a) => a.reason ?? '—' },
            { title: t('member.apply.at'), render: (_, a) => day(a.createdAt) },
          ])}
        />
      )}
    </Card>
  );
}

/** The leader's list: approve, or reject with a reason (required). */
function TeamApplications() {
  const { t } = useTranslation();
  const list = useTeamApplications(true);
  const decide = useDecide();
  const [rejecting, setRejecting] = useState<Application | null>(null);
  const [reason, setReason] = useState('');
  if (list.isPending) return <Spin />;
  if (list.isError) return <Result status="warning" title={list.error.message} />;
  return (
    <Card title={t('member.apply.teamList')} data-testid="team-applications">
      <QueryTable<Application>
        query={list}
        scroll={{ x: true }}
        locale={{ emptyText: t('member.apply.none') }}
        className={STACK_TABLE}
        columns={stackColumns<Application>([
          { title: t('member.apply.applicant'), render: (_, a) => `${a.applicantName} (${a.applicantLoginName})` },
          { title: t('member.apply.message'), render: (_, a) => a.message ?? '—' },
          { title: t('member.apply.at'), render: (_, a) => day(a.createdAt) },
          { title: t('member.apply.status'), render: (_, a) => <StatusTag a={a} /> },
          { title: t('member.apply.reason'), render: (_, a) => a.reason ?? '—' },
          {
            title: t('member.team.actions'),
            render: (_, a) =>
              a.status === 'pending' ? (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    loading={decide.isPending}
                    onClick={() => decide.mutate({ id: a.id, approve: true })}
                    data-testid={`approve-${a.applicantLoginName}`}
                  >
                    {t('member.apply.approve')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() => {
                      setReason('');
                      setRejecting(a);
                    }}
                    data-testid={`reject-${a.applicantLoginName}`}
                  >
                    {t('member.apply.reject')}
                  </Button>
                </Space>
              ) : (
                a.decidedAt && day(a.decidedAt)
              ),
          },
        ])}
      />
      <Modal
        open={!!rejecting}
        title={t('member.apply.rejectTitle')}
        okButtonProps={{ disabled: !reason.trim(), danger: true }}
        okText={t('member.apply.reject')}
        onCancel={() => setRejecting(null)}
        onOk={() =>
          decide.mutate(
            { id: rejecting!.id, approve: false, reason: reason.trim() },
            { onSuccess: () => setRejecting(null) },
          )
        }
      >
        <Input.TextArea
          rows={3}
          {...textProps(decideBody.shape.reason)}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('member.apply.reasonRequired')}
          data-testid="reject-reason"
        />
      </Modal>
    </Card>
  );
}

/** /member/config/playApply (hidden from the menu): the leader's decisions, and everyone's own applications. */
export function PlayApplyPage() {
  const { t } = useTranslation();
  const { member } = useSession();
  const leader = member?.teamLeader === 1 && !!member.teamId;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('route.playApply')}
      </Typography.Title>
      {leader ? <TeamApplications /> : null}
      <ApplyCard />
    </Space>
  );
}
