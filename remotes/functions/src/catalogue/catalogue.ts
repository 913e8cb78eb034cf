// The catalogue of the project's functions. Locally the emulator lists them (`GET
// /functions/v1/`, an emulator extra); hosted Supabase has no listing API, so the remote's build
// writes the same facts from supabase/functions/ into `functions.json`, deployed beside its code
// (build/functions-catalogue.ts). Both are read through this one schema.
import * as z from 'zod/mini';
import { IN_ENGLISH } from '../zod-messages.js';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One entry of `supabase/functions/<name>/examples.json`: a request worth trying. */
export const functionExample = z.strictObject({
  title: z.string().check(z.minLength(1)),
  method: z.optional(z.enum(HTTP_METHODS)),
  path: z.optional(z.string().check(z.startsWith('/'))),
  query: z.optional(z.record(z.string(), z.string())),
  headers: z.optional(z.record(z.string(), z.string())),
  json: z.optional(z.unknown()),
  text: z.optional(z.string()),
  /**
   * What the example changes, for an example that writes: one sentence a person reads before it
   * runs ("Adds a document called “Refunds” to your library."). Examples without it only read.
   */
  writes: z.optional(z.string().check(z.minLength(1))),
});
export type FunctionExample = z.infer<typeof functionExample>;

export const catalogueEntry = z.object({
  name: z.string().check(z.minLength(1)),
  verify_jwt: z.boolean(),
  description: z.nullable(z.string()),
  examples: z._default(z.array(functionExample), []),
});
export type CatalogueEntry = z.infer<typeof catalogueEntry>;

export const catalogueDocument = z.object({ functions: z.array(catalogueEntry) });

/** Where the catalogue came from: the emulator's listing (logs available) or the deployed file. */
export type CatalogueSource = 'listing' | 'deployed';

export interface Catalogue {
  source: CatalogueSource;
  functions: CatalogueEntry[];
}

/**
 * The emulator's listing when the API has one, else the catalogue deployed with the remote.
 * `fetchJson` answers null for a missing or unreadable document.
 */
export async function loadCatalogue(
  listingUrl: string,
  deployedUrl: string,
  fetchJson: (url: string) => Promise<unknown>,
): Promise<Catalogue> {
  const listing = catalogueDocument.safeParse(await fetchJson(listingUrl), IN_ENGLISH);
  if (listing.success) return { source: 'listing', functions: listing.data.functions };
  const deployed = catalogueDocument.safeParse(await fetchJson(deployedUrl), IN_ENGLISH);
  if (deployed.success) return { source: 'deployed', functions: deployed.data.functions };
  throw new Error(
    `Neither the API's function listing (${listingUrl}) nor the deployed catalogue (${deployedUrl}) could be read: ${z.prettifyError(deployed.error)}`,
  );
}
