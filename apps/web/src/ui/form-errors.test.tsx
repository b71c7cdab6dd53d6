import { act, render, screen } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../app/http/index.ts';
import { getToasts } from '../app/toast/toast-store.ts';
import { setServerFields } from './form-errors.ts';

interface Values {
  email: string;
}

/** A one-field form; answers its instance so a test can hand it server errors. */
function renderForm(): FormInstance<Values> {
  let instance: FormInstance<Values> | undefined;
  function EmailForm() {
    const [form] = Form.useForm<Values>();
    instance = form;
    return (
      <Form form={form} layout="vertical">
        <Form.Item name="email" label="E-mail">
          <Input />
        </Form.Item>
      </Form>
    );
  }
  render(<EmailForm />);
  return instance!;
}

const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('setServerFields', () => {
  it('shows a message under the field the form has, and toasts nothing', async () => {
    const form = renderForm();
    const error = new ApiError('taken', 409, 'dup-1', { email: 'this e-mail address is already registered' }, false);
    act(() => setServerFields(form, error));
    expect(await screen.findByText('this e-mail address is already registered')).toBeInTheDocument();
    expect(fieldOf('E-mail')).toHaveTextContent('this e-mail address is already registered');
    expect(getToasts()).toHaveLength(0);
  });

  it('toasts a message for a field the form lacks, with the trace line', () => {
    const form = renderForm();
    const error = new ApiError(
      'refused',
      409,
      'abc',
      { workspace_id: 'you are not a member of this organization' },
      false,
    );
    act(() => setServerFields(form, error));
    expect(getToasts()).toEqual([
      expect.objectContaining({
        kind: 'error',
        title: 'you are not a member of this organization',
        lines: ['[409] Trace: #abc'],
      }),
    ]);
    expect(fieldOf('E-mail')).not.toHaveTextContent('you are not a member of this organization');
  });

  it('does not toast again what the HTTP client already toasted', () => {
    const form = renderForm();
    const error = new ApiError('refused', 409, 'abc', { workspace_id: 'you are not a member of this organization' });
    act(() => setServerFields(form, error));
    expect(getToasts()).toHaveLength(0);
  });
});
