import { LIMITS, type Locale, translate } from '@omnichat/contracts';

/** An uploaded file as the forms hold it (SPEC 3): a data-URL string plus the file name. */
export interface UploadedFile {
  dataUrl: string;
  filename: string;
}

const PNG_PREFIX = 'data:image/png;base64,';

/** Image data lacking a data-URL prefix gets the PNG one (SPEC 3); data, blob and http(s) URLs stay as they are. */
export function ensureDataUrl(data: string): string {
  if (data === '' || /^(data:|blob:|https?:\/\/)/i.test(data)) return data;
  return `${PNG_PREFIX}${data}`;
}

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** 2097152 → "2 MB", 1536 → "1.5 KB", 0 → "0 Bytes" (SPEC 5). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const power = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const amount = Number.parseFloat((bytes / 1024 ** power).toFixed(2));
  return `${amount} ${UNITS[power]}`;
}

export const readFileAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** True when the file matches one of the accept entries (".csv", "image/png", "video/*"); an empty list accepts any. */
export function acceptsFile(file: File, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (!entry) return false;
    if (entry.startsWith('.')) return name.endsWith(entry);
    if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
    return type === entry;
  });
}

/**
 * The size message for a file that is too large, or null: an explicit maximum gives
 * 'File size exceeds {size} limit', the global 20MB upload limit gives 'Media size cannot be larger than 20MB'.
 */
export function sizeError(file: File, locale: Locale, maxSize?: number): string | null {
  if (maxSize !== undefined && maxSize < LIMITS.uploadMaxBytes && file.size > maxSize) {
    return translate('file_size_exceeds', locale, { size: formatBytes(maxSize) });
  }
  if (file.size > LIMITS.uploadMaxBytes) return translate('media_too_large', locale);
  return null;
}
