export { type AuditEntry, type AuditLog, createAuditLog } from './audit.service.ts';
