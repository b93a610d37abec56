import {
  DOCTOR_APPROVAL_PATHS,
  type CombinedQuery,
  type DoctorApproval,
  type DoctorPage,
  type DoctorRow,
} from '@tcm/contract';
import { http } from '../../lib/api.js';

/** Calls of the doctor registrations screen (docs/console.md "Doctors"). */
export const doctorsApi = {
  list: (page: number, size: number, body: { approval?: DoctorApproval; keyword?: string; query?: CombinedQuery }) =>
    http.post<DoctorPage>(DOCTOR_APPROVAL_PATHS.list, { params: { page, size }, body }),
  approve: (id: string) => http.post<DoctorRow>(DOCTOR_APPROVAL_PATHS.approve, { body: { id } }),
  reject: (id: string, reason: string) => http.post<DoctorRow>(DOCTOR_APPROVAL_PATHS.reject, { body: { id, reason } }),
};
