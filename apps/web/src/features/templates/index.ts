export { SendTemplateDialog, templateMessage } from './SendTemplateDialog.tsx';
