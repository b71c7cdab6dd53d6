export { type AuditLog, createAuditLog } from './audit.service.ts';
