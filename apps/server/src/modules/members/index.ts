export { permissionsOnJoin } from './join-permissions.ts';
