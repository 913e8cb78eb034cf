import { useEffect, useId, useRef, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from '../internal/cx.js';
import { mergeRefs } from '../internal/mergeRefs.js';
import { useGroupStylesheet } from '../internal/useGroupStylesheet.js';
import { ChoiceLayout } from './ChoiceLayout.js';
import { useFieldControl } from './fieldContext.js';
import { formsPart } from './forms.css.js';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'size'> {
  /** Visible label. Without one, give the checkbox an `aria-label`. */
  label?: ReactNode;
  /** A second line under the label, read as the checkbox's description. */
  description?: ReactNode;
  /** The "some but not all" state, e.g. a table's select-all box. */
  indeterminate?: boolean;
  invalid?: boolean;
}

export function Checkbox({
  label,
  description,
  indeterminate = false,
  invalid,
  className,
  ref,
  ...rest
}: CheckboxProps) {
  useGroupStylesheet(formsPart);
  const own = useRef<HTMLInputElement>(null);
  const generatedId = `pui-checkbox-${useId()}`;
  const descriptionId = `${generatedId}-description`;
  const { invalid: _isInvalid, ...wiring } = useFieldControl({
    ...rest,
    invalid,
    'aria-describedby': [description ? descriptionId : undefined, rest['aria-describedby']].filter(Boolean).join(' ') || undefined,
  });
  const controlId = wiring.id ?? generatedId;
  useEffect(() => {
    if (own.current) own.current.indeterminate = indeterminate;
  }, [indeterminate]);

  const input = (
    <input
      type="checkbox"
      ref={mergeRefs(own, ref)}
      className={cx('pui-checkbox', !label && className)}
      {...rest}
      {...wiring}
      id={controlId}
    />
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
