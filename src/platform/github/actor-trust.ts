// Who may steer the Action on GitHub: the same people whether they add the trigger label, wrote the issue the
// agent is given, or answer an escalation in review mode. A login is trusted when `allowed-actors` names it
// (logins compared as GitHub compares them, without case) or GitHub says it may push to the repository (admin,
// maintain or write, through the collaborator permission API). `author_association` is not enough: a member of
// the owning organisation with read access only is MEMBER too. Each login is asked about once per run.

/** Whether GitHub lets `login` push to the repository (Forge.canWrite at the edge). */
export type WriteCheck = (login: string) => Promise<boolean>;

export interface ActorTrust {
  /** Whether `login` is trusted: listed in `allowed-actors`, or has write access. */
  trusts(login: string): Promise<boolean>;
}

export function actorTrust(canWrite: WriteCheck, allowedActors: readonly string[]): ActorTrust {
  const allowed = new Set(allowedActors.map((login) => login.toLowerCase()));
  const asked = new Map<string, Promise<boolean>>();
  return {
    trusts(login: string): Promise<boolean> {
      const key = login.toLowerCase();
      if (key === '') return Promise.resolve(false);
      if (allowed.has(key)) return Promise.resolve(true);
      let answer = asked.get(key);
      if (!answer) {
        answer = canWrite(login);
        asked.set(key, answer);
        // A failed lookup is not remembered: a later question asks again.
        answer.catch(() => asked.delete(key));
      }
      return answer;
    },
  };
}

/** What the log says about someone whose words were not taken. */
export const untrustedReason = (login: string): string =>
  `@${login} has no write access to this repository and is not listed in \`allowed-actors\``;
