import { CloudUploadOutlined, DeleteOutlined, EditOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import type { KnowledgeArticleSummary } from '@omnichat/contracts';
import { Button, Flex, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/use-session.ts';
import { DeleteDialog } from '../../ui/DeleteDialog.tsx';
import { type ListColumn, ListView } from '../../ui/list/ListView.tsx';
import { useList } from '../../ui/list/use-list.ts';
import { Text } from '../../ui/text.tsx';
import { ArticleDrawer } from './ArticleDrawer.tsx';
import { csAgentKeys, listArticles, useArticleActions } from './cs-agents-api.ts';
import { ImportArticleDrawer } from './ImportArticleDrawer.tsx';
import { useDateTime } from './parts.tsx';

/** How often the list asks again while an article waits for its passages. */
const INDEXING_POLL_MS = 3000;

/** The agent's knowledge articles: what it answers from, with each one's indexing state. */
export function KnowledgeTab({ agentId, canWrite }: { agentId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  const dateTime = useDateTime();
  const list = useList<KnowledgeArticleSummary, object>({
    queryKey: (params) => csAgentKeys.knowledge(workspaceId, agentId, params),
    fetchPage: (params) => listArticles(agentId, params),
    filters: {},
  });
  const { remove } = useArticleActions(agentId);
  const [drawer, setDrawer] = useState<{ open: boolean; article: KnowledgeArticleSummary | null }>({
    open: false,
    article: null,
  });
  const [deleting, setDeleting] = useState<KnowledgeArticleSummary | null>(null);
  const [importing, setImporting] = useState(false);

  const indexing = list.items.some((article) => article.indexed_at === null);
  const { refetch } = list.query;
  useEffect(() => {
    if (!indexing) return;
    const timer = setInterval(() => void refetch(), INDEXING_POLL_MS);
    return () => clearInterval(timer);
  }, [indexing, refetch]);

  const state = (article: KnowledgeArticleSummary) =>
    article.indexed_at === null ? (
      <Tag icon={<LoadingOutlined aria-hidden />} color="processing">
        {t('csAgents.knowledge.indexing')}
      </Tag>
    ) : (
      <Tag color="success">{t('csAgents.knowledge.passages', { count: article.passages })}</Tag>
    );
  const actions = (article: KnowledgeArticleSummary) => (
    <Flex gap={4} wrap>
      <Button
        size="small"
        icon={<EditOutlined aria-hidden />}
        onClick={() => setDrawer({ open: true, article })}
        aria-label={t('csAgents.knowledge.editNamed', { title: article.title })}
      />
      <Button
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        onClick={() => setDeleting(article)}
        aria-label={t('csAgents.knowledge.deleteNamed', { title: article.title })}
      />
    </Flex>
  );
  const excerpt = (article: KnowledgeArticleSummary) => (
    <span style={{ display: 'block', maxWidth: 420, overflowWrap: 'anywhere' }}>
      {article.excerpt}
      {article.content_length > article.excerpt.length ? '…' : ''}
    </span>
  );

  const columns: ListColumn<KnowledgeArticleSummary>[] = [
    { key: 'title', title: t('csAgents.knowledge.title'), render: (article) => <Text strong>{article.title}</Text> },
    { key: 'excerpt', title: t('csAgents.knowledge.excerpt'), render: excerpt },
    { key: 'state', title: t('csAgents.knowledge.state'), render: state },
    { key: 'updated', title: t('csAgents.updated'), render: (article) => dateTime(article.updated_at) },
    ...(canWrite ? [{ key: 'actions', title: t('csAgents.actions'), actions: true, render: actions }] : []),
  ];
  const card = (article: KnowledgeArticleSummary) => (
    <Flex vertical gap={8}>
      <Flex justify="space-between" gap={8} align="baseline" wrap>
        <Text strong>{article.title}</Text>
        {state(article)}
      </Flex>
      <Text secondary>{excerpt(article)}</Text>
      {canWrite && actions(article)}
    </Flex>
  );

  return (
    <>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <Text secondary>{t('csAgents.knowledge.intro')}</Text>
        {canWrite && (
          <Flex gap={8} wrap>
            <Button icon={<CloudUploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
              {t('csAgents.knowledge.import.open')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setDrawer({ open: true, article: null })}
            >
              {t('csAgents.knowledge.add')}
            </Button>
          </Flex>
        )}
      </Flex>
      <ListView<KnowledgeArticleSummary>
        list={list}
        label={t('csAgents.tabs.knowledge')}
        rowKey={(article) => article.id}
        columns={columns}
        card={card}
        search={{ label: t('csAgents.knowledge.search'), placeholder: t('csAgents.knowledge.searchPlaceholder') }}
        loadFailed={t('csAgents.knowledge.loadFailed')}
      />
      {canWrite && (
        <ArticleDrawer
          agentId={agentId}
          open={drawer.open}
          article={drawer.article}
          onClose={() => setDrawer((current) => ({ ...current, open: false }))}
        />
      )}
      {canWrite && <ImportArticleDrawer agentId={agentId} open={importing} onClose={() => setImporting(false)} />}
      {canWrite && (
        <DeleteDialog
          open={deleting !== null}
          onClose={() => setDeleting(null)}
          title={t('csAgents.knowledge.deleteTitle')}
          message={t('csAgents.knowledge.deleteMessage', { title: deleting?.title ?? '' })}
          confirmText={t('csAgents.delete')}
          onConfirm={async () => {
            if (!deleting) return;
            await remove.mutateAsync(deleting.id);
            list.removedOne();
          }}
        />
      )}
    </>
  );
}
