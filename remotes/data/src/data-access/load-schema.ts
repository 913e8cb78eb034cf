// The tables the signed-in person may reach: the OpenAPI description the REST API serves at
// `GET /rest/v1/` for their JWT (PostgREST shows only what the role has privileges on).
import type { SupabaseClient } from '@supabase/supabase-js';
import { DataError, DataErrorCode, describeFailure, describeRestError, isDataError, isUnreachable, UNREACHABLE } from '../errors/data-errors.js';
import type { SchemaModel } from '../schema/openapi-model.js';

/**
 * The description's reader (its schema, and zod) comes in a chunk of its own, asked for beside the
 * description: in the remote's first chunk it was part of the remote's first task (issue #40).
 */
function loadReader() {
  return import('../schema/openapi-document.js').catch((error: unknown) => {
    if (isUnreachable(error)) throw new DataError(DataErrorCode.Unreachable, UNREACHABLE);
    throw new DataError(DataErrorCode.SchemaUnavailable, `The code that reads the database's description did not download: ${describeFailure(error)}`);
  });
}

export async function loadSchemaModel(supabase: SupabaseClient, signal?: AbortSignal): Promise<SchemaModel> {
  const reader = loadReader();
  // Said by the request's own failure when both fail.
  reader.catch(() => undefined);
  let response: Awaited<ReturnType<SupabaseClient['getOpenApiSpec']>>;
  try {
    response = await supabase.getOpenApiSpec();
  } catch (error) {
    if (isDataError(error)) throw error;
    if (isUnreachable(error)) throw new DataError(DataErrorCode.Unreachable, UNREACHABLE);
    throw new DataError(DataErrorCode.SchemaUnavailable, `The REST API could not describe the database: ${describeFailure(error)}`);
  }
  signal?.throwIfAborted();
  if (response.error && isUnreachable(response.error)) throw new DataError(DataErrorCode.Unreachable, UNREACHABLE);
  if (response.error) {
    throw new DataError(DataErrorCode.SchemaUnavailable, `The REST API could not describe the database. ${describeRestError(response.error)}`, response.error.code ?? null);
  }
  const { schemaModelFromOpenApi } = await reader;
  return schemaModelFromOpenApi(response.data);
}
