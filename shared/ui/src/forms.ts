// @portal/ui/forms — the form controls and the table together, as one group: how remotes built
// before platform contract 1.4 consume them. The shell still provides it (when such a remote asks
// for it) so those releases keep working; the same modules as the form-controls and tables groups,
// so either way there is one instance of each. New builds never import it: `@portal/ui` names
// `@portal/ui/form-controls` and `@portal/ui/tables` instead (see README.md).

export * from './form-controls.js';
export * from './tables.js';
