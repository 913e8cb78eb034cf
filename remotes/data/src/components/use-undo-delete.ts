// Undo after a delete, as a mail client or a file manager offers it: the toast that says the rows
// are deleted carries "Undo", which puts them back as they were (the rows the delete returned).
// Row level security decides whether the person may add them again, and the toast says so when
// not; rows the database deleted with them in other tables (cascades) are not restored.
import { toast } from '@portal/ui';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback } from 'react';
import { restoreRows } from '../data-access/write-rows.js';
import { describeFailure } from '../errors/data-errors.js';
import type { Row } from '../query/row-identity.js';
import { insertRequirement, type SchemaModel, type TableModel } from '../schema/openapi-model.js';

/** Long enough to read the toast and reach its button by keyboard. */
export const UNDO_MS = 12_000;

export function useUndoDelete(supabase: SupabaseClient, table: TableModel, model: SchemaModel, afterRestore: () => void): { offer(deleted: readonly Row[]): void } {
  const offer = useCallback(
    (deleted: readonly Row[]) => {
      const count = deleted.length;
      const what = count === 1 ? 'Row deleted' : `${count} rows deleted`;
      const referenced = model.tables.some((other) => other.columns.some((c) => c.foreignKey?.table === table.name));
      const undo = async () => {
        const generated = table.columns.filter((c) => insertRequirement(table, c) === 'generated').map((c) => c.name);
        try {
          const restored = await restoreRows(supabase, table, deleted, generated);
          toast.success(
            restored.newKeys
              ? `Back in ${table.name}, with ${count === 1 ? 'a new key' : 'new keys'}: the database numbers ${generated.join(', ')} itself.`
              : `Back in ${table.name} as ${count === 1 ? 'it was' : 'they were'}.`,
            { title: count === 1 ? 'Row restored' : `${count} rows restored` },
          );
        } catch (error) {
          toast.error(`${describeFailure(error)} The ${count === 1 ? 'row stays' : 'rows stay'} deleted.`, { title: 'Could not undo the delete' });
        } finally {
          afterRestore();
        }
      };
      toast.success(
        referenced
          ? `Deleted from ${table.name}. Undo puts ${count === 1 ? 'it' : 'them'} back; rows of other tables the database deleted with ${count === 1 ? 'it' : 'them'} are not restored.`
          : `Deleted from ${table.name}.`,
        { title: what, duration: UNDO_MS, action: { label: 'Undo', onClick: () => void undo() } },
      );
    },
    [supabase, table, model, afterRestore],
  );
  return { offer };
}
