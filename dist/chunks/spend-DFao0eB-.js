const NO_SPEND = {
  sessions: 0,
  cost_usd: 0,
  input_tokens: 0,
  output_tokens: 0,
  unpriced_sessions: 0
};
function addSpend(a, b) {
  return {
    sessions: a.sessions + b.sessions,
    cost_usd: roundCents(a.cost_usd + b.cost_usd),
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    unpriced_sessions: a.unpriced_sessions + b.unpriced_sessions
  };
}
const roundCents = (value) => Math.round(value * 1e6) / 1e6;
const spendOf = (session) => ({
  sessions: 1,
  cost_usd: session.cost_usd ?? 0,
  input_tokens: session.input_tokens ?? 0,
  output_tokens: session.output_tokens ?? 0,
  unpriced_sessions: session.cost_usd === null ? 1 : 0
});
function spentBudget(session, spend) {
  if (session.max_cost_usd !== void 0 && spend.cost_usd >= session.max_cost_usd)
    return { key: "session.max_cost_usd", limit: session.max_cost_usd, spent: spend.cost_usd };
  const tokens = spend.input_tokens + spend.output_tokens;
  if (session.max_tokens !== void 0 && tokens >= session.max_tokens)
    return { key: "session.max_tokens", limit: session.max_tokens, spent: tokens };
  return null;
}

export { NO_SPEND as N, addSpend as a, spentBudget as b, spendOf as s };
