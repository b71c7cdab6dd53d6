import { EmailTemplateError, renderEmailTemplate, sendEmailTemplate } from '../../email-templates/index.ts';
import { StepFailure, type StepHandler } from './step-types.ts';

/** Sends an e-mail template: to its recipients and the step's `to`, or else to the customer's e-mail. */
export const sendEmailStep: StepHandler = {
  async inside(run, tx) {
    const templateId = String(run.data.email_template_id);
    try {
      let extraTo = (run.data.to as string | undefined) || undefined;
      let rendered = await renderEmailTemplate(tx, templateId, run.scope, extraTo);
      if (!rendered.to.length) {
        extraTo = '{{customer.email}}';
        rendered = await renderEmailTemplate(tx, templateId, run.scope, extraTo);
      }
      for (const name of rendered.missing) if (!run.missing.includes(name)) run.missing.push(name);
      const input = { to: rendered.to, subject: rendered.subject };
      if (run.test) return { input, output: { would_send: { ...input, text: rendered.text.slice(0, 2000) } } };
      const sent = await sendEmailTemplate(run.ctx, tx, { templateId, scope: run.scope, extraTo });
      return { input, output: { to: sent.to, subject: sent.subject } };
    } catch (error) {
      if (error instanceof EmailTemplateError) throw new StepFailure(error.message);
      throw error;
    }
  },
};
