// @portal/ui — the portal's design system. One public surface; everything else is internal.
// The components come in groups (core, form-controls, tables, overlays), each shared by Module
// Federation as a singleton provided by the shell. This module is not shared: each app bundles it, and it names
// every export of the groups one by one (never `export *`, which the bundler cannot trace through
// a shared module), so an import from `@portal/ui` loads only the groups it uses (see README.md).

// core
export { ensureStylesheet, ensureStylePart } from '@portal/ui/core';
export { STYLESHEET_VERSION, type StylePart } from '@portal/ui/core';
export {
  getThemePreference,
  initTheme,
  resolveTheme,
  setThemePreference,
  subscribeTheme,
  THEME_STORAGE_KEY,
  type ResolvedTheme,
  type ThemePreference,
} from '@portal/ui/core';
export { useTheme, type ThemeState } from '@portal/ui/core';
export { ThemeToggle, type ThemeToggleProps } from '@portal/ui/core';
export { AppShell, type AppShellProps } from '@portal/ui/core';
export { DRAWER_MEDIA } from '@portal/ui/core';
export { PageHeader, type PageHeaderProps } from '@portal/ui/core';
export { Card, type CardProps } from '@portal/ui/core';
export { Stack, Inline, type InlineProps, type Space } from '@portal/ui/core';
export { VisuallyHidden } from '@portal/ui/core';
export { TextLink, type TextLinkProps } from '@portal/ui/core';
export { Divider } from '@portal/ui/core';
export { Nav, NavSection, NavLink, type NavProps, type NavSectionProps, type NavLinkProps } from '@portal/ui/core';
export { Tabs, TabList, Tab, TabPanel, type TabsProps, type TabListProps, type TabProps, type TabPanelProps } from '@portal/ui/core';
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
} from '@portal/ui/core';
export { placePopup, usePopupPlacement, type PopupPlacement } from '@portal/ui/core';
export { pageItems, type PageItem } from '@portal/ui/core';
export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from '@portal/ui/core';
export { IconButton, type IconButtonProps } from '@portal/ui/core';
export { nextSort, type SortState, type SortDirection } from '@portal/ui/core';
export { Badge, type BadgeProps, type BadgeTone } from '@portal/ui/core';
export { Avatar, AvatarGroup, type AvatarProps, type AvatarGroupProps, type PresenceStatus } from '@portal/ui/core';
export { initialsOf, avatarColourOf } from '@portal/ui/core';
export { Code, CodeBlock, type CodeBlockProps } from '@portal/ui/core';
export { DescriptionList, type DescriptionListProps, type DescriptionItem } from '@portal/ui/core';
export { Toaster, ToastProvider, useToast, type ToasterProps, type ToastProviderProps } from '@portal/ui/core';
export { toast, type ToastApi, type ToastOptions, type ToastTone, type ToastAction, type Toast } from '@portal/ui/core';
export { ProgressBar, type ProgressBarProps } from '@portal/ui/core';
export { Spinner, type SpinnerProps } from '@portal/ui/core';
export { EmptyState, type EmptyStateProps } from '@portal/ui/core';
export { ErrorState, type ErrorStateProps } from '@portal/ui/core';
export { Alert, type AlertProps, type AlertTone } from '@portal/ui/core';
export { Skeleton, type SkeletonProps } from '@portal/ui/core';
export {
  ChevronDownIcon,
  ChevronUpIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsUpDownIcon,
  ArrowUpIcon,
  ArrowDownIcon,
  CheckIcon,
  CloseIcon,
  PlusIcon,
  MinusIcon,
  MenuIcon,
  MoreIcon,
  SearchIcon,
  EyeIcon,
  EyeOffIcon,
  CopyIcon,
  InfoIcon,
  SuccessIcon,
  ErrorIcon,
  WarningIcon,
  SunIcon,
  MoonIcon,
  MonitorIcon,
  InboxIcon,
  RefreshIcon,
  UploadIcon,
  FileIcon,
  TableIcon,
  UserIcon,
  LogOutIcon,
  SettingsIcon,
  HomeIcon,
  BoltIcon,
  ChatIcon,
  DatabaseIcon,
  FolderIcon,
  KeyIcon,
  type IconProps,
  type Icon,
} from '@portal/ui/core';

// form controls
export { Form, FormActions, type FormProps, type FormActionsProps } from '@portal/ui/form-controls';
export { Field, type FieldProps } from '@portal/ui/form-controls';
export { useFieldControl, type FieldControlContext } from '@portal/ui/form-controls';
export { InputFrame, type InputFrameProps, type ControlSize } from '@portal/ui/form-controls';
export { TextInput, type TextInputProps } from '@portal/ui/form-controls';
export { PasswordInput, type PasswordInputProps } from '@portal/ui/form-controls';
export { NumberInput, parseNumberInput, type NumberInputProps } from '@portal/ui/form-controls';
export { DateTimeInput, type DateTimeInputProps, type DateTimeMode } from '@portal/ui/form-controls';
export { toDateTimeLocal, fromDateTimeLocal } from '@portal/ui/form-controls';
export { Select, type SelectProps, type SelectOption } from '@portal/ui/form-controls';
export { Textarea, type TextareaProps } from '@portal/ui/form-controls';
export { Checkbox, type CheckboxProps } from '@portal/ui/form-controls';
export { Switch, type SwitchProps } from '@portal/ui/form-controls';
export { FileDrop, fileMatchesAccept, type FileDropProps } from '@portal/ui/form-controls';

// tables
export { Table, type TableProps, type TableColumn } from '@portal/ui/tables';
export { Pagination, type PaginationProps } from '@portal/ui/tables';

// overlays
export { Dialog, type DialogProps } from '@portal/ui/overlays';
export { ConfirmDialog, type ConfirmDialogProps } from '@portal/ui/overlays';
