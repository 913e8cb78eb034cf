// The tables the signed-in person may reach: the OpenAPI description the REST API serves at
// `GET /rest/v1/` for their JWT (PostgREST shows only what the role has privileges on).
import type { SupabaseClient } from '@supabase/supabase-js';
import { DataError, DataErrorCode, describeFailure, describeRestError, isDataError, isUnreachable, UNREACHABLE } from '../errors/data-errors.js';
import { schemaModelFromOpenApi, type SchemaModel } from '../schema/openapi-model.js';

export async function loadSchemaModel(supabase: SupabaseClient, signal?: AbortSignal): Promise<SchemaModel> {
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
  return schemaModelFromOpenApi(response.data);
}
