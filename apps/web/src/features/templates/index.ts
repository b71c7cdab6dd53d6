export { SendTemplateDialog, templateMessage } from './SendTemplateDialog.tsx';
export { TemplatePreview } from './TemplatePreview.tsx';
export { useApprovedTemplates, useWhatsappChannels } from './templates-api.ts';
