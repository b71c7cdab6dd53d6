import { csAgentBodySchema } from '@omnichat/contracts';
import { Alert, AutoComplete, Button, Drawer, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../app/http/index.ts';
import { useRules } from '../../ui/form/use-rules.ts';
import { setServerFields } from '../../ui/form-errors.ts';
import { useSaveAgent } from './cs-agents-api.ts';
import { CS_AGENTS_PATH, useAgentWords } from './parts.tsx';

const fields = csAgentBodySchema.shape;

interface CreateValues {
  name: string;
  response_tone: string;
}

/** A new agent: its name and tone; the editor opens on it for the rest. */
export function CreateAgentDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useRules();
  const words = useAgentWords();
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateValues>();
  const save = useSaveAgent();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: CreateValues) => {
    setError(null);
    try {
      const agent = await save.mutateAsync({ body: { ...values, show_name_to_customer: true, response_features: [] } });
      onClose();
      void navigate(`${CS_AGENTS_PATH}/${agent.id}`);
    } catch (failure) {
      setServerFields(form, failure);
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('csAgents.createTitle')}
      size="min(480px, 100vw)"
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common.create')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ name: '', response_tone: 'friendly' }}>
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
        <Form.Item name="name" label={t('csAgents.name')} rules={rules.zod(fields.name)}>
          <Input autoFocus maxLength={99} />
        </Form.Item>
        <Form.Item name="response_tone" label={t('csAgents.tone')} rules={rules.zod(fields.response_tone)}>
          <AutoComplete options={words.toneOptions} placeholder={t('csAgents.tonePlaceholder')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
