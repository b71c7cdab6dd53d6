import { csAgentBodySchema } from '@omnichat/contracts';
import { AutoComplete, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDrawer, useFormFailure } from '../../ui/FormDrawer.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
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
  const { error, attempt } = useFormFailure(form);

  const submit = (values: CreateValues) =>
    attempt(async () => {
      const agent = await save.mutateAsync({ body: { ...values, show_name_to_customer: true, response_features: [] } });
      onClose();
      void navigate(`${CS_AGENTS_PATH}/${agent.id}`);
    });

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={t('csAgents.createTitle')}
      width={480}
      saveLabel={t('common.create')}
      saving={save.isPending}
      error={error}
      onSave={() => form.submit()}
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ name: '', response_tone: 'friendly' }}>
        <Form.Item name="name" label={t('csAgents.name')} rules={rules.zod(fields.name)}>
          <Input autoFocus maxLength={99} />
        </Form.Item>
        <Form.Item name="response_tone" label={t('csAgents.tone')} rules={rules.zod(fields.response_tone)}>
          <AutoComplete options={words.toneOptions} placeholder={t('csAgents.tonePlaceholder')} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
