export { D as DEFAULT_BASE_URLS, M as MAX_TIMER_MINS, a as MAX_TIMER_SECS, P as PHASES, T as TARGET_METRICS, b as TARGET_RULE, c as TIMER_LIMIT_REASON, d as configSchema } from './input-file-iAu264NB.js';
export { d as describeConfig } from './describe-DIMEPgy5.js';
export { C as CONFIG_FILE_NAMES } from './discover-DYtUpmtM.js';
export { f as formatKeyPath, a as formatValue, v as valueAt } from './errors-BZMEshe1.js';
import { c as configJsonSchema } from './load-CW_2DizP.js';
export { a as closestMatch, b as compilePattern, l as loadConfig } from './load-CW_2DizP.js';
export { i as interactiveArgs, p as phaseConfig } from './phase-rxdaBFWl.js';
import 'node:crypto';
import 'node:fs';
import 'process';
import 'buffer';
import 'node:fs/promises';
import './exit-codes-DwHD3iQH.js';
import 'node:path';



export { configJsonSchema };
