import { z } from 'zod';
import { defineErrors } from './errors.js';

/**
 * Devices (kiosks, tongue cameras): a team leader registers one and gets its credentials once;
 * the device uploads captures with HTTP Basic `deviceId:secret`. Range 40020xx.
 */
export const DEVICE_ERRORS = defineErrors({
  DEVICE_AUTH_INVALID: {
    code: 4002001,
    status: 401,
    zh: '设备凭据无效',
    en: 'The device credentials are invalid',
  },
  DEVICE_NOT_FOUND: { code: 4002002, status: 404, zh: '设备不存在', en: 'The device does not exist' },
  DEVICE_DISABLED: { code: 4002003, status: 403, zh: '设备已停用', en: 'The device has been disabled' },
  LEADER_REQUIRED: {
    code: 4002004,
    status: 403,
    zh: '只有团队负责人可以管理设备',
    en: 'Only the team leader can manage devices',
  },
  DEVICE_VITALS_INVALID: {
    code: 4002005,
    status: 400,
    zh: '体征数据格式不正确（应为 JSON）',
    en: 'The vitals field must be JSON matching the vitals schema',
  },
});

export const deviceRegisterBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  /** Where it stands, free text. */
  location: z.string().trim().max(200).optional(),
});

export const deviceSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  location: z.string().nullable(),
  teamId: z.string().uuid(),
  enabled: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

/** Registration answer: the secret is shown this once and only its hash is stored. */
export const deviceCredentialsSchema = deviceSchema.extend({ secret: z.string() });
export type DeviceCredentials = z.infer<typeof deviceCredentialsSchema>;

/**
 * Device upload (multipart): `tongue` (required photo), optional `face` photo, `pulse`
 * (CSV/JSON), `voice` (WAV), and text fields `vitals` and `person` holding JSON
 * (vitalsSchema / recordPersonSchema), `lang` zh|en.
 */
export const DEVICE_UPLOAD_FILE_FIELDS = ['tongue', 'face', 'pulse', 'voice'] as const;
