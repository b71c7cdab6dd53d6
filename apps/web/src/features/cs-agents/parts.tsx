import { CS_AGENT_FEATURES, CS_AGENT_TONES } from '@omnichat/contracts';
import { useTranslation } from 'react-i18next';
import { useMemberPermissions } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';

export { useDateTime } from '../../ui/use-date-time.ts';

export const CS_AGENTS_PATH = '/app/cs-agents';

/** Whether the member may create and change agents. */
export function useCanWriteAgents() {
  const { member, isAdmin } = useSession();
  const permissions = useMemberPermissions();
  return isAdmin || (permissions.data ?? member?.permissions ?? []).includes('cs_agent_write');
}

/** A tone or feature as the reader says it: the suggested ones translated, free text as written. */
export function useAgentWords() {
  const { t } = useTranslation();
  const tone = (value: string) =>
    (CS_AGENT_TONES as readonly string[]).includes(value) ? t(`csAgents.tones.${value}`) : value;
  const feature = (value: string) =>
    (CS_AGENT_FEATURES as readonly string[]).includes(value) ? t(`csAgents.featureNames.${value}`) : value;
  return {
    tone,
    feature,
    toneOptions: CS_AGENT_TONES.map((value) => ({ value, label: tone(value) })),
    featureOptions: CS_AGENT_FEATURES.map((value) => ({ value, label: feature(value) })),
  };
}
