import { LIMITS } from '@omnichat/contracts';

export type ToastKind = 'success' | 'error' | 'info' | 'plain';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  /** Extra lines shown under the title, e.g. "[404] Trace: #abc". */
  lines: string[];
}

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (!toasts.some((toast) => toast.id === id)) return;
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Shows a toast; it disappears after 5 s. Only the newest three stay visible (SPEC 9). */
export function showToast(kind: ToastKind, title: string, lines: string[] = []): number {
  const same = toasts.find(
    (toast) => toast.kind === kind && toast.title === title && toast.lines.join('\n') === lines.join('\n'),
  );
  if (same) {
    // the same message again (e.g. several calls failing at once): keep one, restart its timer
    const timer = timers.get(same.id);
    if (timer) clearTimeout(timer);
    timers.set(
      same.id,
      setTimeout(() => dismissToast(same.id), LIMITS.toastDurationMs),
    );
    return same.id;
  }
  const id = nextId++;
  toasts = [...toasts, { id, kind, title, lines }];
  while (toasts.length > LIMITS.toastMaxVisible) {
    const oldest = toasts[0];
    if (!oldest) break;
    dismissToast(oldest.id);
  }
  timers.set(
    id,
    setTimeout(() => dismissToast(id), LIMITS.toastDurationMs),
  );
  emit();
  return id;
}

/** Removes the toasts of one kind: a successful sign-in takes away the errors of the failed attempts before it. */
export function dismissToasts(kind: ToastKind): void {
  for (const shown of toasts) if (shown.kind === kind) dismissToast(shown.id);
}

export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toasts = [];
  emit();
}

export const getToasts = () => toasts;

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toast = Object.assign((title: string, lines?: string[]) => showToast('plain', title, lines), {
  success: (title: string, lines?: string[]) => showToast('success', title, lines),
  error: (title: string, lines?: string[]) => showToast('error', title, lines),
  info: (title: string, lines?: string[]) => showToast('info', title, lines),
});
