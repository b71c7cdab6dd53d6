import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput } from './NumberInput.tsx';

function setup(initial?: number) {
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState<number | undefined>(initial);
    return (
      <NumberInput
        aria-label="amount"
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { input: screen.getByRole('textbox', { name: 'amount' }), onChange };
}

describe('number input', () => {
  it('takes digits, one leading minus and one dot', async () => {
    const { input, onChange } = setup();
    await userEvent.type(input, '-12.5');
    expect(input).toHaveValue('-12.5');
    expect(onChange).toHaveBeenLastCalledWith(-12.5);
  });

  it('refuses letters, a second dot and an inner minus', async () => {
    const { input, onChange } = setup();
    await userEvent.type(input, '1a2.3.4-5e');
    expect(input).toHaveValue('12.345');
    expect(onChange).toHaveBeenLastCalledWith(12.345);
    expect(onChange.mock.calls.map(([value]) => value)).toEqual([1, 12, 12, 12.3, 12.34, 12.345]);
  });

  it('reports 0 for an empty box and a lone minus', async () => {
    const { input, onChange } = setup(7);
    expect(input).toHaveValue('7');
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(input).toHaveValue('');
    await userEvent.type(input, '-');
    expect(input).toHaveValue('-');
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it('shows a value set from outside and works in a form', async () => {
    const onFinish = vi.fn();
    function Harness() {
      const [form] = Form.useForm();
      return (
        <Form form={form} onFinish={onFinish} initialValues={{ seats: 3 }}>
          <Form.Item name="seats" label="Seats">
            <NumberInput />
          </Form.Item>
          <button type="button" onClick={() => form.setFieldsValue({ seats: 42 })}>
            set
          </button>
          <button type="submit">go</button>
        </Form>
      );
    }
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Seats' });
    expect(input).toHaveValue('3');
    await userEvent.click(screen.getByRole('button', { name: 'set' }));
    expect(input).toHaveValue('42');
    await userEvent.type(input, '.5');
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ seats: 42.5 }));
  });
});
