// harness-tasks.json, schema version 2 exactly as the task protocol defines it, validated by zod. The file is
// written by the harness and by people; every problem is reported with its path.
import { z } from 'zod';
import { MAX_TIMER_SECS, TIMER_LIMIT_REASON } from '../config/index.js';
import { TASK_ERROR_CATEGORIES } from '../state/events/index.js';

export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export const PRIORITIES = ['P0', 'P1', 'P2'] as const;
/** The task list's validation failure categories: the event log's set (state/events). */
export const ERROR_CATEGORIES = TASK_ERROR_CATEGORIES;

export type TaskStatus = (typeof TASK_STATUSES)[number];
export type Priority = (typeof PRIORITIES)[number];
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

export const TASK_ID = /^task-\d{3,}$/;

const checkpoint = z
  .object({
    step: z.number().int().nonnegative(),
    total: z.number().int().positive(),
    description: z.string(),
    timestamp: z.string(),
  })
  .strict();

export const taskSchema = z
  .object({
    id: z.string().regex(TASK_ID, 'expected an id like task-001'),
    title: z.string().min(1),
    status: z.enum(TASK_STATUSES),
    priority: z.enum(PRIORITIES).default('P1'),
    depends_on: z.array(z.string()).default([]),
    attempts: z.number().int().nonnegative().default(0),
    max_attempts: z.number().int().positive().default(3),
    started_at_commit: z.string().nullable().default(null),
    /**
     * The branch HEAD was on when the task was claimed (null: detached). The harness goes back to it before
     * validating, committing or rolling back, whatever the agent checked out. Beyond the protocol's fields;
     * files without it still load.
     */
    started_on_branch: z.string().nullable().optional(),
    validation: z
      .object({
        command: z.string().nullable().default(null),
        timeout_seconds: z.number().positive().max(MAX_TIMER_SECS, TIMER_LIMIT_REASON).default(300),
      })
      .strict()
      .prefault({}),
    on_failure: z
      .object({ cleanup: z.string().nullable().default(null) })
      .strict()
      .prefault({}),
    error_log: z.array(z.string()).default([]),
    checkpoints: z.array(checkpoint).default([]),
    completed_at: z.string().nullable().default(null),
    /** When the task last failed (ISO): orders retries, oldest failure first. Beyond the protocol's fields. */
    failed_at: z.string().nullable().optional(),
    /** The last validation result, for status displays and the job summary. Beyond the protocol's fields. */
    last_validation: z
      .object({
        result: z.enum(['pass', 'fail', 'timeout', 'missing']),
        at: z.string(),
        exit_code: z.number().nullable(),
      })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();

export const taskFileSchema = z
  .object({
    version: z.literal(2),
    created: z.string(),
    session_config: z
      .object({
        max_tasks_per_session: z.number().int().positive().default(20),
        max_sessions: z.number().int().positive().default(50),
      })
      .strict()
      .prefault({}),
    tasks: z.array(taskSchema),
    session_count: z.number().int().nonnegative().default(0),
    last_session: z.string().nullable().default(null),
  })
  .strict()
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.tasks.forEach((task, index) => {
      if (seen.has(task.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['tasks', index, 'id'],
          message: `duplicate task id ${task.id}`,
        });
      }
      seen.add(task.id);
    });
    const ids = new Set(file.tasks.map((t) => t.id));
    file.tasks.forEach((task, index) => {
      task.depends_on.forEach((dep, d) => {
        if (!ids.has(dep)) {
          ctx.addIssue({
            code: 'custom',
            path: ['tasks', index, 'depends_on', d],
            message: `${task.id} depends on ${dep}, which is not in the task list`,
          });
        }
      });
    });
  });

export type Task = z.output<typeof taskSchema>;
export type TaskFile = z.output<typeof taskFileSchema>;
export type Checkpoint = z.output<typeof checkpoint>;

export function newTaskFile(nowIso: string): TaskFile {
  return {
    version: 2,
    created: nowIso,
    session_config: { max_tasks_per_session: 20, max_sessions: 50 },
    tasks: [],
    session_count: 0,
    last_session: null,
  };
}
