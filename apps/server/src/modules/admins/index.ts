export { toAdminDto } from './admins.dto.ts';
export { ensureFirstAdmin } from './bootstrap.ts';
