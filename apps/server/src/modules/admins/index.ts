export { adminAuthRoutes } from './admin-auth.routes.ts';
export { toAdminDto } from './admins.dto.ts';
export { ensureFirstAdmin } from './bootstrap.ts';
