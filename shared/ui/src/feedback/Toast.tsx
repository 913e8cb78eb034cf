import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from '../buttons/Button.js';
import { IconButton } from '../buttons/IconButton.js';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon } from '../icons/icons.js';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';
import { toast, toastStore, type Toast as ToastRecord, type ToastApi, type ToastTone } from './toastStore.js';

const ICONS: Record<ToastTone, ReactNode> = {
  success: <SuccessIcon />,
  error: <ErrorIcon />,
  info: <InfoIcon />,
};

// Said before the message by screen readers, since the icon that shows the tone is hidden.
const TONE_WORDS: Record<ToastTone, string> = { success: 'Success:', error: 'Error:', info: 'Info:' };

/** The notifier. Stable across renders and React roots; see toastStore for why. */
export function useToast(): ToastApi {
  return toast;
}

// Only one viewport may render, however many Toasters the shell and remotes mount:
// the first one mounted owns the screen corner; if it goes, the next takes over.
const viewports: symbol[] = [];
const viewportListeners = new Set<() => void>();
const viewportOwner = () => viewports[0];
function registerViewport(token: symbol): () => void {
  viewports.push(token);
  viewportListeners.forEach((listener) => listener());
  return () => {
    viewports.splice(viewports.indexOf(token), 1);
    viewportListeners.forEach((listener) => listener());
  };
}
function subscribeViewports(listener: () => void) {
  viewportListeners.add(listener);
  return () => viewportListeners.delete(listener);
}

export interface ToasterProps {
  /** Names the notifications landmark. */
  label?: string;
  dismissLabel?: string;
}

/**
 * Renders the toasts in a polite live region at the bottom right. The shell mounts one;
 * a remote's standalone dev host mounts its own. Timers pause while the pointer or the
 * focus is inside, so nobody loses a message they are reading.
 */
export function Toaster({ label = 'Notifications', dismissLabel = 'Dismiss notification' }: ToasterProps) {
  useStylesheet();
  const [token] = useState(() => Symbol('toaster'));
  useEffect(() => registerViewport(token), [token]);
  const owner = useSyncExternalStore(subscribeViewports, viewportOwner, viewportOwner);
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  if (owner !== token) return null;
  return (
    <section
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <ol className="pui-toast-viewport" aria-live="polite" aria-relevant="additions text">
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} paused={hovered || focused} dismissLabel={dismissLabel} />
        ))}
      </ol>
    </section>
  );
}

interface ToastItemProps {
  toast: ToastRecord;
  paused: boolean;
  dismissLabel: string;
}

function ToastItem({ toast: item, paused, dismissLabel }: ToastItemProps) {
  const remaining = useRef(item.duration);
  useEffect(() => {
    remaining.current = item.duration;
  }, [item]);
  useEffect(() => {
    if (paused || remaining.current === null) return;
    const started = Date.now();
    const timer = setTimeout(() => toastStore.dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, item]);

  return (
    <li className={cx('pui-toast', `pui-toast--${item.tone}`)}>
      <span className="pui-toast__icon" aria-hidden="true">
        {ICONS[item.tone]}
      </span>
      <div className="pui-toast__content">
        <span className="pui-visually-hidden">{TONE_WORDS[item.tone]}</span>
        {item.title ? <div className="pui-toast__title">{item.title}</div> : null}
        <div className="pui-toast__message">{item.message}</div>
        {item.action ? (
          <div className="pui-toast__action">
            <Button
              size="sm"
              onClick={() => {
                item.action?.onClick();
                toastStore.dismiss(item.id);
              }}
            >
              {item.action.label}
            </Button>
          </div>
        ) : null}
      </div>
      <IconButton
        className="pui-toast__close"
        size="sm"
        label={dismissLabel}
        icon={<CloseIcon />}
        onClick={() => toastStore.dismiss(item.id)}
      />
    </li>
  );
}

export interface ToastProviderProps extends ToasterProps {
  children?: ReactNode;
}

/** Children plus a Toaster: a convenience for an app's root. `useToast` works without it. */
export function ToastProvider({ children, ...toasterProps }: ToastProviderProps) {
  return (
    <>
      {children}
      <Toaster {...toasterProps} />
    </>
  );
}
