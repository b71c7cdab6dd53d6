import { defineModule } from '../../platform/modules/define-module.ts';
import { templateFields } from './template-fields.ts';
import { templatesRoutes } from './templates.routes.ts';

export const templatesModule = defineModule({
  name: 'templates',
  routes: templatesRoutes,
  hooks: { metaWebhook: templateFields },
});
