import { PLAN_FEATURES, type Plan, type PlanBody, planBodySchema } from '@omnichat/contracts';
import { Checkbox, Col, Drawer, Flex, Form, Input, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DollarInput } from '../../ui/DollarInput.tsx';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { NumberInput } from '../../ui/NumberInput.tsx';
import { NullableNumberInput, wholeNumberRule } from '../admin/index.ts';
import { createPlan, updatePlan } from './billing-api.ts';

const LIMIT_LABELS = {
  member_limit: 'billing.memberLimit',
  channel_limit: 'billing.channelLimit',
  ai_agent_limit: 'billing.aiAgentLimit',
} as const;

type Values = Required<Omit<PlanBody, 'discounted_monthly_price_cents' | 'discounted_yearly_price_cents'>> & {
  /** an empty box (or $0.00) is no discount */
  discounted_monthly_price_cents?: number;
  discounted_yearly_price_cents?: number;
};

const blank: Values = {
  tag: '',
  name: '',
  currency: 'usd',
  monthly_price_cents: 0,
  yearly_price_cents: 0,
  wallet_multiplier: 1,
  popular: false,
  hidden: false,
  member_limit: null,
  channel_limit: null,
  ai_agent_limit: null,
  features: [],
};

const valuesOf = (plan: Plan): Values => ({
  ...blank,
  ...plan,
  discounted_monthly_price_cents: plan.discounted_monthly_price_cents ?? undefined,
  discounted_yearly_price_cents: plan.discounted_yearly_price_cents ?? undefined,
});

/** The create / edit drawer of a plan: every field of planBodySchema, checked by its rules. */
export function PlanDrawer({
  plan,
  open,
  onClose,
  onSaved,
}: {
  plan: Plan | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<Values>();
  const shape = planBodySchema.shape;
  const limitRule = [wholeNumberRule(t('adminPages.workspaces.limitInvalid'))];
  const submit = (values: Values) => {
    const body: PlanBody = {
      ...values,
      tag: values.tag.trim(),
      name: values.name.trim(),
      // an empty (zero) discounted price means none
      discounted_monthly_price_cents: values.discounted_monthly_price_cents || null,
      discounted_yearly_price_cents: values.discounted_yearly_price_cents || null,
    };
    return plan ? updatePlan(plan.id, body) : createPlan(body);
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      title={plan ? t('billing.editPlan') : t('billing.newPlan')}
    >
      <ApiForm form={form} name="plan" submit={submit} onDone={onSaved} initialValues={plan ? valuesOf(plan) : blank}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="tag" label={t('billing.tag')} required rules={rules.zod(shape.tag)}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('billing.name')} required rules={rules.zod(shape.name)}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="currency" label={t('billing.currency')} rules={rules.zod(shape.currency)}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="wallet_multiplier"
              label={t('billing.walletMultiplier')}
              extra={t('billing.walletMultiplierHint')}
              rules={rules.zod(shape.wallet_multiplier)}
            >
              <NumberInput />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="monthly_price_cents"
              label={t('billing.monthlyPrice')}
              rules={rules.zod(shape.monthly_price_cents)}
            >
              <DollarInput />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="yearly_price_cents"
              label={t('billing.yearlyPrice')}
              rules={rules.zod(shape.yearly_price_cents)}
            >
              <DollarInput />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="discounted_monthly_price_cents"
              label={t('billing.discountedMonthly')}
              extra={t('billing.discountHint')}
            >
              <DollarInput />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="discounted_yearly_price_cents"
              label={t('billing.discountedYearly')}
              extra={t('billing.discountHint')}
            >
              <DollarInput />
            </Form.Item>
          </Col>
          {(['member_limit', 'channel_limit', 'ai_agent_limit'] as const).map((name) => (
            <Col xs={24} sm={8} key={name}>
              <Form.Item name={name} label={t(LIMIT_LABELS[name])} extra={t('billing.unlimitedHint')} rules={limitRule}>
                <NullableNumberInput />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item name="features" label={t('billing.features')}>
          <Checkbox.Group
            options={PLAN_FEATURES.map((feature) => ({ value: feature, label: t(`billing.feature.${feature}`) }))}
          />
        </Form.Item>
        <Flex gap={24} wrap>
          <Form.Item name="popular" label={t('billing.popular')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="hidden" label={t('billing.hidden')} valuePropName="checked" extra={t('billing.hiddenHint')}>
            <Switch />
          </Form.Item>
        </Flex>
        <Flex justify="flex-end">
          <SubmitButton>{t('common.save')}</SubmitButton>
        </Flex>
      </ApiForm>
    </Drawer>
  );
}
