import { isTriggerType, type WorkflowNodeType } from '@omnichat/contracts';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PALETTE_GROUPS, typeLabelKey } from '../node-types.ts';

/** Buttons that add a node of each type (a second trigger is offered only when there is none). */
export function Palette({ hasTrigger, onAdd }: { hasTrigger: boolean; onAdd: (type: WorkflowNodeType) => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('workflows.editor.palette')}>
      <Flex vertical gap={8}>
        {PALETTE_GROUPS.map((group) => (
          <Flex key={group.key} vertical gap={4}>
            <Typography.Text type="secondary">{t(`workflows.editor.groups.${group.key}`)}</Typography.Text>
            <Flex gap={4} wrap>
              {group.types
                .filter((type) => !(hasTrigger && isTriggerType(type)))
                .map((type) => (
                  <Button
                    key={type}
                    size="small"
                    onClick={() => onAdd(type)}
                    aria-label={t('workflows.editor.add', { type: t(typeLabelKey(type)) })}
                  >
                    {t(typeLabelKey(type))}
                  </Button>
                ))}
            </Flex>
          </Flex>
        ))}
      </Flex>
    </nav>
  );
}
