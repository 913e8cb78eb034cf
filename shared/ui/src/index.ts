// @portal/ui — the portal's design system. One public surface; everything else is internal.
// Shared by Module Federation as a singleton provided by the shell (see README.md).

// Styles and theme
export { ensureStylesheet } from './styles/ensureStylesheet.js';
export { portalStylesheet, STYLESHEET_VERSION } from './styles/stylesheet.js';
export {
  getThemePreference,
  initTheme,
  resolveTheme,
  setThemePreference,
  subscribeTheme,
  THEME_STORAGE_KEY,
  type ResolvedTheme,
  type ThemePreference,
} from './theme/themeStore.js';
export { useTheme, type ThemeState } from './theme/useTheme.js';
export { ThemeToggle, type ThemeToggleProps } from './theme/ThemeToggle.js';

// Layout
export { AppShell, type AppShellProps } from './layout/AppShell.js';
export { DRAWER_MEDIA } from './layout/drawer.js';
export { PageHeader, type PageHeaderProps } from './layout/PageHeader.js';
export { Card, type CardProps } from './layout/Card.js';
export { Stack, Inline, type InlineProps, type Space } from './layout/Stack.js';
export { VisuallyHidden } from './layout/VisuallyHidden.js';
export { TextLink, type TextLinkProps } from './layout/TextLink.js';
export { Divider } from './layout/Divider.js';

// Navigation
export { Nav, NavSection, NavLink, type NavProps, type NavSectionProps, type NavLinkProps } from './nav/Nav.js';
export { Tabs, TabList, Tab, TabPanel, type TabsProps, type TabListProps, type TabProps, type TabPanelProps } from './nav/Tabs.js';
export {
  Menu,
  Dropdown,
  MenuTrigger,
  MenuList,
  MenuItem,
  MenuSeparator,
  MenuLabel,
  type MenuProps,
  type MenuTriggerProps,
  type MenuListProps,
  type MenuItemProps,
} from './nav/Menu.js';
export { Pagination, type PaginationProps } from './nav/Pagination.js';
export { pageItems, type PageItem } from './nav/pageItems.js';

// Buttons
export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './buttons/Button.js';
export { IconButton, type IconButtonProps } from './buttons/IconButton.js';

// Forms
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

// Data display
export { Table, type TableProps, type TableColumn } from './data/Table.js';
export { nextSort, type SortState, type SortDirection } from './data/sort.js';
export { Badge, type BadgeProps, type BadgeTone } from './data/Badge.js';
export { Avatar, AvatarGroup, type AvatarProps, type AvatarGroupProps, type PresenceStatus } from './data/Avatar.js';
export { initialsOf, avatarColourOf } from './data/initials.js';
export { Code, CodeBlock, type CodeBlockProps } from './data/Code.js';
export { DescriptionList, type DescriptionListProps, type DescriptionItem } from './data/DescriptionList.js';

// Overlays
export { Dialog, type DialogProps } from './overlays/Dialog.js';
export { ConfirmDialog, type ConfirmDialogProps } from './overlays/ConfirmDialog.js';

// Feedback
export { Toaster, ToastProvider, useToast, type ToasterProps, type ToastProviderProps } from './feedback/Toast.js';
export { toast, type ToastApi, type ToastOptions, type ToastTone, type ToastAction, type Toast } from './feedback/toastStore.js';
export { ProgressBar, type ProgressBarProps } from './feedback/ProgressBar.js';
export { Spinner, type SpinnerProps } from './feedback/Spinner.js';
export { EmptyState, type EmptyStateProps } from './feedback/EmptyState.js';
export { ErrorState, type ErrorStateProps } from './feedback/ErrorState.js';
export { Alert, type AlertProps, type AlertTone } from './feedback/Alert.js';
export { Skeleton, type SkeletonProps } from './feedback/Skeleton.js';

// Icons
export * from './icons/icons.js';
