// The usage texts of the review mode's running commands (cycle-commands.ts).

export const PLAN_USAGE = `Usage: agent-harness plan "<description>" [--headless]
       agent-harness plan status <plan_id>

The planner persona writes .harness/plans/<plan_id>/planfile.json for the description. On a terminal it runs
interactively so it can ask you questions; --headless runs it unattended, stating its assumptions in the plan's
context. The plan is checked against schema/planfile.schema.json; a malformed plan gets one corrective session
with every problem, then fails with exit code 11. \`plan status\` shows every task's tries, gate results,
verdicts, cost and tokens.

Options:
      --headless        No questions: the planner runs as an unattended session (always in the Action)
  -c, --config <PATH>   Config file (default: harness.yml, harness.yaml or harness.toml here)
  -v, --verbose / -q, --quiet
  -h, --help`;

export const PLAN_STATUS_USAGE = `Usage: agent-harness plan status <plan_id>

Shows every task of the plan .harness/plans/<plan_id>/: its status, tries, gate results, verdicts, cost and
tokens. Reads only; runs nothing.

Options:
  -h, --help`;

export const LOOP_USAGE = `Usage: agent-harness loop [--max-tries N] [--reply TEXT [--task ID]] <plan_id>

For each task of the plan, in dependency order: a develop session (developer persona), the gate (./build.sh then
./verify.sh, each with review.gate_timeout_mins), and a review session (architect persona) whose "Result: PASS"
ends the task; anything else is a failed try, up to --max-tries. Resumes where it stopped.

Options:
      --max-tries <N>   Tries per task (review.max_tries, default 2)
      --reply <TEXT>    Your answer to a task that waits for a human: it resumes with your words in the
                        develop prompt and gets --max-tries more tries
      --task <ID>       The task --reply answers (needed when several wait)
  -c, --config <PATH>   Config file
  -v, --verbose / -q, --quiet
  -h, --help

Exit codes: 0 every task done, 12 review.max_cost_usd reached, 13 a task waits for a human, 2 build.sh or
verify.sh missing or not executable, 11 an invalid plan or progress file.`;
