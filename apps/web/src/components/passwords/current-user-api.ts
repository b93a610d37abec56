import { useQuery } from '@tanstack/react-query';
import { USER_PATHS, type UserInfoBase } from '@tcm/contract';
import { http } from '../../lib/api.js';

/** Query keys of the header's password button. */
export const CURRENT_USER_KEYS = {
  me: ['current-user'] as const,
};

/**
 * The signed-in user's own info, for areas that load none of their own (display, disease,
 * training): it says whether the password must change first. Refusals stay quiet: the button
 * then simply does not force the dialog. Kept apart from passwords-api.ts so the header, on
 * every signed-in page, imports no zod schemas (docs/web.md "Speed and reach").
 */
export const useCurrentUser = (enabled: boolean) =>
  useQuery({
    queryKey: CURRENT_USER_KEYS.me,
    queryFn: () => http.get<UserInfoBase>(USER_PATHS.currentUser, { noErrorMessage: true }),
    enabled,
  });
