// Plans for the review-mode tests: the seed's example planfile, and small plans built from task specs.
import type { Plan, PlanTask } from '../../../src/review/schemas.js';

/** The seed's planfile.json, with its status placeholders resolved. */
export const SEED_PLANFILE = {
  id: 'fix-csv-naming-20260326T1321',
  title: 'Fix CSV download naming convention',
  created: '2026-03-26 13:21:21Z',
  status: 'todo',
  context: 'Brief description of why this work is needed and any relevant background',
  tasks: [
    {
      id: '1_update_csv_filename',
      title: 'Update CSV filename to use DDMMYY HH:MM format',
      status: 'todo',
      acceptance_criteria: [
        'CSV download filename follows DDMMYY HH:MM {Name} format',
        'Filename is generated using sanitized user input',
      ],
      possibly_relevant_files: ['src/components/TableViewer.tsx'],
      depends_on: [],
    },
  ],
};

/** A valid plan whose tasks are `[id, depends_on, status?]`. */
export function planOf(...tasks: Array<[string, string[], PlanTask['status']?]>): Plan {
  return {
    id: 'p-20260326T1321',
    title: 'P',
    created: '2026-03-26 13:21:21Z',
    status: 'todo',
    context: 'c',
    tasks: tasks.map(([id, depends_on, status]) => ({
      id,
      title: `task ${id}`,
      status: status ?? 'todo',
      acceptance_criteria: ['it works'],
      possibly_relevant_files: [],
      depends_on,
    })),
  };
}
