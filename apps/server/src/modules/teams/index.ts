export { teamEvents } from './teams.events.ts';
export { teamsRoutes } from './teams.routes.ts';
