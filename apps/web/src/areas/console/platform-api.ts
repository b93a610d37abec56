import { useQuery } from '@tanstack/react-query';
import {
  PLATFORM_PATHS,
  type ConsoleDevice,
  type ConsoleDeviceEditBody,
  type ConsoleDeviceListBody,
  type ConsoleDevicePage,
  type DashboardSummary,
} from '@tcm/contract';
import { http } from '../../lib/api.js';
import { useInvalidatingMutation, usePostMutation } from '../../lib/invalidating-mutation.js';

/** Query keys of the dashboard and the device list; a device's status changes both. */
export const PLATFORM_KEYS = {
  dashboard: ['console', 'dashboard'] as const,
  devices: ['console', 'devices'] as const,
};

export const platformApi = {
  dashboard: () => http.get<DashboardSummary>(PLATFORM_PATHS.dashboard, { noErrorMessage: true }),
  devices: (page: number, size: number, body: ConsoleDeviceListBody) =>
    http.post<ConsoleDevicePage>(PLATFORM_PATHS.deviceList, { params: { page, size }, body }),
};

/** The welcome page's figures; read again every minute while the page is open. */
export const useDashboard = (enabled: boolean) =>
  useQuery({ queryKey: PLATFORM_KEYS.dashboard, queryFn: platformApi.dashboard, enabled, refetchInterval: 60_000 });

export const useSetDeviceStatus = () =>
  useInvalidatingMutation(
    (a: { id: string; status: 0 | 1 }) =>
      http.post<ConsoleDevice>(PLATFORM_PATHS.deviceStatus, { form: { id: a.id, status: String(a.status) } }),
    [PLATFORM_KEYS.devices, PLATFORM_KEYS.dashboard],
  );

/** A new location moves the device's records on the display's map; the list shows it at once. */
export const useEditDevice = () =>
  usePostMutation<ConsoleDeviceEditBody, ConsoleDevice>(PLATFORM_PATHS.deviceEdit, [PLATFORM_KEYS.devices]);
