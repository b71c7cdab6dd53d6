import { defineModule } from '../../platform/modules/define-module.ts';
import { emailTemplatesRoutes } from './email-templates.routes.ts';

export const emailTemplatesModule = defineModule({
  name: 'email-templates',
  routes: emailTemplatesRoutes,
});
