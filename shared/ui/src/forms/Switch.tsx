import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from '../internal/cx.js';
import { useStylesheet } from '../internal/useStylesheet.js';
import { useFieldControl } from './fieldContext.js';

export interface SwitchProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'size' | 'role'> {
  /** Visible label. Without one, give the switch an `aria-label`. */
  label?: ReactNode;
  description?: ReactNode;
}

/**
 * An on/off setting that applies at once. A checkbox underneath (so forms and keyboard
 * work natively) announced as a switch.
 */
export function Switch({ label, description, className, ...rest }: SwitchProps) {
  useStylesheet();
  const descriptionId = `pui-switch-${useId()}-description`;
  const { invalid: _invalid, ...wiring } = useFieldControl({
    ...rest,
    'aria-describedby': [description ? descriptionId : undefined, rest['aria-describedby']].filter(Boolean).join(' ') || undefined,
  });
  const input = (
    <input type="checkbox" role="switch" className={cx('pui-switch', !label && className)} {...rest} {...wiring} />
  );
  if (!label) return input;
  return (
    <label className={cx('pui-choice', className)} data-disabled={wiring.disabled || undefined}>
      {input}
      <span className="pui-choice__text">
        <span>{label}</span>
        {description ? (
          <span id={descriptionId} className="pui-choice__description">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}
