import { CS_AGENT_LIMITS, type CsInstruction, csInstructionBodySchema } from '@omnichat/contracts';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer, useFormFailure } from '../../ui/FormDrawer.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
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
  const { error, clear, attempt } = useFormFailure(form);

  useEffect(() => {
    if (!open) return;
    clear();
    form.setFieldsValue({
      title: instruction?.title ?? '',
      condition: instruction?.condition ?? '',
      content: instruction?.content ?? '',
    });
  }, [open, instruction, form, clear]);

  const submit = (values: InstructionValues) =>
    attempt(async () => {
      await save.mutateAsync({ instructionId: instruction?.id, body: values });
      onClose();
    });

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={instruction ? t('csAgents.instructions.editTitle') : t('csAgents.instructions.addTitle')}
      width={560}
      saving={save.isPending}
      error={error}
      onSave={() => form.submit()}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
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
    </FormDrawer>
  );
}
