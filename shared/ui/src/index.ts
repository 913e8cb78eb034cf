// @portal/ui — the portal's design system. One public surface; everything else is internal.
// The components come in groups (core, forms, overlays), each shared by Module Federation as a
// singleton provided by the shell; this module only names them, so an app that imports
// `@portal/ui` loads the groups it uses and not the rest (see README.md).
export * from '@portal/ui/core';
export * from '@portal/ui/forms';
export * from '@portal/ui/overlays';
