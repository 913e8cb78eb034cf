// The data remote's pages as the accessibility suites use them: a person's own project with two
// tasks, and the wait until the page shows the rows its URL asks for.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestPage } from '../browser.js';
import { settled } from './settled.js';
import { STEP_MS } from './waits.js';

/** A project of `person`'s own with two tasks; their ids. */
export async function projectWithTasks(person: { db: SupabaseClient }, name: string): Promise<{ projectId: number; taskIds: number[] }> {
  const project = await person.db.from('projects').insert({ name }).select('id').single();
  if (project.error) throw project.error;
  const projectId = (project.data as { id: number }).id;
  const tasks = await person.db
    .from('tasks')
    .insert([
      { project_id: projectId, title: 'Check the contrast', priority: 'high', tags: ['a11y'] },
      { project_id: projectId, title: 'Walk it with a keyboard', priority: 'low', tags: [] },
    ])
    .select('id')
    .order('id');
  if (tasks.error) throw tasks.error;
  return { projectId, taskIds: (tasks.data as { id: number }[]).map((task) => task.id) };
}

/** The data remote shows the rows of the view its URL asks for. */
export async function dataReady(page: TestPage): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector<HTMLElement>('.data-page[data-view]');
    return root !== null && root.dataset.state === 'ready' && root.dataset.loadedView === root.dataset.view;
  }, undefined, { timeout: STEP_MS });
  await settled(page);
}
