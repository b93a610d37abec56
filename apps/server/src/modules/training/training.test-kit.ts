import { TRAINING_TEACHER_ROLE } from '@tcm/contract';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import type { TestApp } from '../../test/test-app.js';

/**
 * The training suites' calls and accounts on a test app made in their beforeAll (hence the
 * getter): GET/POST with a token, a new learner, a new teacher (the training_teacher role).
 */
export function trainingKit(app: () => TestApp) {
  return {
    get: (url: string, token?: string) => call(app().app, 'GET', url, token),
    post: (url: string, token?: string, body: unknown = {}) => call(app().app, 'POST', url, token, body),
    learner: (name = '王小明') => userWithToken(app(), { entrance: 'training', name }),
    teacher: () => userWithToken(app(), { entrance: 'training', name: 'Teacher', roleCodes: [TRAINING_TEACHER_ROLE] }),
  };
}
