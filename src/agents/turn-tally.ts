// The one rule every turn counter applies to a finished turn (see TurnShape in types.ts).

/** Counts one finished turn: narration-only when it said something and called nothing, parallel with >= 2 calls. */
export function tally(
  shape: { turns: number; narration_turns: number; parallel_turns: number },
  turn: { text: boolean; tools: number },
): void {
  shape.turns++;
  if (turn.text && turn.tools === 0) shape.narration_turns++;
  if (turn.tools >= 2) shape.parallel_turns++;
}
