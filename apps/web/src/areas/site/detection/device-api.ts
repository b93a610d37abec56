import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEVICE_PATHS, type Device, type DeviceCredentials } from '@tcm/contract';
import { http } from '../../../lib/api.js';

/** Query keys of the /device page. */
export const DEVICE_KEYS = {
  list: ['devices'] as const,
};

/** The team's devices (leaders only: anyone else gets a refusal, shown on the page, no toast). */
export const useDevices = () =>
  useQuery({
    queryKey: DEVICE_KEYS.list,
    queryFn: () => http.get<Device[]>(DEVICE_PATHS.list, { noErrorMessage: true }),
  });

/** A device write; the list is read again afterwards. */
function useDeviceMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: DEVICE_KEYS.list }),
  });
}

/** Registers a device: the answer carries its secret, shown once. */
export const useRegisterDevice = () =>
  useDeviceMutation((body: { name: string; location?: string }) =>
    http.post<DeviceCredentials>(DEVICE_PATHS.register, { body }),
  );

export const useDisableDevice = () => useDeviceMutation((id: string) => http.post<null>(DEVICE_PATHS.disable(id)));
