import { useState } from 'react';
import { Button, Input, Modal, Space, Tag, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DOCTOR_APPROVALS,
  DOCTOR_QUERY_FIELDS,
  type DoctorApproval,
  type DoctorPage,
  type DoctorRow,
  doctorRejectBody,
} from '@tcm/contract';
import { textProps } from '../../lib/form-rules.js';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { AdminList } from '../../components/AdminList.js';
import { ChoiceAndQuery, type ChoiceQuery } from '../../components/query/ChoiceAndQuery.js';
import type { QueryField } from '../../components/query/normalize.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { DOCTOR_APPROVAL_KEYS, doctorsApi, useDecideDoctor } from './doctors-api.js';

const FIELDS: QueryField[] = (Object.keys(DOCTOR_QUERY_FIELDS) as Array<keyof typeof DOCTOR_QUERY_FIELDS>).map(
  (name) => ({
    name,
    type: DOCTOR_QUERY_FIELDS[name],
    label: `doctorApproval.${name === 'title' ? 'titleField' : name}`,
  }),
);
const STATE_COLOR: Record<DoctorApproval, string> = { pending: 'processing', approved: 'success', rejected: 'error' };

/** The decision dialog: approve, or reject with the reason the applicant will read. */
function DecideDialog({ doctor, onClose, onDone }: { doctor: DoctorRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const decide = useDecideDoctor();
  const run = (d: { id: string; reason?: string }) =>
    decide.mutate(d, {
      onSuccess: () => {
        void message.success(t('doctorApproval.saved'));
        onDone();
      },
    });
  const reject = () => {
    if (!reason.trim()) return void message.warning(t('doctorApproval.reasonRequired'));
    run({ id: doctor.id, reason: reason.trim() });
  };
  // The button of the decision being sent spins; the other waits.
  const sending = (kind: 'approve' | 'reject') =>
    decide.isPending && (decide.variables?.reason === undefined) === (kind === 'approve');
  return (
    <Modal open title={t('doctorApproval.title')} onCancel={onClose} footer={null}>
      <Typography.Paragraph>
        {t('doctorApproval.confirmApprove', { name: `${doctor.name} (${doctor.loginName})` })}
      </Typography.Paragraph>
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="doctor-decide">
        <Button
          type="primary"
          loading={sending('approve')}
          disabled={decide.isPending}
          data-testid="doctor-approve"
          onClick={() => run({ id: doctor.id })}
        >
          {t('doctorApproval.approve')}
        </Button>
        {doctor.approval === 'pending' && (
          <>
            <Input.TextArea
              aria-label={t('doctorApproval.reason')}
              placeholder={t('doctorApproval.reason')}
              {...textProps(doctorRejectBody.shape.reason)}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <Button
              danger
              loading={sending('reject')}
              disabled={decide.isPending}
              onClick={reject}
              data-testid="doctor-reject"
            >
              {t('doctorApproval.reject')}
            </Button>
          </>
        )}
      </Space>
    </Modal>
  );
}

/** Doctor registrations from /doctor/register awaiting approval (issue 22 item 1; docs/console.md "Doctors"). */
export default function DoctorsPage({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const [deciding, setDeciding] = useState<DoctorRow | null>(null);
  return (
    <AdminList<DoctorRow, ChoiceQuery<DoctorApproval>, DoctorPage>
      testId="console-doctors"
      title={t('doctorApproval.title')}
      queryKey={DOCTOR_APPROVAL_KEYS.list}
      load={(p, { choice, ...f }) => doctorsApi.list(p.page, p.size, { approval: choice, ...f })}
      // Opens on the registrations that wait: the reviewer's daily question.
      initialFilter={{ choice: 'pending' }}
      route={route}
      emptyText={t('doctorApproval.empty')}
      errorText={() => t('doctorApproval.loadFailed')}
      handlers={({ withOne }) => ({ approveDoctor: withOne(setDeciding) })}
      filters={(f) => (
        <ChoiceAndQuery
          {...f}
          values={DOCTOR_APPROVALS}
          word={(a) => t(`doctorApproval.states.${a}`)}
          placeholder={t('doctorApproval.all')}
          testId="approval-filter"
          fields={FIELDS}
        />
      )}
      columns={[
        { title: t('doctorApproval.loginName'), dataIndex: 'loginName' },
        { title: t('doctorApproval.name'), dataIndex: 'name' },
        {
          title: t('doctorApproval.kind'),
          dataIndex: 'kind',
          width: 100,
          render: (k: DoctorRow['kind']) => t(`doctorApproval.kinds.${k ?? 'doctor'}`),
        },
        { title: t('doctorApproval.organisation'), dataIndex: 'organisation' },
        { title: t('doctorApproval.titleField'), dataIndex: 'title' },
        { title: t('doctorApproval.phone'), dataIndex: 'phone' },
        {
          title: t('doctorApproval.state'),
          width: 110,
          render: (_v, d) => <Tag color={STATE_COLOR[d.approval]}>{t(`doctorApproval.states.${d.approval}`)}</Tag>,
        },
        {
          title: t('doctorApproval.decision'),
          render: (_v, d) =>
            d.decidedAt ? (
              <>
                {t('doctorApproval.decidedLine', { who: d.decidedBy ?? '—', when: fmt.date(d.decidedAt) })}
                {d.approvalReason && <Typography.Text type="secondary">: {d.approvalReason}</Typography.Text>}
              </>
            ) : null,
        },
        {
          title: t('doctorApproval.createdAt'),
          dataIndex: 'createdAt',
          width: 150,
          render: (v: string) => fmt.date(v),
        },
      ]}
    >
      {({ clearSelection }) =>
        deciding && (
          <DecideDialog
            doctor={deciding}
            onClose={() => setDeciding(null)}
            onDone={() => {
              setDeciding(null);
              clearSelection();
            }}
          />
        )
      }
    </AdminList>
  );
}
