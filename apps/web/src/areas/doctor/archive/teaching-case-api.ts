import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TRAINING_PATHS,
  type TrainingQuestion,
  type TrainingTeachingCaseBody,
  type TrainingTeachingCaseState,
} from '@tcm/contract';
import { http } from '../../../lib/api.js';

const key = (recordId: string) => ['teaching-case', recordId] as const;

/** Whether the record is a teaching case (its key and note), and the engine's reading. */
export const useTeachingCase = (recordId: string) =>
  useQuery({
    queryKey: key(recordId),
    queryFn: () =>
      http.get<TrainingTeachingCaseState>(TRAINING_PATHS.teachingCaseOf(recordId), { noErrorMessage: true }),
    retry: false,
  });

/** Marks (or re-labels) the record as a teaching case; the state is read again after. */
export function useMarkTeachingCase(recordId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TrainingTeachingCaseBody) => http.post<TrainingQuestion>(TRAINING_PATHS.teachingCases, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(recordId) }),
  });
}
