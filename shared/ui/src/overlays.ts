// @portal/ui/overlays — dialogs.
// Shared by Module Federation as a singleton provided by the shell, one per group, so a page
// loads the groups it renders (see README.md).

export { Dialog, type DialogProps } from './overlays/Dialog.js';
export { ConfirmDialog, type ConfirmDialogProps } from './overlays/ConfirmDialog.js';
