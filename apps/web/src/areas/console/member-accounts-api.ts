import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MEMBER_ACCOUNT_PATHS as P, type ConsoleMemberAddBody } from '@tcm/contract';
import { http } from '../../lib/api.js';
import { CONSOLE_KEYS } from './console-api.js';

/** The administrator creates one member (issue 33 item 1); the users list reads again. */
export const useAddMember = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleMemberAddBody) => http.post<{ id: string }>(P.consoleAdd, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: CONSOLE_KEYS.users }),
  });
};

/** Uploads a filled-in template; refused rows come back as the error's data (no toast: the dialog lists them). */
export const useImportMembers = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const f = new FormData();
      f.append('file', file);
      return http.post<{ imported: number }>(P.import, { multipart: f, noErrorMessage: true });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: CONSOLE_KEYS.users }),
  });
};
