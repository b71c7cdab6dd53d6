/**
 * English texts that only some lazily loaded pages name (WhatsApp templates, broadcasts, AI agents, workflows and
 * e-mail templates), through the contracts' schemas: shared with the browser, but added to its catalogue by those
 * pages' chunks (`addCatalogue`), not built into the entry, which has no room for them; the server has them from the
 * start (all.ts).
 */
export const enPages = {
  // WhatsApp templates (SPEC 5)
  template_channel_required: 'choose a WhatsApp channel',
  broadcast_name_required: 'broadcast name is required',
  broadcast_channel_required: 'choose a WhatsApp channel',
  broadcast_template_required: 'choose an approved template',
  broadcast_parameter_invalid: 'a parameter is a number key with a fixed value or a customer field',
  template_name_required: 'template name is required',
  template_name_invalid: 'a template name has only lowercase letters, digits and underscores (up to 512)',
  template_language_required: 'language is required',
  template_category_required: 'category is required',
  template_header_type_required: 'header type is required',
  template_header_text_required: 'header content is required',
  template_header_media_required: 'header media file is required',
  template_body_required: 'body is required',
  template_parameter_key_required: 'key is required',
  template_parameter_value_required: 'value is required',
  template_parameters_mismatch: 'give an example value for every placeholder of the body, numbered from 1',
  template_button_invalid: 'a button needs its text, and a URL or phone number where its type takes one',
  // AI customer-service agents (SPEC 5, issue 26)
  cs_agent_name_required: 'agent name is required',
  cs_agent_name_max: 'agent name must be less than 100 characters',
  cs_agent_tone_required: 'response tone is required',
  knowledge_content_required: 'the article has no text',
  knowledge_content_max: 'an article has at most 1,000,000 characters: split it into several',
  // workflows (SPEC 5, issue 27)
  workflow_name_required: 'workflow name must not be empty',
  workflow_name_max: 'workflow name must be less than 100 characters',
  workflow_trigger_missing: 'a workflow starts with one trigger: add a trigger',
  workflow_trigger_twice: 'a workflow has only one trigger: remove this one',
  workflow_node_id_twice: 'two steps have the same id',
  workflow_node_type_unknown: 'this step is of an unknown type',
  workflow_edge_dangling: 'this connection leads to a step that does not exist',
  workflow_edge_into_trigger: 'nothing can lead into the trigger',
  workflow_branch_required:
    'a condition or a wait for a reply connects on yes and no; other steps connect without a branch',
  workflow_cycle: 'the workflow loops back to this step: a workflow cannot loop',
  workflow_cron_invalid: 'a schedule needs five cron fields, such as */5 * * * *',
  workflow_assign_target_required: 'choose a member, a team or all teams',
  workflow_reference_missing: 'this step names something that no longer exists: choose it again',
  // e-mail templates (SPEC 3, issue 27)
  email_template_name_required: 'template name is required',
  email_template_name_max: 'template name must be less than 100 characters',
  email_template_subject_required: 'subject is required',
  email_template_subject_max: 'subject must be at most 998 characters',
  email_template_subject_line: 'subject must be on one line',
  email_template_body_max: 'the body is over 200 KB: shorten it or move pictures into attachments',
  email_template_recipient_invalid: 'each recipient is an e-mail address or a variable such as {{customer.email}}',
  email_template_recipients_max: 'a template has at most 20 recipients',
  email_template_attachments_max: 'a template has at most 10 attachments',
} as const;
