import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/auth.routes.js';
import { captchaRoutes } from './auth/captcha.routes.js';
import { wechatRoutes } from './auth/wechat.routes.js';
import { menuRoutes } from './menu/menu.routes.js';
import { translationRoutes } from './translation/translation.routes.js';
import { userRoutes } from './users/users.routes.js';
import { fileRoutes } from './files/files.routes.js';
import { recordRoutes } from './records/records.routes.js';
import { deviceRoutes } from './devices/devices.routes.js';
import { passwordRoutes } from './passwords/passwords.routes.js';
import { teamRoutes } from './teams/teams.routes.js';
import { consoleUserRoutes } from './console/users.routes.js';
import { consoleRoleRoutes } from './console/roles.routes.js';
import { consoleTeamRoutes } from './console/teams.routes.js';
import { consoleDoctorRoutes } from './console/doctors.routes.js';
import { consolePlatformRoutes } from './console/platform.routes.js';
import { organizationRoutes } from './organizations/organizations.routes.js';
import { archiveRoutes } from './archive/archive.routes.js';
import { adviceConfigRoutes } from './advice-config/advice-config.routes.js';
import { diseaseRoutes } from './disease/disease.routes.js';
import { corporationRoutes } from './open-api/corporations.routes.js';
import { openApiRoutes } from './open-api/open-api.routes.js';
import { h5Routes } from './h5/h5.routes.js';
import { trainingRoutes } from './training/training.routes.js';
import { inquiryRoutes } from './inquiry/inquiry.routes.js';
import { contentRoutes } from './content/content.routes.js';
import { enquiryRoutes } from './content/enquiry.routes.js';
import { recordExportRoutes } from './record-exports/record-exports.routes.js';
import { wechatBindingRoutes } from './wechat-binding/wechat-binding.routes.js';
import { displayRoutes } from './display/display.routes.js';
import { researchRoutes } from './research/research.routes.js';
import { assistantRoutes } from './assistant/assistant.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { fhirRoutes } from './fhir/fhir.routes.js';
import { memberAccountRoutes } from './member-accounts/member-accounts.routes.js';

/**
 * Every feature module of the API, in registration order. To add a feature, write its
 * Fastify plugin in modules/<feature>/<feature>.routes.ts and add one line here.
 * Routes declare their full /backend/... paths (from @tcm/contract's path constants).
 */
export const featureModules: ReadonlyArray<readonly [name: string, plugin: FastifyPluginAsync]> = [
  ['auth', authRoutes],
  ['captcha', captchaRoutes],
  ['wechat', wechatRoutes],
  ['users', userRoutes],
  ['menu', menuRoutes],
  ['translation', translationRoutes],
  ['files', fileRoutes],
  ['records', recordRoutes],
  ['devices', deviceRoutes],
  ['passwords', passwordRoutes],
  ['teams', teamRoutes],
  ['console-users', consoleUserRoutes],
  ['console-roles', consoleRoleRoutes],
  ['console-teams', consoleTeamRoutes],
  ['console-doctors', consoleDoctorRoutes],
  ['console-platform', consolePlatformRoutes],
  ['organizations', organizationRoutes],
  ['archive', archiveRoutes],
  ['advice-config', adviceConfigRoutes],
  ['disease', diseaseRoutes],
  ['corporations', corporationRoutes],
  ['open-api', openApiRoutes],
  ['h5', h5Routes],
  ['training', trainingRoutes],
  ['inquiry', inquiryRoutes],
  ['content', contentRoutes],
  ['enquiries', enquiryRoutes],
  ['record-exports', recordExportRoutes],
  ['wechat-binding', wechatBindingRoutes],
  ['display', displayRoutes],
  ['research', researchRoutes],
  ['assistant', assistantRoutes],
  ['audit', auditRoutes],
  ['fhir', fhirRoutes],
  ['member-accounts', memberAccountRoutes],
];
