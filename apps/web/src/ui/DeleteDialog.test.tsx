import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../app/toast/Toaster.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';

function setup(onConfirm: () => Promise<unknown> | unknown = async () => undefined) {
  const onClose = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      // no motion: jsdom never ends the closing animation
      <ConfigProvider theme={{ token: { motion: false } }}>
        <Toaster />
        <DeleteDialog
          open={open}
          onConfirm={onConfirm}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
          message="Delete the customer Ada?"
        />
      </ConfigProvider>
    );
  }
  render(<Harness />);
  return { onClose };
}

const isClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
const backdrop = () => document.querySelector<HTMLElement>('.ant-modal-wrap')!;

describe('delete dialog', () => {
  it('asks before deleting', () => {
    setup();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Confirm delete');
    expect(dialog).toHaveTextContent('Delete the customer Ada?');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('closes on Escape without deleting', async () => {
    const onConfirm = vi.fn();
    const { onClose } = setup(onConfirm);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await isClosed();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('closes on a click on the backdrop', async () => {
    const onConfirm = vi.fn();
    const { onClose } = setup(onConfirm);
    await userEvent.click(backdrop());
    expect(onClose).toHaveBeenCalledTimes(1);
    await isClosed();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('is busy while deleting, then closes and toasts Delete successfully', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { onClose } = setup(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: /Delete/ })).toHaveClass('ant-btn-loading');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(backdrop());
    expect(onClose).not.toHaveBeenCalled();
    finish();
    expect(await screen.findByText('Delete successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    await isClosed();
  });

  it('stays open and shows the error when the delete fails', async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('failed to delete workflow'));
    const { onClose } = setup(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('failed to delete workflow')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText('Delete successfully')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).not.toHaveClass('ant-btn-loading');
    // a second try that succeeds closes it
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await isClosed();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
