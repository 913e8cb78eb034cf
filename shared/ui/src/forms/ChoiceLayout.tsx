import type { ReactNode } from 'react';
import { cx } from '../internal/cx.js';

export interface ChoiceLayoutProps {
  controlId: string;
  descriptionId: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  className?: string;
  /** The checkbox or switch input. */
  children: ReactNode;
}

/**
 * A checkbox or switch with its label and description beside it. The <label> holds only
 * the label text, so the description is the control's description, not part of its name.
 */
export function ChoiceLayout({ controlId, descriptionId, label, description, disabled, className, children }: ChoiceLayoutProps) {
  return (
    <div className={cx('pui-choice', className)} data-disabled={disabled || undefined}>
      {children}
      <span className="pui-choice__text">
        <label htmlFor={controlId} className="pui-choice__label">
          {label}
        </label>
        {description ? (
          <span id={descriptionId} className="pui-choice__description">
            {description}
          </span>
        ) : null}
      </span>
    </div>
  );
}
