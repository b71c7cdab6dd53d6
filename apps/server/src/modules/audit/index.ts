export { type Actor, type AuditEntry, type AuditLog, actorOf, createAuditLog } from './audit.service.ts';
