import type { RecordDetail } from '@tcm/contract';
import { RecordResult } from './RecordResult.js';
import { RedoAnswers } from './RedoAnswers.js';
import { RedoCapture } from './RedoCapture.js';
import { ReportButtons } from './ReportButtons.js';
import { useSession } from '../lib/session.js';
import { retryRecord, type RecordRef } from './record-api.js';
import type { RecordState } from './record-api.js';

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
  const session = useSession();
  const me = session.member?.id ?? session.doctor?.id ?? session.user?.id ?? null;
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
      redo={
        // Only the record's maker may redo one of its parts (docs/records.md "Redo").
        'id' in recordRef && me && state.detail.ownerId === me
          ? (part, close) => {
              const done = () => {
                close();
                state.reload();
              };
              const { inquiry, person } = state.detail;
              if (part !== 'constitution')
                return <RedoCapture recordId={recordRef.id} slot={part} onCancel={close} onSent={done} />;
              // The questionnaire needs the person's sex; a record with answers always has it.
              return inquiry && person.sex ? (
                <RedoAnswers
                  recordId={recordRef.id}
                  sex={person.sex}
                  answers={inquiry.answers}
                  onCancel={close}
                  onSent={done}
                />
              ) : null;
            }
          : undefined
      }
    />
  );
}
