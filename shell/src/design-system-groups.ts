// The design-system groups the shell provides to remotes without rendering them itself: each is a
// chunk of the shell's own, loaded when first asked for (by the federation runtime when a remote
// consumes it, or ahead of that when a release's registry entry says its first scripts will).
export const lazyDesignSystemGroups: Readonly<Record<string, () => Promise<unknown>>> = {
  '@portal/ui/forms': () => import('@portal/ui/forms'),
  '@portal/ui/overlays': () => import('@portal/ui/overlays'),
};
