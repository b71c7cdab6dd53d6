import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FilePicker } from './FilePicker.tsx';
import { controlled, fakeFile, fileInput, pickAnyFile } from './upload-test-helpers.tsx';

const MB = 1024 * 1024;

describe('file picker', () => {
  it('accepts any file by default and shows the picked file name', async () => {
    const { Harness, onChange } = controlled(FilePicker);
    const { container } = render(<Harness />);
    expect(fileInput(container)).not.toHaveAttribute('accept');
    await userEvent.upload(fileInput(container), fakeFile('terms.pdf', 'application/pdf'));
    expect(await screen.findByText('terms.pdf')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledWith({
      dataUrl: expect.stringMatching(/^data:application\/pdf;base64,/),
      filename: 'terms.pdf',
    });
  });

  it('passes its accept list to the dialog and refuses other types', async () => {
    const { Harness, onChange } = controlled(FilePicker);
    const { container } = render(<Harness accept={['.xlsx', '.xls', '.csv']} />);
    expect(fileInput(container)).toHaveAttribute('accept', '.xlsx,.xls,.csv');
    await pickAnyFile(fileInput(container), fakeFile('photo.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file type is not allowed. Accepted: .xlsx, .xls, .csv',
    );
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.upload(fileInput(container), fakeFile('Customers.CSV', 'text/csv'));
    expect(await screen.findByText('Customers.CSV')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a file over its maximum and keeps the current one', async () => {
    const { Harness, onChange } = controlled(FilePicker, { dataUrl: 'data:text/csv;base64,YQ==', filename: 'old.csv' });
    const { container } = render(<Harness maxSize={2 * MB} />);
    await userEvent.upload(fileInput(container), fakeFile('new.csv', 'text/csv', 3 * MB));
    expect(await screen.findByRole('alert')).toHaveTextContent('File size exceeds 2 MB limit');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('old.csv')).toBeInTheDocument();
  });

  it('removes the file', async () => {
    const { Harness, onChange } = controlled(FilePicker, { dataUrl: 'data:text/csv;base64,YQ==', filename: 'old.csv' });
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove old.csv' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
    expect(screen.queryByText('old.csv')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'click to upload' })).toBeInTheDocument();
  });

  it('does nothing when disabled', () => {
    render(<FilePicker disabled value={{ dataUrl: 'data:,', filename: 'x.txt' }} />);
    expect(screen.getByRole('button', { name: /x\.txt/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
