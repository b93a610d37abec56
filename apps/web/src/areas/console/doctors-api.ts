import {
  DOCTOR_APPROVAL_PATHS,
  type CombinedQuery,
  type DoctorApproval,
  type DoctorPage,
  type DoctorRow,
} from '@tcm/contract';
import { http } from '../../lib/api.js';
import { useInvalidatingMutation } from '../../lib/invalidating-mutation.js';

/** Query keys of the doctor registrations screen. */
export const DOCTOR_APPROVAL_KEYS = { list: ['console', 'doctors'] as const };

/** Reads of the doctor registrations screen (docs/console.md "Doctors"). */
export const doctorsApi = {
  list: (page: number, size: number, body: { approval?: DoctorApproval; keyword?: string; query?: CombinedQuery }) =>
    http.post<DoctorPage>(DOCTOR_APPROVAL_PATHS.list, { params: { page, size }, body }),
};

/** Approves a registration, or rejects it when a reason is given; the list is read again. */
export const useDecideDoctor = () =>
  useInvalidatingMutation(
    (d: { id: string; reason?: string }) =>
      d.reason === undefined
        ? http.post<DoctorRow>(DOCTOR_APPROVAL_PATHS.approve, { body: { id: d.id } })
        : http.post<DoctorRow>(DOCTOR_APPROVAL_PATHS.reject, { body: { id: d.id, reason: d.reason } }),
    [DOCTOR_APPROVAL_KEYS.list],
  );
