import type { WorkflowNodeType } from '@omnichat/contracts';
import { conditionStep } from './condition.ts';
import {
  addNoteStep,
  assignStep,
  closeConversationStep,
  handToAiStep,
  sendMessageStep,
  sendTemplateStep,
} from './conversation-steps.ts';
import { addTagStep, removeTagStep, updateFieldStep } from './customer-steps.ts';
import { sendEmailStep } from './email-step.ts';
import { httpRequestStep } from './http-step.ts';
import type { StepHandler } from './step-types.ts';
import { waitForReplyStep, waitStep } from './wait-steps.ts';

/** Every step type's handler (triggers have none: they start runs). */
export const STEP_HANDLERS: Partial<Record<WorkflowNodeType, StepHandler>> = {
  'action.send_message': sendMessageStep,
  'action.send_template': sendTemplateStep,
  'action.send_email': sendEmailStep,
  'action.add_note': addNoteStep,
  'action.assign': assignStep,
  'action.close_conversation': closeConversationStep,
  'action.hand_to_ai': handToAiStep,
  'action.add_tag': addTagStep,
  'action.remove_tag': removeTagStep,
  'action.update_field': updateFieldStep,
  'action.http_request': httpRequestStep,
  'action.wait': waitStep,
  'action.wait_for_reply': waitForReplyStep,
  condition: conditionStep,
};
