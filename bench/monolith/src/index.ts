// The monolith's entry: the shell's own bootstrap, imported statically (no shared modules to
// negotiate, so no async boundary).
import '../../../shell/src/bootstrap.js';
