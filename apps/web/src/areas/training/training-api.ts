import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TRAINING_PATHS,
  type TrainingAnswerBody,
  type TrainingAttempt,
  type TrainingChoiceQuestionBody,
  type TrainingCourse,
  type TrainingCourseBody,
  type TrainingImportResult,
  type TrainingLeaderboard,
  type TrainingLessonBody,
  type TrainingProgress,
  type TrainingStartAttemptBody,
  type TrainingTeacherResults,
  type trainingPublicCourseSchema,
  type trainingQuestionPageSchema,
} from '@tcm/contract';
import type { z } from 'zod';
import { http } from '../../lib/api.js';
import { useInvalidatingMutation, usePostMutation } from '../../lib/invalidating-mutation.js';
import { fetchFile } from '../../lib/fetch-file.js';
import { saveBlob } from '../../lib/save-blob.js';

export type PublicCourse = z.infer<typeof trainingPublicCourseSchema>;
export type QuestionPage = z.infer<typeof trainingQuestionPageSchema>;

/** Query keys of the training area; every key starts with 'training'. */
export const TRAINING_KEYS = {
  all: ['training'],
  publicCourses: ['training', 'public'],
  courses: ['training', 'courses'],
  progress: ['training', 'progress'],
  board: ['training', 'leaderboard'],
  results: ['training', 'teacherResults'],
  questions: ['training', 'questions'],
} as const;
const KEYS = TRAINING_KEYS;

export const usePublicCourses = () =>
  useQuery({ queryKey: KEYS.publicCourses, queryFn: () => http.get<PublicCourse[]>(TRAINING_PATHS.publicCourses) });
export const useCourses = () =>
  useQuery({ queryKey: KEYS.courses, queryFn: () => http.get<TrainingCourse[]>(TRAINING_PATHS.courses) });
export const useProgress = () =>
  useQuery({ queryKey: KEYS.progress, queryFn: () => http.get<TrainingProgress>(TRAINING_PATHS.progress) });
export const useLeaderboard = () =>
  useQuery({ queryKey: KEYS.board, queryFn: () => http.get<TrainingLeaderboard>(TRAINING_PATHS.leaderboard) });
/** Teachers only: a learner's call answers 403 (4400001), which hides the teacher tab; no toast. */
export const useTeacherResults = () =>
  useQuery({
    queryKey: KEYS.results,
    queryFn: () => http.get<TrainingTeacherResults>(TRAINING_PATHS.teacherResults, { noErrorMessage: true }),
    retry: false,
  });
export const useQuestions = (page: number, size: number) =>
  useQuery({
    queryKey: [...KEYS.questions, page, size],
    queryFn: () => http.get<QuestionPage>(TRAINING_PATHS.questions, { params: { page, size } }),
  });

/**
 * Progress, board and teacher view change with every lesson read, every attempt handed in and
 * every edit of the courses and the bank: those writes read the whole area again.
 */
const EVERY_LIST = [KEYS.all];

export const useLessonDone = () =>
  useInvalidatingMutation((id: string) => http.post(TRAINING_PATHS.lessonDone(id)), EVERY_LIST);
export const useStartAttempt = () =>
  useMutation({
    mutationFn: (body: TrainingStartAttemptBody) => http.post<TrainingAttempt>(TRAINING_PATHS.attempts, { body }),
  });
export const useAnswer = (attemptId: string) =>
  useMutation({
    mutationFn: (body: TrainingAnswerBody) => http.post<TrainingAttempt>(TRAINING_PATHS.answer(attemptId), { body }),
  });
export function useFinish(attemptId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<TrainingAttempt>(TRAINING_PATHS.finish(attemptId)),
    // Not awaited: the score shows as soon as the server has marked the attempt, not after the
    // progress, board and teacher lists have been read again.
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEYS.all }),
  });
}
export const useSaveCourse = () =>
  usePostMutation<Partial<TrainingCourseBody>, unknown>(TRAINING_PATHS.courses, EVERY_LIST);
export const useSaveLesson = () =>
  usePostMutation<Partial<TrainingLessonBody>, unknown>(TRAINING_PATHS.lessons, EVERY_LIST);

/** A text question, new or edited (a starter one too); the bank is read again. */
export const useSaveChoiceQuestion = () =>
  usePostMutation<Partial<TrainingChoiceQuestionBody>, unknown>(TRAINING_PATHS.choiceQuestions, EVERY_LIST);
/** Hides a question from new practices and exams, or shows it again. */
export const useQuestionHidden = () =>
  useInvalidatingMutation(
    (a: { id: string; hidden: boolean }) =>
      http.post(TRAINING_PATHS.questionHidden(a.id), { body: { hidden: a.hidden } }),
    EVERY_LIST,
  );

/** Photos per request: the server takes nine with the table (docs/training.md "Import"). */
export const IMPORT_BATCH = 9;

/** Sends the folder in batches of nine photos, each with the label table; sums the answers. */
export async function importFolder(
  table: File,
  photos: readonly File[],
  onProgress: (done: number) => void,
): Promise<TrainingImportResult> {
  const total: TrainingImportResult = { imported: 0, skipped: [] };
  for (let i = 0; i < photos.length; i += IMPORT_BATCH) {
    const form = new FormData();
    form.append('labels', table, table.name);
    for (const p of photos.slice(i, i + IMPORT_BATCH)) form.append('photos', p, p.name);
    const r = await http
      .post<TrainingImportResult>(TRAINING_PATHS.questionsImport, { multipart: form, noErrorMessage: true })
      .catch((e: Error) => ({
        imported: 0,
        skipped: photos.slice(i, i + IMPORT_BATCH).map((p) => ({ ref: p.name, reason: e.message })),
      }));
    total.imported += r.imported;
    total.skipped.push(...r.skipped);
    onProgress(Math.min(i + IMPORT_BATCH, photos.length));
  }
  return total;
}

/**
 * A folder import as one write (its batches inside): the question bank is read again afterwards.
 * A refused batch is listed among the skipped photos, so the mutation itself does not fail.
 */
export const useImportFolder = () =>
  useInvalidatingMutation(
    (a: { table: File; photos: readonly File[]; onProgress: (done: number) => void }) =>
      importFolder(a.table, a.photos, a.onProgress),
    [KEYS.questions],
  );

/** The certificate PDF of a passed exam, in the reader's language. */
export const certificateBlob = (attemptId: string, lang: 'zh' | 'en') =>
  fetchFile(`${TRAINING_PATHS.certificate(attemptId)}?lang=${lang}`);

/** Saves a certificate (a file download, not cached: a mutation only for its pending state). */
export const useSaveCertificate = () =>
  useMutation({
    mutationFn: async (a: { attemptId: string; lang: 'zh' | 'en' }) =>
      saveBlob(await certificateBlob(a.attemptId, a.lang), `certificate-${a.lang}.pdf`),
  });
