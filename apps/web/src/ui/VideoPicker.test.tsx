import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { controlled, fakeFile, fileInput, pickAnyFile } from './upload-test-helpers.tsx';
import { VideoPicker } from './VideoPicker.tsx';

const MB = 1024 * 1024;

describe('video picker', () => {
  it('accepts videos and tooltips click to upload video', async () => {
    const { container } = render(<VideoPicker />);
    expect(fileInput(container)).toHaveAttribute('accept', 'video/*');
    await userEvent.hover(screen.getByRole('button', { name: 'click to upload video' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('click to upload video');
  });

  it('previews the picked video and reports it; remove clears it', async () => {
    const { Harness, onChange } = controlled(VideoPicker);
    const { container } = render(<Harness />);
    await userEvent.upload(fileInput(container), fakeFile('intro.mp4', 'video/mp4'));
    const preview = await screen.findByLabelText('intro.mp4');
    expect(preview.tagName).toBe('VIDEO');
    expect(preview).toHaveAttribute('src', expect.stringMatching(/^data:video\/mp4;base64,/));
    expect(onChange).toHaveBeenCalledWith({
      dataUrl: expect.stringMatching(/^data:video\/mp4/),
      filename: 'intro.mp4',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove intro.mp4' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(screen.queryByLabelText('intro.mp4')).not.toBeInTheDocument();
  });

  it('refuses an image and a video over 20MB', async () => {
    const { Harness, onChange } = controlled(VideoPicker);
    const { container } = render(<Harness />);
    await pickAnyFile(fileInput(container), fakeFile('a.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a video file');
    await userEvent.upload(fileInput(container), fakeFile('long.mp4', 'video/mp4', 20 * MB + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Media size cannot be larger than 20MB');
    expect(onChange).not.toHaveBeenCalled();
  });
});
