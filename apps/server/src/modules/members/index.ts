export { permissionsOnJoin } from './join-permissions.ts';
export { membersRoutes } from './members.routes.ts';
