import { useMutation, useQuery } from '@tanstack/react-query';
import {
  PASSWORD_PATHS,
  USER_PATHS,
  type ChangePasswordBody,
  type ResetPasswordBody,
  type UserInfoBase,
} from '@tcm/contract';
import { http } from '../../lib/api.js';

/** Query keys of the password dialogs. */
export const PASSWORD_KEYS = {
  currentUser: ['passwords', 'current-user'] as const,
};

/**
 * The signed-in user's own info, for areas that load none of their own (display, disease,
 * training): it says whether the password must change first. Refusals stay quiet: the button
 * then simply does not force the dialog.
 */
export const useCurrentUser = (enabled: boolean) =>
  useQuery({
    queryKey: PASSWORD_KEYS.currentUser,
    queryFn: () => http.get<UserInfoBase>(USER_PATHS.currentUser, { noErrorMessage: true }),
    enabled,
  });

/** Changes the caller's own password; the dialog shows a refusal itself (no toast). */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (b: ChangePasswordBody) =>
      http.post<null>(PASSWORD_PATHS.changePassword, { body: b, noErrorMessage: true }),
  });

/** An administrator sets a user's password by login name. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (b: ResetPasswordBody) =>
      http.post<null>(PASSWORD_PATHS.resetPassword, { body: b, noErrorMessage: true }),
  });
