export { type Actor, type AuditEntry, type AuditLog, actorOf, createAuditLog, personName } from './audit.service.ts';
