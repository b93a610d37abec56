import { useMutation, useQuery } from '@tanstack/react-query';
import { FILE_PATHS, INQUIRY_PATHS, type Answers, type OpenForm, type OssUploadResult } from '@tcm/contract';
import { http } from '../../../lib/api.js';

/*
 * The patient's calls: no account, the link's token is the credential (docs/archive.md). Refusals
 * are shown by the page itself (no toast).
 */

/** The form the link opens (or the refusal: answered, expired, unknown). */
export const useInquiryLink = (token: string) =>
  useQuery({
    queryKey: ['inquiry-link', token],
    queryFn: () => http.get<OpenForm>(INQUIRY_PATHS.open(token), { noErrorMessage: true }),
    retry: false,
  });

/** Sends the answers; the link is spent then. */
export const useSubmitInquiryLink = (token: string) =>
  useMutation({
    mutationFn: (answers: Answers) =>
      http.post<{ submitted: true }>(INQUIRY_PATHS.submit(token), { body: { answers }, noErrorMessage: true }),
  });

/** A photo an answer carries (the open upload of the portal); answers its file id. */
export async function uploadAnswerPhoto(file: File): Promise<string> {
  const multipart = new FormData();
  multipart.set('file', file);
  return (await http.post<OssUploadResult>(FILE_PATHS.portalOssUpload, { multipart })).uuid;
}
