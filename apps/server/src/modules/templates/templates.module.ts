import { committedListener, defineModule } from '../../platform/modules/define-module.ts';
import { templateFields } from './template-fields.ts';
import { templatesRoutes } from './templates.routes.ts';

/** Those who may read templates hear of Meta's changes to one once they committed: their lists refetch. */
const templatePush = committedListener({
  event: 'template.changed',
  name: 'sockets.push',
  handle: ({ workspaceId, data }, { sockets }) =>
    sockets.toWorkspace(
      workspaceId!,
      'template.changed',
      { id: data.id, status: data.status },
      {
        permission: 'template_read',
      },
    ),
});

export const templatesModule = defineModule({
  name: 'templates',
  routes: templatesRoutes,
  hooks: { metaWebhook: templateFields },
  committed: [templatePush],
});
