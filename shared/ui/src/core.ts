// @portal/ui/core — theme, layout, navigation, buttons, data display, feedback and icons: what
// the shell's chrome renders on every page.
// Shared by Module Federation as a singleton provided by the shell, one per group, so a page
// loads the groups it renders (see README.md).

export { ensureStylesheet, ensureStylePart } from './styles/ensureStylesheet.js';
export { STYLESHEET_VERSION, type StylePart } from './styles/parts.js';
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
export { AppShell, type AppShellProps } from './layout/AppShell.js';
export { DRAWER_MEDIA } from './layout/drawer.js';
export { PageHeader, type PageHeaderProps } from './layout/PageHeader.js';
export { Card, type CardProps } from './layout/Card.js';
export { Stack, Inline, type InlineProps, type Space } from './layout/Stack.js';
export { VisuallyHidden } from './layout/VisuallyHidden.js';
export { TextLink, type TextLinkProps } from './layout/TextLink.js';
export { Divider } from './layout/Divider.js';
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
export { placePopup, usePopupPlacement, type PopupPlacement } from './nav/popupPlacement.js';
export { pageItems, type PageItem } from './nav/pageItems.js';
export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './buttons/Button.js';
export { IconButton, type IconButtonProps } from './buttons/IconButton.js';
export { nextSort, type SortState, type SortDirection } from './data/sort.js';
export { Badge, type BadgeProps, type BadgeTone } from './data/Badge.js';
export { Avatar, AvatarGroup, type AvatarProps, type AvatarGroupProps, type PresenceStatus } from './data/Avatar.js';
export { initialsOf, avatarColourOf } from './data/initials.js';
export { Code, CodeBlock, type CodeBlockProps } from './data/Code.js';
export { DescriptionList, type DescriptionListProps, type DescriptionItem } from './data/DescriptionList.js';
export { Toaster, ToastProvider, useToast, type ToasterProps, type ToastProviderProps } from './feedback/Toast.js';
export { toast, type ToastApi, type ToastOptions, type ToastTone, type ToastAction, type Toast } from './feedback/toastStore.js';
export { ProgressBar, type ProgressBarProps } from './feedback/ProgressBar.js';
export { Spinner, type SpinnerProps } from './feedback/Spinner.js';
export { EmptyState, type EmptyStateProps } from './feedback/EmptyState.js';
export { ErrorState, type ErrorStateProps } from './feedback/ErrorState.js';
export { Alert, type AlertProps, type AlertTone } from './feedback/Alert.js';
export { Skeleton, type SkeletonProps } from './feedback/Skeleton.js';
export * from './icons/icons.js';
