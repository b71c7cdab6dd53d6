import { defineModule } from '../../platform/modules/define-module.ts';
import { auditListeners } from './audit.listeners.ts';

/** The audit log: written by listeners of organization events, read by the members' and admin panel's routes. */
export const auditModule = defineModule({ name: 'audit', listeners: auditListeners });
