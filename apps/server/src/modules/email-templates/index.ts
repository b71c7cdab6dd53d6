export {
  EmailTemplateError,
  type RenderedEmail,
  renderEmailTemplate,
  sendEmailTemplate,
} from './email-templates.service.ts';
export { emailAttachments, emailTemplates } from './email-templates.tables.ts';
