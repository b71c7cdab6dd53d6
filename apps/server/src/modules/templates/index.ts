export { type TemplateRow, whatsappTemplates } from './templates.tables.ts';
