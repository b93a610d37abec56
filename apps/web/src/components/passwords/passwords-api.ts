import { useMutation, type QueryKey } from '@tanstack/react-query';
import { PASSWORD_PATHS, type ChangePasswordBody, type ResetPasswordBody } from '@tcm/contract';
import { http } from '../../lib/api.js';
import { useInvalidatingMutation } from '../../lib/invalidating-mutation.js';

/*
 * The password calls, loaded with the dialogs (a lazy chunk): their paths live in a contract file
 * that also builds zod schemas, which the header of every signed-in page should not carry. The
 * header button's own call is in current-user-api.ts.
 */

/** Changes the caller's own password; the dialog shows a refusal itself (no toast). */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (b: ChangePasswordBody) =>
      http.post<null>(PASSWORD_PATHS.changePassword, { body: b, noErrorMessage: true }),
  });

/**
 * An administrator sets a user's password by login name. `changes`: the keys of the screen that
 * shows it (the console's user list tags an account that must change its password).
 */
export const useResetPassword = (changes: readonly QueryKey[] = []) =>
  useInvalidatingMutation(
    (b: ResetPasswordBody) => http.post<null>(PASSWORD_PATHS.resetPassword, { body: b, noErrorMessage: true }),
    changes,
  );
