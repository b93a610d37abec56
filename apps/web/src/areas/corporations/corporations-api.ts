import {
  CORPORATION_PATHS,
  type AppKey,
  type AppKeyCredentials,
  type Corporation,
  type CorporationH5,
  type UsageDay,
} from '@tcm/contract';
import { http } from '../../lib/api.js';

type Flags = Corporation['flags'];

/** Calls of the corporations screen (docs/open-api.md "Back-office"). */
export const corporationsApi = {
  list: () => http.get<Corporation[]>(CORPORATION_PATHS.list),
  add: (body: { name: string; contact?: string; flags: Flags }) =>
    http.post<Corporation>(CORPORATION_PATHS.add, { body }),
  edit: (body: {
    id: string;
    name?: string;
    contact?: string;
    flags?: Partial<Flags>;
    enabled?: boolean;
    h5?: Partial<CorporationH5>;
  }) => http.post<Corporation>(CORPORATION_PATHS.edit, { body }),
  keys: (id: string) => http.get<AppKey[]>(CORPORATION_PATHS.keys(id)),
  addKey: (body: { corporationId: string; label?: string; rateLimitPerMin?: number; dailyQuota?: number }) =>
    http.post<AppKeyCredentials>(CORPORATION_PATHS.keyAdd, { body }),
  rotateKey: (id: string) => http.post<AppKeyCredentials>(CORPORATION_PATHS.keyRotate(id)),
  revokeKey: (id: string) => http.post<AppKey>(CORPORATION_PATHS.keyRevoke(id)),
  usage: (id: string, days: number) =>
    http.get<{ days: UsageDay[] }>(CORPORATION_PATHS.usage(id), { params: { days } }),
};
