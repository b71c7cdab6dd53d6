export { type AuditLog, createAuditLog } from './audit.service.ts';
export { auditLogs } from './audit.tables.ts';
