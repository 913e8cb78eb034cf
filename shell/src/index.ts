// The shell's entry. The first import asks for config.json and the registry it names before the
// rest of the start (React, supabase-js, the platform) is even evaluated; the bootstrap takes
// those answers. The shell is an ordinary application, not a federated container: its start needs
// no asynchronous boundary, and the federation runtime loads with the first remote.
import './early-start.js';
import './bootstrap.js';
