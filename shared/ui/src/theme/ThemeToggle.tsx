import { useEffect, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { MonitorIcon, MoonIcon, SunIcon } from '../icons/icons.js';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';
import { initTheme, type ThemePreference } from './themeStore.js';
import { useTheme } from './useTheme.js';

export interface ThemeToggleProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange'> {
  /** Names the group; translate the option labels with `labels`. */
  label?: string;
  labels?: Partial<Record<ThemePreference, string>>;
}

const OPTIONS: ReadonlyArray<{ value: ThemePreference; icon: ReactNode; label: string }> = [
  { value: 'light', icon: <SunIcon />, label: 'Light theme' },
  { value: 'dark', icon: <MoonIcon />, label: 'Dark theme' },
  { value: 'system', icon: <MonitorIcon />, label: 'System theme' },
];

/**
 * Light / dark / system, as a radio group of three icon buttons (arrow keys move the
 * choice). The choice is saved in localStorage and applied as <html data-theme>.
 */
export function ThemeToggle({ label = 'Theme', labels, className, ...rest }: ThemeToggleProps) {
  useStylesheet();
  const { preference, setPreference } = useTheme();
  useEffect(() => initTheme(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = OPTIONS.findIndex((option) => option.value === preference);
    const next = OPTIONS[(index + step + OPTIONS.length) % OPTIONS.length];
    if (!next) return;
    setPreference(next.value);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-value="${next.value}"]`)?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cx('pui-theme-toggle', className)}
      onKeyDown={onKeyDown}
      {...rest}
    >
      {OPTIONS.map((option) => {
        const checked = option.value === preference;
        const name = labels?.[option.value] ?? option.label;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={name}
            title={name}
            tabIndex={checked ? 0 : -1}
            data-value={option.value}
            className="pui-theme-toggle__option"
            onClick={() => setPreference(option.value)}
          >
            {option.icon}
          </button>
        );
      })}
    </div>
  );
}
