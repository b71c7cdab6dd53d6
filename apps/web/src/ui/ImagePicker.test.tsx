import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ImagePicker } from './ImagePicker.tsx';
import { controlled, fakeFile, fileInput, pickAnyFile } from './upload-test-helpers.tsx';

describe('image picker', () => {
  it('accepts images, shows the picked one and reports it', async () => {
    const { Harness, onChange } = controlled(ImagePicker);
    const { container } = render(<Harness />);
    expect(fileInput(container)).toHaveAttribute('accept', 'image/*');
    await userEvent.upload(fileInput(container), fakeFile('banner.jpg', 'image/jpeg'));
    expect(await screen.findByRole('img', { name: 'banner.jpg' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/jpeg;base64,/),
    );
    expect(onChange).toHaveBeenCalledWith({
      dataUrl: expect.stringMatching(/^data:image\/jpeg/),
      filename: 'banner.jpg',
    });
  });

  it('refuses a video and a too-large image, changing nothing', async () => {
    const { Harness, onChange } = controlled(ImagePicker);
    const { container } = render(<Harness maxSize={1536} />);
    await pickAnyFile(fileInput(container), fakeFile('clip.mp4', 'video/mp4'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose an image file');
    await userEvent.upload(fileInput(container), fakeFile('logo.png', 'image/png', 2000));
    expect(screen.getByRole('alert')).toHaveTextContent('File size exceeds 1.5 KB limit');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: 'logo.png' })).not.toBeInTheDocument();
  });

  it('removes the image and says click to upload', async () => {
    const { Harness, onChange } = controlled(ImagePicker, { dataUrl: 'bG9nbw==', filename: 'logo.png' });
    render(<Harness />);
    expect(screen.getByRole('img', { name: 'logo.png' })).toHaveAttribute('src', 'data:image/png;base64,bG9nbw==');
    await userEvent.click(screen.getByRole('button', { name: 'Remove logo.png' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
    expect(screen.queryByRole('img', { name: 'logo.png' })).not.toBeInTheDocument();
    await userEvent.hover(screen.getByRole('button', { name: 'click to upload' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('click to upload');
  });
});
