import userEvent from '@testing-library/user-event';
import { type ComponentType, useState } from 'react';
import { vi } from 'vitest';
import type { UploadControlProps } from './UploadFrame.tsx';
import type { UploadedFile } from './upload-file.ts';

/** A file whose reported size can be set without allocating it. */
export function fakeFile(name: string, type: string, size?: number, content = 'hello'): File {
  const file = new File([content], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

export const fileInput = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;

/** Picks a file the way "All files" in the dialog would, past the accept filter. */
export const pickAnyFile = (input: HTMLInputElement, file: File) =>
  userEvent.setup({ applyAccept: false }).upload(input, file);

/** Renders a picker the way a form does: it holds the value and passes every change back. */
export function controlled<P extends UploadControlProps>(Picker: ComponentType<P>, initial?: UploadedFile) {
  const onChange = vi.fn();
  function Harness(props: Omit<P, 'value' | 'onChange'>) {
    const [value, setValue] = useState<UploadedFile | undefined>(initial);
    return (
      <Picker
        {...(props as P)}
        value={value}
        onChange={(next: UploadedFile | undefined) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  return { Harness, onChange };
}

/** A FileReader that finishes only when told, to see the 'processing...' state. */
export function holdFileReader() {
  const pending: Array<() => void> = [];
  class HeldReader {
    result: string | null = null;
    error: Error | null = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    readAsDataURL(file: File) {
      pending.push(() => {
        this.result = `data:${file.type};base64,aGVsbG8=`;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('FileReader', HeldReader);
  return {
    finish: () => {
      for (const run of pending.splice(0)) run();
    },
  };
}
