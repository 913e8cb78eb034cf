/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '../buttons/Button.js';
import { Checkbox } from './Checkbox.js';
import { Field } from './Field.js';
import { Form, FormActions } from './Form.js';
import { NumberInput } from './NumberInput.js';
import { PasswordInput } from './PasswordInput.js';
import { Select } from './Select.js';
import { Switch } from './Switch.js';
import { Textarea } from './Textarea.js';
import { TextInput } from './TextInput.js';

describe('Field', () => {
  it('labels its control and describes it with the hint', () => {
    render(
      <Field label="Email" hint="We never share it.">
        <TextInput type="email" />
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAccessibleDescription('We never share it.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the control invalid and reads the error before the hint', () => {
    render(
      <Field label="Password" hint="At least 8 characters." error="Password is too short.">
        <PasswordInput />
      </Field>,
    );
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Password is too short. At least 8 characters.');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy).toHaveLength(2);
    for (const id of describedBy) expect(document.getElementById(id)).toBeInTheDocument();
  });

  it('keeps a description the caller passed alongside the Field’s own', () => {
    render(
      <>
        <p id="extra">Shown in the URL.</p>
        <Field label="Slug" hint="Lowercase letters only.">
          <TextInput aria-describedby="extra" />
        </Field>
      </>,
    );
    expect(screen.getByLabelText('Slug')).toHaveAccessibleDescription('Lowercase letters only. Shown in the URL.');
  });

  it('passes required and disabled to the control', () => {
    render(
      <Field label="Name" required disabled>
        <TextInput />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /Name/ });
    expect(input).toBeRequired();
    expect(input).toBeDisabled();
  });

  it('wires every kind of control the same way', () => {
    render(
      <>
        <Field label="Role" error="Choose a role.">
          <Select placeholder="Choose…" options={[{ value: 'admin', label: 'Admin' }]} />
        </Field>
        <Field label="Notes" hint="Markdown is not rendered.">
          <Textarea />
        </Field>
        <Field label="Age" error="Must be a number.">
          <NumberInput />
        </Field>
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription('Choose a role.');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription('Markdown is not rendered.');
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('PasswordInput', () => {
  it('shows and hides the password with a labelled button', async () => {
    const user = userEvent.setup();
    render(
      <Field label="Password">
        <PasswordInput />
      </Field>,
    );
    const input = screen.getByLabelText('Password');
    await user.type(input, 'hunter22');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('hunter22');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('NumberInput', () => {
  it('reports numbers, and null for an empty box', async () => {
    const user = userEvent.setup();
    const values: Array<number | null> = [];
    render(<NumberInput aria-label="Quantity" onValueChange={(value) => values.push(value)} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.type(input, '42');
    await user.clear(input);
    expect(values).toEqual([4, 42, null]);
  });
});

describe('Checkbox and Switch', () => {
  it('are labelled by their own text and described by their description', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Checkbox label="Remember me" description="For 30 days on this device." />
        <Switch label="Email notifications" />
      </>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(checkbox).toHaveAccessibleDescription('For 30 days on this device.');
    await user.click(screen.getByText('Remember me'));
    expect(checkbox).toBeChecked();
    const toggle = screen.getByRole('switch', { name: 'Email notifications' });
    await user.keyboard('{Tab}');
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
  });

  it('shows the mixed state', () => {
    render(<Checkbox aria-label="Select all" indeterminate />);
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBePartiallyChecked();
  });
});

describe('Form', () => {
  function SignUp({ onValid }: { onValid: (email: string) => void }) {
    const [error, setError] = useState<string>();
    const [email, setEmail] = useState('');
    return (
      <Form
        onSubmit={() => {
          if (!email.includes('@')) setError('Enter an email address like name@example.com.');
          else {
            setError(undefined);
            onValid(email);
          }
        }}
      >
        <Field label="Name">
          <TextInput />
        </Field>
        <Field label="Email" error={error}>
          <TextInput value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <FormActions>
          <Button type="submit" variant="primary">
            Create account
          </Button>
        </FormActions>
      </Form>
    );
  }

  it('moves focus to the first invalid control after a failed submit', async () => {
    const user = userEvent.setup();
    const onValid = jest.fn();
    render(<SignUp onValid={onValid} />);
    await user.type(screen.getByLabelText('Email'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('Enter an email address like name@example.com.');
    expect(onValid).not.toHaveBeenCalled();

    await user.type(email, '@example.com{Enter}');
    expect(onValid).toHaveBeenCalledWith('ada@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
  });
});
