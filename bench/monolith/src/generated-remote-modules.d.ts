// The module bench/monolith/rspack.config.ts generates from every remotes/<name>/remote.json:
// remote name → exposed module name (without `./`) → its dynamic import.
export declare const remoteModules: Record<string, Record<string, () => Promise<unknown>>>;
