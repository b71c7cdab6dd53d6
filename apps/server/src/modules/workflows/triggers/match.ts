import type { ActiveWorkflow } from './active-workflows.ts';

const listOf = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

/** On the workflow's channels (none chosen: every channel). */
export const onChannel = (workflow: ActiveWorkflow, channelId: string) => {
  const chosen = listOf(workflow.trigger.channel_ids);
  return chosen.length === 0 || chosen.includes(channelId);
};

/** The message contains one of the keywords, ignoring case (none: every message). */
export function hasKeyword(workflow: ActiveWorkflow, text: string | null): boolean {
  const keywords = listOf(workflow.trigger.keywords);
  if (!keywords.length) return true;
  const lower = (text ?? '').toLocaleLowerCase();
  return keywords.some((keyword) => lower.includes(keyword.toLocaleLowerCase()));
}

export const matchesTag = (workflow: ActiveWorkflow, tagIds: string[]) =>
  tagIds.includes(String(workflow.trigger.tag_id));

export const matchesBroadcast = (workflow: ActiveWorkflow, broadcastIds: string[]) =>
  !workflow.trigger.broadcast_id || broadcastIds.includes(String(workflow.trigger.broadcast_id));
