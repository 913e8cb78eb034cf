// The shell's main entry. The page's first script (early-start.ts, an entry of its own) has
// already asked for config.json and the registry; the bootstrap takes those answers. The shell is
// an ordinary application, not a federated container: its start needs no asynchronous boundary,
// and the federation runtime loads with the first remote.
import './bootstrap.js';
