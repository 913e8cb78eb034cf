// @portal/ui/form-controls — forms and their controls.
// Shared by Module Federation as a singleton provided by the shell, one per group, so a page
// loads the groups it renders (see README.md).

export { Form, FormActions, type FormProps, type FormActionsProps } from './forms/Form.js';
export { Field, type FieldProps } from './forms/Field.js';
export { useFieldControl, type FieldControlContext } from './forms/fieldContext.js';
export { InputFrame, type InputFrameProps, type ControlSize } from './forms/InputFrame.js';
export { TextInput, type TextInputProps } from './forms/TextInput.js';
export { PasswordInput, type PasswordInputProps } from './forms/PasswordInput.js';
export { NumberInput, parseNumberInput, type NumberInputProps } from './forms/NumberInput.js';
export { DateTimeInput, type DateTimeInputProps, type DateTimeMode } from './forms/DateTimeInput.js';
export { toDateTimeLocal, fromDateTimeLocal } from './forms/dateTime.js';
export { Select, type SelectProps, type SelectOption } from './forms/Select.js';
export { Textarea, type TextareaProps } from './forms/Textarea.js';
export { Checkbox, type CheckboxProps } from './forms/Checkbox.js';
export { Switch, type SwitchProps } from './forms/Switch.js';
export { FileDrop, fileMatchesAccept, type FileDropProps } from './forms/FileDrop.js';
