import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { http } from './api.js';

/** The query keys a write changes: fixed, or read from its arguments and answer. */
export type Changes<A, R> = readonly QueryKey[] | ((args: A, answer: R) => readonly QueryKey[]);

/**
 * A write of a feature's `-api.ts` as a TanStack mutation (docs/web.md "Server data"): runs
 * `write`, then invalidates the keys it changes. `onSuccess` returns the invalidation, so
 * `mutateAsync` resolves once the lists on screen are read again, and `isPending` covers both.
 * A refusal is shown as before: the HTTP client toasts the server's message in the reader's
 * language (unless the call asked for no toast, and the screen shows `error.message` itself).
 */
export function useInvalidatingMutation<A, R>(write: (args: A) => Promise<R>, changes: Changes<A, R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer, args) => {
      const keys = typeof changes === 'function' ? changes(args, answer) : changes;
      await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}

/**
 * The most common write: the argument POSTed as the JSON body to `path`, answered with `R`, then
 * the keys it changes invalidated (each -api.ts names its path, body type and keys in one line).
 */
export const usePostMutation = <B, R>(path: string, changes: Changes<B, R>) =>
  useInvalidatingMutation((body: B) => http.post<R>(path, { body }), changes);
