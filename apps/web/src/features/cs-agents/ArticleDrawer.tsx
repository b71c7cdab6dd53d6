import { CS_AGENT_LIMITS, type KnowledgeArticleSummary, knowledgeArticleBodySchema } from '@omnichat/contracts';
import { Alert, Form, Input, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer, useFormFailure } from '../../ui/FormDrawer.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { useArticle, useArticleActions } from './cs-agents-api.ts';

const fields = knowledgeArticleBodySchema.shape;

interface ArticleValues {
  title: string;
  content: string;
}

/** Write a knowledge article or change one (its whole content is loaded for that). */
export function ArticleDrawer({
  agentId,
  open,
  article,
  onClose,
}: {
  agentId: string;
  open: boolean;
  /** the one edited; null to add */
  article: KnowledgeArticleSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<ArticleValues>();
  const { save } = useArticleActions(agentId);
  const whole = useArticle(agentId, open && article ? article.id : null);
  const { error, clear, attempt } = useFormFailure(form);
  const loading = article !== null && whole.isPending;

  useEffect(() => {
    if (!open) return;
    clear();
    if (!article) form.setFieldsValue({ title: '', content: '' });
    else if (whole.data) form.setFieldsValue({ title: whole.data.title, content: whole.data.content });
  }, [open, article, whole.data, form, clear]);

  const submit = (values: ArticleValues) =>
    attempt(async () => {
      await save.mutateAsync({ articleId: article?.id, body: { ...values, source: article ? undefined : 'editor' } });
      onClose();
    });

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={article ? t('csAgents.knowledge.editTitle') : t('csAgents.knowledge.addTitle')}
      width={880}
      saving={save.isPending}
      disabled={loading}
      error={error}
      onSave={() => form.submit()}
    >
      {whole.isError && <Alert type="error" showIcon title={whole.error.message} role="alert" />}
      {loading && !whole.isError ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="title" label={t('csAgents.knowledge.title')} rules={rules.zod(fields.title)}>
            <Input autoFocus maxLength={CS_AGENT_LIMITS.titleMax - 1} />
          </Form.Item>
          <Form.Item name="content" label={t('csAgents.knowledge.content')} rules={rules.zod(fields.content)}>
            <Input.TextArea autoSize={{ minRows: 14, maxRows: 30 }} maxLength={CS_AGENT_LIMITS.articleMax} />
          </Form.Item>
        </Form>
      )}
    </FormDrawer>
  );
}
