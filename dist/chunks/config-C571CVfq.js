export { D as DEFAULT_BASE_URLS, M as MAX_TIMER_MINS, a as MAX_TIMER_SECS, P as PHASES, T as TARGET_METRICS, b as TARGET_RULE, c as TIMER_LIMIT_REASON, d as configSchema } from './input-file-6q8ve5AP.js';
export { d as describeConfig } from './describe-RTUHIdF0.js';
export { C as CONFIG_FILE_NAMES } from './discover-NOJB2NMI.js';
export { f as formatKeyPath, a as formatValue, v as valueAt } from './errors-Bb6PJNB8.js';
import { c as configJsonSchema } from './load-Cfaa3dqn.js';
export { a as closestMatch, b as compilePattern, l as loadConfig } from './load-Cfaa3dqn.js';
export { i as interactiveArgs, p as phaseConfig } from './phase-rxdaBFWl.js';
import 'node:crypto';
import 'node:fs';
import 'process';
import 'buffer';
import 'node:fs/promises';
import './exit-codes-B1e2_Xbp.js';
import 'node:path';



export { configJsonSchema };
