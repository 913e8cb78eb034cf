// Rows of name/value pairs (query parameters, headers, form fields).
import { Button, IconButton, TextInput, CloseIcon } from '@portal/ui';
import type { ReactNode } from 'react';
import type { Pair } from '../invoke/request.js';

export function PairsEditor({
  label,
  pairs,
  onChange,
  namePlaceholder = 'name',
}: {
  label: string;
  pairs: Pair[];
  onChange(pairs: Pair[]): void;
  namePlaceholder?: string;
}): ReactNode {
  const set = (index: number, pair: Pair) =>
    onChange(pairs.map((p, i) => (i === index ? pair : p)));
  return (
    <fieldset className="fn-pairs" aria-label={label}>
      <legend className="fn-pairs__legend">{label}</legend>
      {pairs.map(([name, value], i) => (
        <div className="fn-pairs__row" key={i}>
          <TextInput
            aria-label={`${label} ${i + 1} name`}
            placeholder={namePlaceholder}
            value={name}
            onChange={(e) => set(i, [e.target.value, value])}
            mono
          />
          <TextInput
            aria-label={`${label} ${i + 1} value`}
            placeholder="value"
            value={value}
            onChange={(e) => set(i, [name, e.target.value])}
            mono
          />
          <IconButton
            label={`Remove ${label.toLowerCase()} ${i + 1}`}
            icon={<CloseIcon />}
            onClick={() => onChange(pairs.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button size="sm" variant="ghost" onClick={() => onChange([...pairs, ['', '']])}>
        Add {label.toLowerCase().replace(/s$/, '')}
      </Button>
    </fieldset>
  );
}
