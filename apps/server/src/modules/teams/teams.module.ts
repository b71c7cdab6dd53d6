import { defineModule } from '../../platform/modules/define-module.ts';
import { teamListeners } from './team-listeners.ts';
import { teamsRoutes } from './teams.routes.ts';

export const teamsModule = defineModule({ name: 'teams', routes: teamsRoutes, committed: teamListeners });
