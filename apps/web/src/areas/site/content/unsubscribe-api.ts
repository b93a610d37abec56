import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MEMBER_ACCOUNT_PATHS as P, type UnsubscribeState } from '@tcm/contract';
import { http } from '../../../lib/api.js';

export const UNSUBSCRIBE_KEYS = { state: (token: string) => ['unsubscribe', token] as const };

/** What an unsubscribe link stops (its refusal is shown on the page, not toasted). */
export const useUnsubscribeState = (token: string) =>
  useQuery({
    queryKey: UNSUBSCRIBE_KEYS.state(token),
    queryFn: () => http.get<UnsubscribeState>(P.unsubscribe, { params: { token }, noErrorMessage: true }),
    retry: false,
  });

/** The reader's confirmation: the messages stop; the page shows the new state. */
export const useUnsubscribe = (token: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<UnsubscribeState>(P.unsubscribe, { body: { token } }),
    onSuccess: (s) => qc.setQueryData(UNSUBSCRIBE_KEYS.state(token), s),
  });
};
