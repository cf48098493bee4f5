// Which values count as secrets: the token input, the well-known API key variables, and any environment
// variable whose name says it holds a secret. They are masked in the log (core.setSecret) and redacted from
// the artifact copies and the job summary.
const NAMED = [
  'GITHUB_TOKEN',
  'ANTHROPIC_API_KEY',
  'OPENAI_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'ACTIONS_RUNTIME_TOKEN',
];
const SECRET_NAME = /(^|_)(TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|PRIVATE_KEY|ACCESS_KEY)($|_)/i;

export function collectSecrets(env: NodeJS.ProcessEnv, extra: readonly string[] = []): string[] {
  const values = new Set<string>();
  for (const value of extra) if (value.trim().length >= 4) values.add(value.trim());
  for (const [name, value] of Object.entries(env)) {
    if (!value || value.length < 4) continue;
    if (NAMED.includes(name) || SECRET_NAME.test(name) || name === 'INPUT_GITHUB-TOKEN') values.add(value);
  }
  return [...values];
}
