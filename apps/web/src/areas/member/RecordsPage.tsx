import '../../record/texts.js';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Drawer, Result, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  hasResults,
  RECORD_QUERY_FIELDS,
  RECORD_STATUSES,
  type CombinedQuery,
  type RecordScope,
  type RecordStatus,
  type RecordSummary,
} from '@tcm/contract';
import { DataTable } from '../../components/DataTable.js';
import { useListTable } from '../../components/use-list-table.js';
import { CombinedQueryButton } from '../../components/query/CombinedQueryButton.js';
import type { QueryField } from '../../components/query/normalize.js';
import { SearchBox } from '../../components/SearchBox.js';
import { LiveRecordResult } from '../../record/LiveRecordResult.js';
import { STATUS_COLOR } from '../../record/RecordResult.js';
import { failureLine } from '../../record/engine-parts.js';
import { useRecord } from '../../record/record-api.js';
import { STACK_TABLE, stackColumns } from '../../record/stack-table.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { PersonTimeline } from './PersonTimeline.js';
import { RecordsExportBar } from './RecordsExportBar.js';
import { useMemberRecords, usePushReport } from './records-export-api.js';

// The history brings ECharts: its own chunk, loaded when a detail opens.
const PersonHistory = lazy(() => import('../../record/PersonHistory.js'));

/** Fields of the combined query: the server's whitelist (contract RECORD_QUERY_FIELDS). */
export const RECORD_FIELDS: readonly QueryField[] = Object.entries(RECORD_QUERY_FIELDS).map(([name, type]) => ({
  name,
  type,
  label: `record.field.${name}`,
}));

/**
 * A record list of the member area (teamRecord, deviceRecord, memberRecord): search box,
 * combined query, status filter, the data table, and the detail (`?id=`) with the report. The
 * server decides what the caller may see: leaders their team's records, members their own.
 */
export function RecordsPage({ scope }: { scope: RecordScope }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const timelineId = params.get('timeline');
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<CombinedQuery | null>(null);
  const [status, setStatus] = useState<RecordStatus | undefined>();
  const { paging, selected, pager, selection } = useListTable([search, query, status]);
  const { mutate: pushReport } = usePushReport();
  const push = useCallback(
    (id: string) =>
      pushReport(id, {
        onSuccess: () => void message.success(t('member.records.pushed')),
        onError: (e) => void message.error(e.message),
      }),
    [pushReport, message, t],
  );

  const body = {
    scope,
    page: paging.page,
    size: paging.size,
    search: search || undefined,
    query: query ?? undefined,
    status,
  };
  const list = useMemberRecords(body);

  // Label/value blocks on a phone (issue 34): nine columns do not fit 390 px.
  const columns = useMemo(
    () =>
      stackColumns<RecordSummary>([
        {
          title: t('record.field.personName'),
          render: (_: unknown, r: RecordSummary) => r.person.name ?? r.ownerName ?? '—',
        },
        {
          title: t('record.field.personSex'),
          render: (_: unknown, r: RecordSummary) => (r.person.sex ? t(`record.sex.${r.person.sex}`) : '—'),
        },
        { title: t('record.field.personAge'), render: (_: unknown, r: RecordSummary) => r.person.age ?? '—' },
        {
          title: scope === 'deviceRecord' ? t('record.field.deviceName') : t('record.field.ownerName'),
          render: (_: unknown, r: RecordSummary) => (scope === 'deviceRecord' ? r.deviceName : r.ownerName) ?? '—',
        },
        {
          title: t('record.captures'),
          render: (_: unknown, r: RecordSummary) => r.captures.map((c) => t(`record.engine.${c}`)).join(' · '),
        },
        {
          title: t('record.field.status'),
          render: (_: unknown, r: RecordSummary) => (
            <>
              <Tag color={STATUS_COLOR[r.status]} data-testid="row-status">
                {t(`record.status.${r.status}`)}
              </Tag>
              {r.missing.length > 0 && <MissingParts missing={r.missing} />}
            </>
          ),
        },
        {
          title: t('record.field.conclusion'),
          render: (_: unknown, r: RecordSummary) => r.conclusion ?? r.failure?.msg ?? '—',
        },
        {
          title: t('record.field.createdAt'),
          render: (_: unknown, r: RecordSummary) => fmt.date(r.createdAt),
        },
        {
          title: t('translation.actions'),
          render: (_: unknown, r: RecordSummary) => (
            <Space size={4} wrap>
              <Button size="small" data-testid={`view-${r.id}`} onClick={() => setParams({ id: r.id })}>
                {t('record.view')}
              </Button>
              <Button size="small" data-testid={`timeline-open-${r.id}`} onClick={() => setParams({ timeline: r.id })}>
                {t('member.records.timeline')}
              </Button>
              {hasResults(r.status) && (
                <Button size="small" data-testid={`push-${r.id}`} onClick={() => push(r.id)}>
                  {t('member.records.pushWechat')}
                </Button>
              )}
            </Space>
          ),
        },
      ]),
    [scope, setParams, t, fmt, push],
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`records-${scope}`}>
      <Typography.Title level={4}>{t(`route.${scope}`)}</Typography.Title>
      <Space wrap>
        <SearchBox fields={RECORD_FIELDS} onSearch={(_q, term) => setSearch(term)} />
        <CombinedQueryButton
          fields={RECORD_FIELDS}
          query={query}
          onQuery={setQuery}
          activeText={t('record.queryActive')}
          testId="open-query"
        />
        <Select<RecordStatus>
          allowClear
          placeholder={t('record.field.status')}
          style={{ width: 140 }}
          value={status}
          options={RECORD_STATUSES.map((s) => ({ value: s, label: t(`record.status.${s}`) }))}
          onChange={(v) => setStatus(v)}
        />
        <Button onClick={() => void list.refetch()}>{t('record.refresh')}</Button>
        <RecordsExportBar
          filter={{ scope, search: search || undefined, query: query ?? undefined, status }}
          selected={selected}
        />
      </Space>
      {list.error ? (
        <Result status="403" title={list.error.message} data-testid="records-error" />
      ) : (
        <DataTable<RecordSummary>
          rowKey="id"
          query={list}
          {...pager}
          {...selection}
          columns={columns}
          className={STACK_TABLE}
          data-testid="records-table"
        />
      )}
      {/* The panels the URL opens; a record opened inside either shows in the detail. */}
      <UrlDrawer id={openId} width={1100} title={t('record.detail')} onClose={() => setParams({})}>
        {(id) => <RecordDetailView id={id} onOpen={(next) => setParams({ id: next })} />}
      </UrlDrawer>
      <UrlDrawer id={timelineId} width={640} title={t('member.records.timeline')} onClose={() => setParams({})}>
        {(id) => <PersonTimeline id={id} onOpen={(next) => setParams({ id: next })} />}
      </UrlDrawer>
    </Space>
  );
}

/** A side panel open while the URL names its `id` (at most `width` px), emptied when it closes. */
function UrlDrawer(props: {
  id: string | null;
  width: number;
  title: string;
  onClose: () => void;
  children: (id: string) => ReactNode;
}) {
  return (
    <Drawer
      open={props.id !== null}
      width={`min(${props.width}px, 96vw)`}
      title={props.title}
      onClose={props.onClose}
      destroyOnHidden
    >
      {props.id && props.children(props.id)}
    </Drawer>
  );
}

/**
 * One record by id: its result and reports, or the server's refusal (403) / not found. Keyed by
 * the id: the drawer stays open when a history entry inside it opens another record, and the
 * followed state must start over rather than keep showing the record before (issue 34).
 */
export function RecordDetailView(props: { id: string; onOpen?: (id: string) => void }) {
  return <RecordDetail key={props.id} {...props} />;
}

function RecordDetail({ id, onOpen }: { id: string; onOpen?: (id: string) => void }) {
  const { t } = useTranslation();
  const ref = { id };
  const state = useRecord(ref);
  const { detail, error } = state;
  if (error && !detail)
    return (
      <Result
        status={error.status === 403 ? '403' : error.status === 404 ? '404' : 'error'}
        title={error.status === 403 ? '403' : undefined}
        subTitle={error.message}
        data-testid="record-denied"
      />
    );
  if (!detail) return <Result icon={<span />} title={t('app.loading')} />;
  return (
    <>
      <LiveRecordResult recordRef={ref} state={{ ...state, detail }} person={detail.person.name} />
      {onOpen && (
        <Suspense fallback={null}>
          <PersonHistory id={id} onOpen={onOpen} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Which parts a partial record lacks (issue 32), and why on hover: each reason worded from its
 * failure code in the reader's language.
 */
function MissingParts({ missing }: { missing: RecordSummary['missing'] }) {
  const { t, i18n } = useTranslation();
  const parts = missing.map((m) => t(`record.engine.${m.engine}`)).join(i18n.language === 'en' ? ', ' : '、');
  const reasons = missing.map((m) => {
    const part = t(`record.engine.${m.engine}`);
    // A code no catalog knows reads "… could not be analyzed", never a raw text.
    const reason = failureLine({ code: m.code, msg: t('record.engineFailed', { engine: part }) }, i18n.language);
    return <div key={m.engine}>{t('record.partial.part', { part, reason })}</div>;
  });
  return (
    <Tooltip title={reasons}>
      <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="row-missing">
        {t('record.partial.short', { parts })}
      </Typography.Text>
    </Tooltip>
  );
}
