/**
 * Every route module of the API, registered in this order by buildApp.
 * A new resource adds its module here (one line).
 */
import type { RouteModule } from '../app-context';
import { oauthRoutes } from '../auth/oauth-routes';
import { passwordRecoveryRoutes } from '../auth/password-recovery-routes';
import { catalogRoutes } from './catalog';
import { customerRoutes } from './customers';
import { dashboardRoutes } from './dashboard';
import { healthRoutes } from './health';
import { quotationRoutes } from './quotations';
import { sampleRoutes } from './samples';
import { lookupRoutes } from './lookups';
import { roleRoutes } from './roles';
import { settingsRoutes } from './settings';
import { syncBatchRoutes } from './sync-batch';
import { syncPullBatchRoutes } from '../sync/pull-batch-route';
import { storedAnswerRoutes } from '../sync/stored-answer-route';
import { userCustomerRoutes } from './user-customers';
import { userRoutes } from './user';
import { usersRoutes } from './users';

export const routeModules: RouteModule[] = [
  healthRoutes,
  oauthRoutes,
  passwordRecoveryRoutes,
  userRoutes,
  userCustomerRoutes,
  roleRoutes,
  usersRoutes,
  settingsRoutes,
  lookupRoutes,
  ...catalogRoutes,
  customerRoutes,
  quotationRoutes,
  sampleRoutes,
  dashboardRoutes,
  syncBatchRoutes,
  syncPullBatchRoutes,
  storedAnswerRoutes,
];
