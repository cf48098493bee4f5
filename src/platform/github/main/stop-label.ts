// The STOP label on the run's issue as a stop source, polled during sessions (the loop's and review mode's).
import * as core from '@actions/core';
import type { StopSource } from '../../../loop/index.js';
import type { MainSetup } from './setup.js';

export function stopLabelSources(setup: MainSetup): StopSource[] {
  const { forge, issue, inputs } = setup;
  if (!forge || issue === null || !inputs.stopLabel) return [];
  const label = inputs.stopLabel;
  core.info(
    `Watching issue #${issue} for the "${label}" label (every ${inputs.stopLabelPollSecs} s during a session).`,
  );
  return [
    {
      name: 'stop_label',
      pollMs: inputs.stopLabelPollSecs * 1000,
      check: async () => (await forge.issueLabels(issue)).includes(label),
    },
  ];
}
