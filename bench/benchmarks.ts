// Every benchmark, in the order bench/run.ts runs them: one script each in this directory. The test suite runs each
// in its quick mode (test/bench/quick.test.ts) and checks that this list names every script.
export const ALL = [
  'overhead',
  'startup',
  'watchdog-precision',
  'stream-throughput',
  'classify',
  'soak',
  'action',
  'tasks-graph',
  'event-log-read',
  'metrics',
  'worker-find',
  'worker-iteration',
  'isolation',
  'supervise',
] as const;
