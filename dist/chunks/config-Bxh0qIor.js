export { D as DEFAULT_BASE_URLS, M as MAX_TIMER_MINS, a as MAX_TIMER_SECS, P as PHASES, T as TARGET_METRICS, b as TARGET_RULE, c as TIMER_LIMIT_REASON, d as configSchema } from './input-file-Cbt1w_j3.js';
export { d as describeConfig } from './describe-DrB6mMkP.js';
import { c as configJsonSchema, a as closestMatch } from './load-Bmhg6nfv.js';
export { C as CONFIG_FILE_NAMES, b as compilePattern, l as loadConfig } from './load-Bmhg6nfv.js';
export { f as formatKeyPath, a as formatValue, v as valueAt } from './errors-CNcu4SPE.js';
export { i as interactiveArgs, p as phaseConfig } from './phase-rxdaBFWl.js';
import 'node:crypto';
import 'node:fs';
import 'process';
import 'buffer';
import 'node:fs/promises';
import './exit-codes-BkuRLrXJ.js';
import 'node:path';
import './version-R6LujQcV.js';



export { closestMatch, configJsonSchema };
