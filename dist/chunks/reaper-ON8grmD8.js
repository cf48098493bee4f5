import { i as isCookie, C as COOKIE_VAR } from './input-file-Cbt1w_j3.js';

const REAPER_NAME = "agent-harness-reaper";
const MAX_GRACE_MS = 1e3;
const SCRIPT = `trap '' HUP INT TERM QUIT PIPE
c=$1 grace=$2 g=- e=- cg=-
while IFS= read -r line; do
  case $line in
    'group '*) g=\${line#group } ;;
    'escaped '*) e=\${line#escaped } ;;
    'cgroup '*) cg=\${line#cgroup } ;;
    done) exit 0 ;;
  esac
done
sig() {
  [ "$g" = - ] || kill -s "$1" -- "-$g" 2>/dev/null
  [ "$e" = - ] || for x in $(echo "$e" | tr , ' '); do
    p=\${x%%:*} s=\${x#*:}
    [ "$(sed 's/^.*) //' "/proc/$p/stat" 2>/dev/null | cut -d' ' -f20)" = "$s" ] && kill -s "$1" "$p" 2>/dev/null
  done
  if [ "$cg" != - ] && [ -d "$cg" ]; then
    if [ "$1" = KILL ] && [ -f "$cg/cgroup.kill" ]; then echo 1 > "$cg/cgroup.kill" 2>/dev/null; fi
    for p in $(find "$cg" -name cgroup.procs -exec cat {} + 2>/dev/null); do kill -s "$1" "$p" 2>/dev/null; done
  fi
  for f in $(grep -lzx "${COOKIE_VAR}=$c" /proc/[0-9]*/environ 2>/dev/null); do
    p=\${f#/proc/}
    kill -s "$1" "\${p%/environ}" 2>/dev/null
  done
}
sig TERM
sleep "$grace"
for n in 1 2 3; do sig KILL; sleep 0.1; done
[ "$cg" = - ] || find "$cg" -depth -type d -exec rmdir {} + 2>/dev/null
exit 0
`;
function startReaper(cookie, graceMs, spawn) {
  if (!isCookie(cookie)) throw new Error("reaper: not a run cookie");
  const grace = (Math.min(Math.max(graceMs, 0), MAX_GRACE_MS) / 1e3).toFixed(1);
  let child;
  try {
    child = spawn("/bin/sh", ["-c", SCRIPT, REAPER_NAME, cookie, grace], {
      stdio: ["pipe", "ignore", "ignore"],
      detached: true,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" }
    });
  } catch {
    child = null;
  }
  const stdin = child?.stdin ?? null;
  if (child === null || stdin === null) return { watch: () => void 0, close: () => void 0 };
  child.on("error", () => void 0);
  stdin.on("error", () => void 0);
  child.unref();
  stdin.unref?.();
  const send = (line) => {
    if (!stdin.destroyed) stdin.write(`${line}
`);
  };
  return {
    watch(what) {
      if (what.cgroup !== void 0) send(`cgroup ${what.cgroup ?? "-"}`);
      if (what.group !== void 0) send(`group ${what.group ?? "-"}`);
      if (what.escaped !== void 0)
        send(
          `escaped ${what.escaped.length === 0 ? "-" : what.escaped.map((p) => `${p.pid}:${p.start}`).join(",")}`
        );
    },
    close() {
      send("done");
      stdin.end();
    }
  };
}

export { startReaper as s };
