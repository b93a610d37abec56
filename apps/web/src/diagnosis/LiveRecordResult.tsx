import type { RecordDetail } from '@tcm/contract';
import { RecordResult } from './RecordResult.js';
import { ReportButtons } from './ReportButtons.js';
import { retryRecord, type RecordRef } from './record-api.js';
import type { RecordState } from './use-record.js';

/**
 * A record followed by `useRecord`, once loaded: its result, a retry that re-queues it and
 * reloads, and the zh/en report buttons (with the page's own `extra` actions). One piece for the
 * visitor page, the member wizard and the record lists, so they cannot drift apart.
 */
export function LiveRecordResult(props: {
  recordRef: RecordRef;
  state: RecordState & { detail: RecordDetail };
  /** The person's name, if any: it leads the downloaded PDF's name. */
  person?: string | null;
  extra?: React.ReactNode;
}) {
  const { recordRef, state } = props;
  return (
    <RecordResult
      detail={state.detail}
      progress={state.progress}
      via={state.via}
      onRetry={async () => {
        await retryRecord(recordRef);
        state.reload();
      }}
      actions={<ReportButtons recordRef={recordRef} person={props.person} extra={props.extra} />}
    />
  );
}
