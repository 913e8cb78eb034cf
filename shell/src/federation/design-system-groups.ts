// The design-system groups the shell provides to remotes without rendering them itself: each is a
// chunk of the shell's own, loaded when first asked for (by the federation runtime when a remote
// consumes it, or ahead of that when a release's registry entry says its first scripts will).
// The chunk names are those shell/rspack.config.ts gathers each group's folder into.
export const lazyDesignSystemGroups: Readonly<Record<string, () => Promise<unknown>>> = {
  '@portal/ui/form-controls': () => import(/* webpackChunkName: "ui-form-controls" */ '@portal/ui/form-controls'),
  '@portal/ui/tables': () => import(/* webpackChunkName: "ui-tables" */ '@portal/ui/tables'),
  '@portal/ui/overlays': () => import(/* webpackChunkName: "ui-overlays" */ '@portal/ui/overlays'),
  // Both of the first two as one group, for releases built before platform contract 1.4.
  '@portal/ui/forms': () => import(/* webpackChunkName: "ui-forms" */ '@portal/ui/forms'),
};
