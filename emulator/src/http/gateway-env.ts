// What the gateway resolves for every request before a service sees it, as hono's typed
// variables (`c.get('bearer')`): every service's app is a `Hono<GatewayEnv>`.

/** What the gateway resolves for every request before a service sees it. */
export interface GatewayVariables {
  /**
   * The token to verify, after the CLI's `sb_` key mapping
   * (docs/compatibility.md#gateway-headers-and-keys); null when none.
   */
  bearer: string | null;
  /** The `apikey` header (or `?apikey=`), as sent. */
  apikey: string | null;
}

export type GatewayEnv = { Variables: GatewayVariables };
