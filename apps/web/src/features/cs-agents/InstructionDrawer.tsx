import { CS_AGENT_LIMITS, type CsInstruction, csInstructionBodySchema } from '@omnichat/contracts';
import { Alert, Button, Drawer, Flex, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/index.ts';
import { useRules } from '../../ui/form/use-rules.ts';
import { setServerFields } from '../../ui/form-errors.ts';
import { useInstructionActions } from './cs-agents-api.ts';

const fields = csInstructionBodySchema.shape;

interface InstructionValues {
  title: string;
  condition: string;
  content: string;
}

/** Add an instruction (after the others) or change one. */
export function InstructionDrawer({
  agentId,
  open,
  instruction,
  onClose,
}: {
  agentId: string;
  open: boolean;
  /** the one edited; null to add */
  instruction: CsInstruction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<InstructionValues>();
  const { save } = useInstructionActions(agentId);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.setFieldsValue({
      title: instruction?.title ?? '',
      condition: instruction?.condition ?? '',
      content: instruction?.content ?? '',
    });
  }, [open, instruction, form]);

  const submit = async (values: InstructionValues) => {
    setError(null);
    try {
      await save.mutateAsync({ instructionId: instruction?.id, body: values });
      onClose();
    } catch (failure) {
      setServerFields(form, failure);
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={instruction ? t('csAgents.instructions.editTitle') : t('csAgents.instructions.addTitle')}
      size="min(560px, 100vw)"
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
        <Form.Item name="title" label={t('csAgents.instructions.title')} rules={rules.zod(fields.title)}>
          <Input autoFocus maxLength={CS_AGENT_LIMITS.titleMax - 1} />
        </Form.Item>
        <Form.Item
          name="condition"
          label={t('csAgents.instructions.condition')}
          extra={t('csAgents.instructions.conditionHelp')}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={CS_AGENT_LIMITS.conditionMax} />
        </Form.Item>
        <Form.Item name="content" label={t('csAgents.instructions.content')} rules={rules.zod(fields.content)}>
          <Input.TextArea autoSize={{ minRows: 5, maxRows: 14 }} maxLength={CS_AGENT_LIMITS.instructionMax} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
