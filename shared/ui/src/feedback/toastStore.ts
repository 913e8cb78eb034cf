import type { ReactNode } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  message: ReactNode;
  title?: string;
  tone?: ToastTone;
  /** Milliseconds on screen; null keeps it until dismissed. Paused while hovered or focused. */
  duration?: number | null;
  action?: ToastAction;
  /** Reusing an id replaces that toast (e.g. "Saving…" becoming "Saved"). */
  id?: string;
}

export interface Toast {
  id: string;
  message: ReactNode;
  title: string | undefined;
  tone: ToastTone;
  duration: number | null;
  action: ToastAction | undefined;
}

/** Errors stay longer: people need time to read what went wrong. */
export const DEFAULT_DURATION: Record<ToastTone, number> = { success: 5000, info: 5000, error: 10000 };
const MAX_VISIBLE = 5;

type Listener = () => void;

/**
 * Toasts live in a module-level store, not in React context: under Module Federation each
 * remote is its own React root, so a context provided by the shell would not reach them.
 * `@portal/ui` is a shared singleton, so every remote talks to this one store and the
 * shell's single <Toaster> shows them all. It also works outside React (`toast.error(…)`).
 */
class ToastStore {
  private toasts: readonly Toast[] = [];
  private readonly listeners = new Set<Listener>();
  private counter = 0;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly Toast[] => this.toasts;

  show(options: ToastOptions): string {
    const tone = options.tone ?? 'info';
    const id = options.id ?? `toast-${++this.counter}`;
    const next: Toast = {
      id,
      message: options.message,
      title: options.title,
      tone,
      duration: options.duration === undefined ? DEFAULT_DURATION[tone] : options.duration,
      action: options.action,
    };
    const existing = this.toasts.findIndex((toast) => toast.id === id);
    if (existing >= 0) {
      this.toasts = this.toasts.map((toast, index) => (index === existing ? next : toast));
    } else {
      this.toasts = [...this.toasts, next].slice(-MAX_VISIBLE);
    }
    this.emit();
    return id;
  }

  dismiss(id: string): void {
    const remaining = this.toasts.filter((toast) => toast.id !== id);
    if (remaining.length === this.toasts.length) return;
    this.toasts = remaining;
    this.emit();
  }

  clear(): void {
    if (this.toasts.length === 0) return;
    this.toasts = [];
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const toastStore = new ToastStore();

type ShortcutOptions = Omit<ToastOptions, 'message' | 'tone'>;

/** Show notifications from anywhere: React components, event handlers, or plain modules. */
export const toast = {
  show: (options: ToastOptions) => toastStore.show(options),
  success: (message: ReactNode, options?: ShortcutOptions) => toastStore.show({ ...options, message, tone: 'success' }),
  error: (message: ReactNode, options?: ShortcutOptions) => toastStore.show({ ...options, message, tone: 'error' }),
  info: (message: ReactNode, options?: ShortcutOptions) => toastStore.show({ ...options, message, tone: 'info' }),
  dismiss: (id: string) => toastStore.dismiss(id),
  clear: () => toastStore.clear(),
};

export type ToastApi = typeof toast;
