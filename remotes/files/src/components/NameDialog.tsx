// A dialog asking for a name (rename, new folder): checked against storage's name rules before
// anything is sent, storage's refusal shown in the field, submitted once at a time.
import { Button, Dialog, Field, FormActions, TextInput } from '@portal/ui';
import { useRef, useState, type ReactNode } from 'react';
import { describeFailure } from '../failures.js';
import { checkObjectName } from '../upload/checks.js';

export function NameDialog({
  title,
  label,
  hint,
  initial,
  submitLabel,
  allowEmpty = false,
  onClose,
  onSubmit,
}: {
  title: string;
  label: string;
  hint?: string;
  initial: string;
  submitLabel: string;
  allowEmpty?: boolean;
  onClose: () => void;
  /** Resolves to an error message, or null when done. */
  onSubmit: (value: string) => Promise<string | null>;
}): ReactNode {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Enter in the field submits the form again while the first submission still runs (the
  // button's spinner does not stop the keyboard); a second rename or move of the same objects
  // was refused by storage half-way and its error shown while the first went on.
  const submitting = useRef(false);
  const submit = async () => {
    if (submitting.current) return;
    const trimmed = value.trim();
    const problem =
      !trimmed && !allowEmpty ? 'Enter a name.' : trimmed ? checkObjectName(trimmed) : undefined;
    if (problem) return setError(problem);
    submitting.current = true;
    setBusy(true);
    setError(null);
    let failed: string | null;
    try {
      failed = await onSubmit(trimmed);
    } catch (thrown) {
      // A lookup failed (a folder's listing, on the network, say): the dialog says so and can
      // be used again, rather than spinning for ever.
      failed = `${describeFailure(thrown)} Try again.`;
    } finally {
      submitting.current = false;
      setBusy(false);
    }
    if (failed) setError(failed);
    else onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <FormActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" loading={busy} onClick={() => void submit()}>
            {submitLabel}
          </Button>
        </FormActions>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label={label} hint={hint} error={error ?? undefined}>
          <TextInput value={value} onChange={(event) => setValue(event.target.value)} autoFocus />
        </Field>
      </form>
    </Dialog>
  );
}
