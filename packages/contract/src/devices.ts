import devicesErrors from './errors/devices.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';

/**
 * Devices (kiosks, tongue cameras): a team leader registers one and gets its credentials once;
 * the device uploads captures with HTTP Basic `deviceId:secret`. Range 40020xx.
 */
export const DEVICE_ERRORS = defineErrors(devicesErrors);

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
