import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { CsInstruction } from '@omnichat/contracts';
import { Button, Card, Empty, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/use-session.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { QueryView } from '../../ui/QueryView.tsx';
import { Text } from '../../ui/text.tsx';
import { useInstructionActions, useInstructions } from './cs-agents-api.ts';
import { InstructionDrawer } from './InstructionDrawer.tsx';

/** The agent's instructions in the order they go into its prompt: add, edit, delete and move them. */
export function InstructionsTab({ agentId, canWrite }: { agentId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  const query = useInstructions(workspaceId, agentId);
  const { remove, reorder } = useInstructionActions(agentId);
  const [drawer, setDrawer] = useState<{ open: boolean; instruction: CsInstruction | null }>({
    open: false,
    instruction: null,
  });
  const [deleting, setDeleting] = useState<CsInstruction | null>(null);

  const move = (list: CsInstruction[], index: number, by: -1 | 1) => {
    const ids = list.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids);
  };

  const row = (item: CsInstruction, index: number, list: CsInstruction[]) => (
    <li key={item.id} style={{ listStyle: 'none' }}>
      <Card size="small">
        <Flex justify="space-between" gap={8} wrap align="flex-start">
          <Flex vertical gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Text strong>
              {index + 1}. {item.title}
            </Text>
            <Text secondary>
              {t('csAgents.instructions.condition')}: {item.condition || t('csAgents.instructions.always')}
            </Text>
            <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.content}</span>
          </Flex>
          {canWrite && (
            <Flex gap={4} wrap>
              <Button
                size="small"
                icon={<ArrowUpOutlined aria-hidden />}
                disabled={index === 0 || reorder.isPending}
                onClick={() => move(list, index, -1)}
                aria-label={t('csAgents.instructions.moveUp', { title: item.title })}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined aria-hidden />}
                disabled={index === list.length - 1 || reorder.isPending}
                onClick={() => move(list, index, 1)}
                aria-label={t('csAgents.instructions.moveDown', { title: item.title })}
              />
              <Button
                size="small"
                icon={<EditOutlined aria-hidden />}
                onClick={() => setDrawer({ open: true, instruction: item })}
                aria-label={t('csAgents.instructions.editNamed', { title: item.title })}
              />
              <Button
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                onClick={() => setDeleting(item)}
                aria-label={t('csAgents.instructions.deleteNamed', { title: item.title })}
              />
            </Flex>
          )}
        </Flex>
      </Card>
    </li>
  );

  return (
    <Card>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <Text secondary>{t('csAgents.instructions.intro')}</Text>
        {canWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDrawer({ open: true, instruction: null })}
          >
            {t('csAgents.instructions.add')}
          </Button>
        )}
      </Flex>
      <QueryView query={query} failed={t('csAgents.instructions.loadFailed')}>
        {(list) =>
          list.length === 0 ? (
            <Empty description={t('csAgents.instructions.empty')} />
          ) : (
            <ol aria-label={t('csAgents.tabs.instructions')} style={{ margin: 0, padding: 0, display: 'grid', gap: 8 }}>
              {list.map((item, index) => row(item, index, list))}
            </ol>
          )
        }
      </QueryView>
      {canWrite && (
        <InstructionDrawer
          agentId={agentId}
          open={drawer.open}
          instruction={drawer.instruction}
          onClose={() => setDrawer((current) => ({ ...current, open: false }))}
        />
      )}
      {canWrite && (
        <DeleteDialog
          open={deleting !== null}
          onClose={() => setDeleting(null)}
          title={t('csAgents.instructions.deleteTitle')}
          message={t('csAgents.instructions.deleteMessage', { title: deleting?.title ?? '' })}
          confirmText={t('csAgents.delete')}
          onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : undefined)}
        />
      )}
    </Card>
  );
}
