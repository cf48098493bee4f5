const BARS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";
function sparkline(values, gap = " ") {
  const present = values.filter((v) => v !== null);
  if (present.length === 0) return gap.repeat(values.length);
  const min = Math.min(...present);
  const max = Math.max(...present);
  return values.map((v) => {
    if (v === null) return gap;
    if (max === min) return BARS[3];
    return BARS[Math.round((v - min) / (max - min) * (BARS.length - 1))];
  }).join("");
}
const FLAT_SHARE = 0.05;
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
function trendDirection(values, good) {
  const present = values.filter((v) => v !== null);
  if (present.length < 2) return null;
  const half = Math.floor(present.length / 2);
  const older = mean(present.slice(0, half));
  const newer = mean(present.slice(present.length - half));
  return direction(older, newer, good);
}
function direction(before, after, good) {
  const change = after - before;
  const scale = Math.abs(before);
  if (change === 0 || scale > 0 && Math.abs(change) / scale < FLAT_SHARE) return "flat";
  return change > 0 === (good === "up") ? "improving" : "worse";
}

export { direction as d, sparkline as s, trendDirection as t };
