import { Button, DatePicker, Form, Input, Select, Space, Tag, Typography, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  datedFileName,
  AUDIT_ACTIONS,
  AUDIT_ACTOR_KINDS,
  AUDIT_BUTTONS,
  AUDIT_ENTITIES,
  type AuditPage as AuditPageData,
  type AuditQueryBody,
  type AuditRowView,
} from '@tcm/contract';
import type { BuiltRoute } from '../../../app/dynamic-menu.js';
import { AdminList } from '../../../components/AdminList.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { saveBlob } from '../../../lib/save-blob.js';
import { AUDIT_KEYS, auditApi } from './audit-api.js';

interface QueryForm {
  actor?: string;
  actorKind?: AuditQueryBody['actorKind'];
  entity?: AuditQueryBody['entity'];
  action?: AuditQueryBody['action'];
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The form's values as the API's combined query (empty fields left out). */
function queryOf(v: QueryForm): AuditQueryBody {
  const [from, to] = v.range ?? [];
  return {
    ...(v.actor?.trim() ? { actor: v.actor.trim() } : {}),
    ...(v.actorKind ? { actorKind: v.actorKind } : {}),
    ...(v.entity ? { entity: v.entity } : {}),
    ...(v.action ? { action: v.action } : {}),
    ...(from ? { from: from.toISOString() } : {}),
    ...(to ? { to: to.toISOString() } : {}),
  };
}

/** The choice filters: form field, the locale group of its words, its values. */
const FILTERS = [
  ['actorKind', 'kinds', AUDIT_ACTOR_KINDS],
  ['entity', 'entities', AUDIT_ENTITIES],
  ['action', 'actions', AUDIT_ACTIONS],
] as const;

const statusColor = (s: number | null) => (s === null ? 'default' : s < 400 ? 'green' : s < 500 ? 'orange' : 'red');

/** /system/audit: who read or changed which health data, when, from where (issue 25 item 4). Admins only. */
export default function AuditPage({ route }: { route?: BuiltRoute }) {
  const { t, i18n } = useTranslation();
  const fmt = useReaderFormat();
  const [form] = Form.useForm<QueryForm>();
  const word = (group: 'kinds' | 'entities' | 'actions', v: string | null) => (v ? t(`audit.${group}.${v}`, v) : '');
  return (
    <AdminList<AuditRowView, AuditQueryBody, AuditPageData>
      testId="audit"
      title={t('audit.title')}
      queryKey={AUDIT_KEYS.list}
      load={(p, query) => auditApi.list(query, p.page, p.size)}
      initialFilter={{}}
      keepPrevious
      selectable={false}
      route={route}
      // `audit-view` only gates the page's reads; the export is the one toolbar action.
      buttons={(all) => all.filter((b) => b.buttonCode === AUDIT_BUTTONS.export)}
      handlers={({ filter }) => ({
        exportAudit: () =>
          void auditApi
            .exportXlsx(filter, i18n.language === 'en' ? 'en' : 'zh')
            .then((blob) => saveBlob(blob, datedFileName('audit', 'xlsx')))
            .catch((e: Error) => void message.error(e.message)),
      })}
      intro={(data) =>
        data && (
          <Typography.Paragraph type="secondary" data-testid="audit-retention">
            {data.retentionDays > 0 ? t('audit.retention', { days: data.retentionDays }) : t('audit.retentionForever')}
          </Typography.Paragraph>
        )
      }
      errorText={(e) => e.message || t('consoleAdmin.loadFailed')}
      errorTestId="audit-error"
      emptyText={t('audit.empty')}
      toolbarInFilters
      filters={({ setFilter, toolbar }) => (
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          onFinish={(v) => setFilter(queryOf(v))}
        >
          <Form.Item name="actor" label={t('audit.actor')}>
            <Input allowClear placeholder={t('audit.actorHint')} style={{ width: 220 }} data-testid="audit-actor" />
          </Form.Item>
          {FILTERS.map(([name, group, values]) => (
            <Form.Item key={name} name={name} label={t(`audit.${name}`)}>
              <Select
                allowClear
                style={{ width: 140 }}
                data-testid={`audit-${name}`}
                options={values.map((k) => ({ value: k, label: word(group, k) }))}
              />
            </Form.Item>
          ))}
          <Form.Item name="range" label={t('audit.range')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} data-testid="audit-range" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="audit-search">
              {t('audit.search')}
            </Button>
            {toolbar}
          </Space>
        </Form>
      )}
      columns={[
        { title: t('audit.at'), render: (_v, r) => fmt.date(r.at) },
        {
          title: t('audit.actor'),
          render: (_v, r) => (
            <Space orientation="vertical" size={0}>
              <span>{word('kinds', r.actorKind)}</span>
              <Typography.Text type="secondary">{r.actorName ?? r.actorId ?? ''}</Typography.Text>
            </Space>
          ),
        },
        { title: t('audit.entity'), render: (_v, r) => word('entities', r.entity) },
        { title: t('audit.entityId'), dataIndex: 'entityId', ellipsis: true },
        { title: t('audit.action'), render: (_v, r) => word('actions', r.action) },
        { title: t('audit.event'), dataIndex: 'event', ellipsis: true },
        {
          title: t('audit.outcome'),
          render: (_v, r) => (r.status === null ? '' : <Tag color={statusColor(r.status)}>{r.status}</Tag>),
        },
        { title: t('audit.ip'), dataIndex: 'ip' },
        { title: t('audit.userAgent'), dataIndex: 'userAgent', ellipsis: true },
      ]}
    />
  );
}
