import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { AvatarPicker } from './AvatarPicker.tsx';
import { controlled, fakeFile, fileInput, holdFileReader, pickAnyFile } from './upload-test-helpers.tsx';

const MB = 1024 * 1024;
const EXISTING = { dataUrl: 'data:image/png;base64,b2xk', filename: 'old.png' };

describe('avatar picker', () => {
  it('shows the picked image and reports its data URL and file name', async () => {
    const { Harness, onChange } = controlled(AvatarPicker);
    const { container } = render(<Harness />);
    expect(fileInput(container)).toHaveAttribute('accept', 'image/*');
    await userEvent.upload(fileInput(container), fakeFile('me.png', 'image/png'));
    const preview = await screen.findByRole('img', { name: 'me.png' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(onChange).toHaveBeenCalledWith({
      dataUrl: expect.stringMatching(/^data:image\/png;base64,/),
      filename: 'me.png',
    });
  });

  it('refuses a file over the 20MB upload limit and keeps the current image', async () => {
    const { Harness, onChange } = controlled(AvatarPicker, EXISTING);
    const { container } = render(<Harness />);
    await userEvent.upload(fileInput(container), fakeFile('huge.png', 'image/png', 21 * MB));
    expect(await screen.findByRole('alert')).toHaveTextContent('Media size cannot be larger than 20MB');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'old.png' })).toBeInTheDocument();
  });

  it('refuses a file over its own maximum with the formatted size', async () => {
    const { Harness, onChange } = controlled(AvatarPicker);
    const { container } = render(<Harness maxSize={2 * MB} />);
    await userEvent.upload(fileInput(container), fakeFile('big.png', 'image/png', 2 * MB + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('File size exceeds 2 MB limit');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image', async () => {
    const { Harness, onChange } = controlled(AvatarPicker);
    const { container } = render(<Harness />);
    await pickAnyFile(fileInput(container), fakeFile('notes.txt', 'text/plain'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose an image file');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('removes the image', async () => {
    const { Harness, onChange } = controlled(AvatarPicker, EXISTING);
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove old.png' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
    expect(screen.queryByRole('img', { name: 'old.png' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('adds the PNG data-URL prefix to bare image data', () => {
    render(<AvatarPicker value={{ dataUrl: 'iVBORw0KGgo=', filename: 'bare.png' }} />);
    expect(screen.getByRole('img', { name: 'bare.png' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
  });

  it('tooltips say click to upload, then processing... while the file is read', async () => {
    const reader = holdFileReader();
    const { Harness } = controlled(AvatarPicker);
    const { container } = render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'click to upload' });
    await userEvent.hover(trigger);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('click to upload');
    await userEvent.upload(fileInput(container), fakeFile('me.png', 'image/png'));
    expect(trigger).toHaveAccessibleName('processing...');
    expect(trigger).toHaveAttribute('aria-busy', 'true');
    await userEvent.hover(trigger);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('processing...'));
    act(() => reader.finish());
    expect(await screen.findByRole('img', { name: 'me.png' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('click to upload'));
  });

  it('tooltip says uploading while the caller sends the file', async () => {
    render(<AvatarPicker uploading value={EXISTING} />);
    await userEvent.hover(screen.getByRole('button', { name: /uploading/ }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('uploading');
  });

  it('opens the file dialog with Enter and Space', async () => {
    const { container } = render(<AvatarPicker />);
    const click = vi.spyOn(fileInput(container), 'click').mockImplementation(() => undefined);
    screen.getByRole('button', { name: 'click to upload' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('works inside a form item, named by its label', async () => {
    const onFinish = vi.fn();
    const { container } = render(
      <Form onFinish={onFinish}>
        <Form.Item name="avatar" label="Avatar">
          <AvatarPicker />
        </Form.Item>
        <button type="submit">go</button>
      </Form>,
    );
    expect(screen.getByRole('button', { name: 'Avatar' })).toBeInTheDocument();
    await userEvent.upload(fileInput(container), fakeFile('me.png', 'image/png'));
    await screen.findByRole('img', { name: 'me.png' });
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({
        avatar: { dataUrl: expect.stringMatching(/^data:image\/png/), filename: 'me.png' },
      }),
    );
  });
});
