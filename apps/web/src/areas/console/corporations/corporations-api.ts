import { useQuery } from '@tanstack/react-query';
import {
  CORPORATION_PATHS,
  type AppKey,
  type AppKeyCredentials,
  type Corporation,
  type CorporationH5,
  type UsageDay,
} from '@tcm/contract';
import { http } from '../../../lib/api.js';
import { useInvalidatingMutation, usePostMutation } from '../../../lib/invalidating-mutation.js';

type Flags = Corporation['flags'];

/** Query keys of the corporations screen: the list shows each one's count of active keys. */
export const CORPORATION_KEYS = {
  list: ['corporations', 'list'] as const,
  keys: (id: string) => ['corporations', id, 'keys'] as const,
  usage: (id: string, days: number) => ['corporations', id, 'usage', days] as const,
};

/** Reads of the corporations screen (docs/open-api.md "Back-office"); writes are the hooks below. */
export const corporationsApi = {
  list: () => http.get<Corporation[]>(CORPORATION_PATHS.list),
  keys: (id: string) => http.get<AppKey[]>(CORPORATION_PATHS.keys(id)),
  usage: (id: string, days: number) =>
    http.get<{ days: UsageDay[] }>(CORPORATION_PATHS.usage(id), { params: { days } }),
};

export const useCorporations = () => useQuery({ queryKey: CORPORATION_KEYS.list, queryFn: corporationsApi.list });
export const useAppKeys = (id: string) =>
  useQuery({ queryKey: CORPORATION_KEYS.keys(id), queryFn: () => corporationsApi.keys(id) });
export const useUsage = (id: string, days: number) =>
  useQuery({ queryKey: CORPORATION_KEYS.usage(id, days), queryFn: () => corporationsApi.usage(id, days) });

export const useAddCorporation = () =>
  usePostMutation<{ name: string; contact?: string; flags: Flags }, Corporation>(CORPORATION_PATHS.add, [
    CORPORATION_KEYS.list,
  ]);
export const useEditCorporation = () =>
  useInvalidatingMutation(
    (body: {
      id: string;
      name?: string;
      contact?: string;
      flags?: Partial<Flags>;
      enabled?: boolean;
      h5?: Partial<CorporationH5>;
    }) => http.post<Corporation>(CORPORATION_PATHS.edit, { body }),
    [CORPORATION_KEYS.list],
  );

/** The key writes of one corporation: its key list and the list's count of active keys change. */
const keyChanges = (corporationId: string) => [CORPORATION_KEYS.keys(corporationId), CORPORATION_KEYS.list];

/** Creates a key; the answer carries the secret, shown once. */
export const useAddKey = (corporationId: string) =>
  useInvalidatingMutation(
    (body: { label?: string; rateLimitPerMin?: number; dailyQuota?: number }) =>
      http.post<AppKeyCredentials>(CORPORATION_PATHS.keyAdd, { body: { corporationId, ...body } }),
    keyChanges(corporationId),
  );
/** A new secret for a key (the old one stops working); shown once. */
export const useRotateKey = (corporationId: string) =>
  useInvalidatingMutation(
    (id: string) => http.post<AppKeyCredentials>(CORPORATION_PATHS.keyRotate(id)),
    keyChanges(corporationId),
  );
export const useRevokeKey = (corporationId: string) =>
  useInvalidatingMutation(
    (id: string) => http.post<AppKey>(CORPORATION_PATHS.keyRevoke(id)),
    keyChanges(corporationId),
  );
