function loopFacts(event, context) {
    const ended = context.endedAtMs;
    return {
        key: context.sha256 !== null ? `sha256:${context.sha256}` : `run:${context.run}:${event.global}`,
        source: 'loop',
        started_at: new Date(ended - event.duration_secs * 1000).toISOString(),
        ended_at: new Date(ended).toISOString(),
        transcript: event.output_file,
        sha256: context.sha256,
        global: event.global,
        iteration: event.iteration,
        run: context.run,
        format: context.format,
        model: event.model ?? null,
        outcome: event.outcome,
        failure_kind: event.failure_kind,
        failure_reason: event.failure_reason,
        duration_secs: event.duration_secs,
        output_bytes: event.output_bytes,
        exit_code: event.exit_code,
        turns: event.turns,
        narration_turns: event.narration_turns ?? null,
        parallel_turns: event.parallel_turns ?? null,
        tool_calls: event.tool_calls,
        input_tokens: event.input_tokens,
        output_tokens: event.output_tokens,
        cache_read_tokens: event.cache_read_tokens ?? null,
        cache_write_tokens: event.cache_write_tokens ?? null,
        cost_usd: event.cost_usd,
        committed: event.committed,
        commit_evidence: event.commit_evidence ?? null,
        task_id: event.task_id ?? null,
        plan_id: event.plan_id ?? null,
        phase: event.phase ?? null,
    };
}

export { loopFacts };
