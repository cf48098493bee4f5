// The main step's trigger judgement: whether this event runs the loop at all (an issue label can start it; only a
// trusted actor's label does, and the issue's text is data), and the prompt file it runs with.
import { writeFile } from 'node:fs/promises';
import { readInputText } from '../../../os/input-file.js';
import { join, resolve } from 'node:path';
import * as core from '@actions/core';
import { InputError } from '../inputs.js';
import { issuePrompt, judgeTrigger, labelTriggerFrom } from './issue-trigger.js';
import type { MainSetup } from './setup.js';

/**
 * Run with this prompt file (null: the config's), or stop here (the outputs and the step's state are set).
 * `issue` is the labelled issue when the trigger label started the run: its prompt file then holds the issue's
 * text, fenced as untrusted data (review mode makes it the plan's description).
 */
export type TriggerDecision = { run: true; promptFile: string | null; issue: number | null } | { run: false };

export async function decideTrigger(setup: MainSetup): Promise<TriggerDecision> {
  const { inputs, gh, forge, trust, warn, cwd, workDir } = setup;
  let promptOverride: string | null = inputs.promptFile;
  if (inputs.prompt !== null) {
    promptOverride = join(workDir, 'prompt.md');
    await writeFile(promptOverride, inputs.prompt);
  }
  const trigger = inputs.triggerLabel
    ? labelTriggerFrom(gh.eventName, gh.payload, inputs.triggerLabel)
    : null;
  if (inputs.triggerLabel && gh.eventName === 'issues' && !trigger) {
    core.info(`This event is not the "${inputs.triggerLabel}" label being added: nothing to do.`);
    core.setOutput('stop-reason', 'not_triggered');
    return { run: false };
  }
  if (!trigger) return { run: true, promptFile: promptOverride, issue: null };
  if (!forge || !trust)
    throw new InputError('the issue-label trigger needs the github-token input to check who added the label');
  const verdict = await judgeTrigger(trigger, forge, trust);
  if (verdict.kind === 'refused') {
    await forge
      .comment(trigger.issue, verdict.message)
      .catch((error: Error) => warn(`could not comment: ${error.message}`));
    core.setOutput('stop-reason', 'refused');
    core.setFailed(verdict.message);
    return { run: false };
  }
  if (verdict.titleNote) warn(`Issue #${trigger.issue}: ${verdict.titleNote}.`);
  if (verdict.bodyNote)
    warn(`Issue #${trigger.issue}: the body is not given to the agent: ${verdict.bodyNote}.`);
  const base = promptOverride
    ? await readInputText(resolve(cwd, promptOverride), { what: 'prompt file' })
    : null;
  const promptFile = join(workDir, `issue-${trigger.issue}-prompt.md`);
  await writeFile(promptFile, issuePrompt({ ...verdict, promptFile: base }));
  return { run: true, promptFile, issue: trigger.issue };
}
