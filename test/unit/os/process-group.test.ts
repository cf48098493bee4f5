// The agent's process family, from synthetic /proc tables: what counts as escaped is what has left the leader's
// group, whenever the scan first saw it.
import { describe, expect, it } from 'vitest';
import { AgentProcesses, type ProcInfo } from '../../../src/os/process-group.js';

const proc = (pid: number, ppid: number, pgrp: number, start = `s${pid}`): ProcInfo => ({
  pid,
  ppid,
  pgrp,
  zombie: false,
  start,
});

describe('AgentProcesses', () => {
  it('a child first seen in the leader group, before its setsid(), is escaped once it has left', () => {
    const procs = new AgentProcesses(100);
    procs.refresh([proc(100, 1, 100), proc(101, 100, 100)]);
    expect(procs.escaped()).toEqual([]);
    // setsid(): the same process (same start time) now leads a group of its own, and forks a sleep.
    procs.refresh([proc(100, 1, 100), proc(101, 100, 101), proc(102, 101, 101)]);
    expect(procs.escaped()).toEqual([
      { pid: 101, start: 's101' },
      { pid: 102, start: 's102' },
    ]);
  });

  it('a later process that reused a tracked PID is not taken for the tracked one', () => {
    const procs = new AgentProcesses(100);
    procs.refresh([proc(100, 1, 100), proc(101, 100, 100)]);
    // 101 is gone and its PID now names a stranger in a group of its own, parented elsewhere.
    procs.refresh([proc(100, 1, 100), proc(101, 1, 101, 'later')]);
    expect(procs.escaped()).toEqual([]);
    expect(procs.alive([proc(100, 1, 100), proc(101, 1, 101, 'later')])).toEqual([100]);
  });
});
