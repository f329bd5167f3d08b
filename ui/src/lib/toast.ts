export type ToastVariant = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: number;
  variant: ToastVariant;
  message: string;
}

/** The clock behind the auto-hide; tests can pass their own or use fake timers. */
export interface Timer {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 3000;

const realTimer: Timer = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ToastStore {
  /** Shows a toast unless an identical one (variant and message) is visible; returns its id. */
  show(variant: ToastVariant, message: string): number;
  dismiss(id: number): void;
  clear(): void;
  list(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

export function createToastStore({
  timer = realTimer,
  limit = TOAST_LIMIT,
  duration = TOAST_DURATION_MS,
}: { timer?: Timer; limit?: number; duration?: number } = {}): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, unknown>();
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((l) => l());
  const stop = (id: number) => {
    if (timers.has(id)) timer.clear(timers.get(id));
    timers.delete(id);
  };

  const store: ToastStore = {
    show(variant, message) {
      // The same message again (a second save, a second move) is not a second toast, but it
      // says so for its full time again: its timer starts over.
      const same = toasts.find((t) => t.variant === variant && t.message === message);
      if (same) {
        stop(same.id);
        timers.set(same.id, timer.set(() => store.dismiss(same.id), duration));
        return same.id;
      }
      const toast = { id: nextId++, variant, message };
      const next = [...toasts, toast];
      while (next.length > limit) stop(next.shift()!.id); // the oldest goes first
      toasts = next;
      timers.set(toast.id, timer.set(() => store.dismiss(toast.id), duration));
      emit();
      return toast.id;
    },
    dismiss(id) {
      stop(id);
      if (!toasts.some((t) => t.id === id)) return;
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    },
    clear() {
      toasts.forEach((t) => stop(t.id));
      toasts = [];
      emit();
    },
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

/** The page's toasts, shown by <Toaster />. */
export const toasts = createToastStore();

export const toast = {
  info: (message: string) => toasts.show('info', message),
  success: (message: string) => toasts.show('success', message),
  warning: (message: string) => toasts.show('warning', message),
  error: (message: string) => toasts.show('error', message),
};
