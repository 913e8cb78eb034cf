import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from '../internal/cx.js';
import { useGroupStylesheet } from '../internal/useGroupStylesheet.js';
import { ChoiceLayout } from './ChoiceLayout.js';
import { useFieldControl } from './fieldContext.js';
import { formsPart } from './forms.css.js';

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
  useGroupStylesheet(formsPart);
  const generatedId = `pui-switch-${useId()}`;
  const descriptionId = `${generatedId}-description`;
  const { invalid: _invalid, ...wiring } = useFieldControl({
    ...rest,
    'aria-describedby': [description ? descriptionId : undefined, rest['aria-describedby']].filter(Boolean).join(' ') || undefined,
  });
  const controlId = wiring.id ?? generatedId;
  const input = (
    <input type="checkbox" role="switch" className={cx('pui-switch', !label && className)} {...rest} {...wiring} id={controlId} />
  );
  if (!label) return input;
  return (
    <ChoiceLayout
      controlId={controlId}
      descriptionId={descriptionId}
      label={label}
      description={description}
      disabled={Boolean(wiring.disabled)}
      className={className}
    >
      {input}
    </ChoiceLayout>
  );
}
