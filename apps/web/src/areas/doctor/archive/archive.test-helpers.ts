import type { CaseSummary } from '@tcm/contract';

/** A case of the list as the server answers it (a female patient of one doctor, no visit yet). */
export const caseSummary = (n: number, name: string, over: Partial<CaseSummary> = {}): CaseSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  sex: 'female',
  birthDate: '1980-01-01',
  age: 46,
  phone: '13800000000',
  idNumberMasked: null,
  pregnant: false,
  groupId: null,
  groupName: null,
  ownerId: '00000000-0000-4000-8000-0000000000d1',
  ownerName: 'Dr',
  mine: true,
  visitCount: 0,
  tcmDisease: '',
  tcmSyndrome: '',
  lastVisitAt: null,
  createdAt: '2026-11-26T05:00:00Z',
  deletedAt: null,
  ...over,
});
