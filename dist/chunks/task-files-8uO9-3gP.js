import { al as _isoDateTime, am as ZodISODateTime, _ as toJSONSchema, a8 as configSchema, an as ConfigError, ao as formatValue, ap as distExports, aq as tomlSyntaxHint, ar as PHASES, as as DEFAULT_AGENT_ARGS, at as formatProblem, au as unknownKeyProblem, av as formatKeyPath, v as valueAt, aw as mismatchProblem, ag as TIMER_LIMIT_REASON, g as readInputText, aa as InputFileError, r as resolvePaths, ax as refusal, ay as findExecutable, az as cgroupSetting, aA as CGROUP_VAR, aB as parseObject, aC as asString, aD as asObject, aE as lastJsonEvent, aF as lastChars, aG as tailRecords, aH as asNumber, aI as truncate, aJ as asText, aK as TEXT_WINDOW_CHARS, aL as findEmbeddedObjects, aM as parseLineLenient, aN as RESULT_TEXT_CHARS, aO as errorMessages, aP as tailLines, aQ as lastNonEmptyLine, aR as runGit, U as within, aS as sweepLeftIsolations, aT as startRunRecord, aU as agentUserName, aV as createAgentUser, aW as grantTree, aX as removeAgentUser, aY as endAgentProcesses, aZ as handBack, a_ as asAgentUser, a$ as OWNER_PLACES, b0 as agentEnvironment, b1 as agentUserEnv, b2 as probePrivilege, b3 as harnessFiles, b4 as inFamily, b5 as revokeTree, I as withCookie, J as terminateGroup, L as endCarriers, b6 as usableBlocks, a0 as HarnessFileError, b7 as readInputTextSync, b8 as AgentProcesses, b9 as terminateAgent, ba as endCarriersSaying, bb as strongerEnd, bc as openInputFile, T as TASK_FILE, P as PROGRESS_FILE, bd as writeCounter, O as namingFile, be as readTail, bf as TAIL_BYTES, bg as WIDE_TAIL_BYTES, y as isoSeconds, bh as writeStatus, ak as resumeNumbering, a9 as newCookie, bi as recoverPreviousRun, a5 as sweepStaleTemps, bj as runName, bk as parseScopeUnit, bl as orphanRuns, bm as scopeUnit, bn as cgroupDir, bo as endCgroup, bp as inScope, bq as processStart, br as readFacts, bs as chooseContainment, bt as BASE_NAME, bu as subdirectories, bv as removeCgroup, bw as pidNamespace, bx as sessionName, by as moveInto, bz as isPopulated, bA as isCookie, a6 as COOKIE_VAR, ac as git, f as writeFileAtomic, bB as gitFailure, bC as APPEND_FLAGS, i as isPermanentlyFailed, bD as DEPENDENCY_TAG, bE as isRetryable, bF as hasDependencyError, bG as processIdentity, bH as judgeLockHolder, s as systemClock, e as readTaskFile, bI as TaskFileError, bJ as harnessGitView, t as taskStats, bK as formatStats, w as writeTaskFile, bL as escapes, bM as loopKey, G as compressionOf, E as decompressorFor, bN as decodeTail, bO as CUT_SHORT, B as transcriptName, H as transcriptSlot, bP as parseEventLine, bQ as EVENT_LOG_VERSION, bR as transcriptFiles, D as sha256File, bS as zstdAvailable, bT as compressFile, bU as sqliteModule, bV as historyRoom, bW as roomMessage, M as MetricsStore, bX as isSpaceError, a as readStatus, a1 as acquireInstanceLock, bY as INPUT_MAX_BYTES, bZ as writeFileAtomicSync, ad as object, Y as array, q as string, o as number, j as looseObject, b_ as _enum } from './layout-DuHUZrzi.js';
import { extname, resolve, join, relative, isAbsolute, basename, dirname, sep } from 'node:path';
import { H as HarnessError, E as EXIT, L as LoopError } from './exit-codes-BIDj-cBV.js';
import { statSync, readdirSync, readSync, closeSync, fstatSync, openSync, mkdirSync, rmSync, existsSync, createReadStream, unlinkSync, appendFileSync, writeFileSync, linkSync } from 'node:fs';
import { tmpdir, constants } from 'node:os';
import { randomBytes, createHash } from 'node:crypto';
import { stat, mkdir, rename, chmod, writeFile, readdir, lstat, readlink, readFile, unlink, statfs, appendFile, copyFile, utimes, rmdir, rm } from 'node:fs/promises';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';

function datetime(params) {
    return _isoDateTime(ZodISODateTime, params);
}

const CONFIG_SCHEMA_ID = "https://unpkg.com/agent-harness/schema/harness.schema.json";
let cached;
function configJsonSchema() {
  if (!cached) {
    const { $schema, ...rest } = toJSONSchema(configSchema, { io: "input", target: "draft-2020-12" });
    cached = {
      $schema,
      $id: CONFIG_SCHEMA_ID,
      title: "agent-harness configuration",
      description: "harness.yml / harness.yaml / harness.toml. Every key is optional; an empty file is valid.",
      ...rest
    };
  }
  return structuredClone(cached);
}

const INT_LIMIT = Number.MAX_SAFE_INTEGER;
const asSchema = (v) => typeof v === "object" && v !== null && !Array.isArray(v) ? v : void 0;
let root;
const rootSchema = () => root ??= configJsonSchema();
function propertiesOf(node) {
  return asSchema(node?.["properties"]) ?? {};
}
function sectionNames() {
  return Object.keys(propertiesOf(rootSchema()));
}
const isNestedTable = (node) => node?.["properties"] !== void 0;
function leavesUnder(prefix, node) {
  return Object.entries(propertiesOf(node)).flatMap(
    ([key, child]) => isNestedTable(child) ? leavesUnder(`${prefix}.${key}`, child) : [`${prefix}.${key}`]
  );
}
function leafKeyPaths() {
  return Object.entries(propertiesOf(rootSchema())).flatMap(([section, node]) => leavesUnder(section, node));
}
function schemaAt(path) {
  let node = rootSchema();
  for (const segment of path) {
    if (!node) return void 0;
    if (typeof segment === "number") node = asSchema(node["items"]);
    else node = propertiesOf(node)[String(segment)] ?? asSchema(node["additionalProperties"]);
  }
  return node;
}
function bound(node) {
  const parts = [];
  if (typeof node["exclusiveMinimum"] === "number") parts.push(`> ${node["exclusiveMinimum"]}`);
  if (typeof node["minimum"] === "number") parts.push(`>= ${node["minimum"]}`);
  if (typeof node["maximum"] === "number" && node["maximum"] !== INT_LIMIT)
    parts.push(`<= ${node["maximum"]}`);
  if (typeof node["exclusiveMaximum"] === "number") parts.push(`< ${node["exclusiveMaximum"]}`);
  return parts.length ? ` ${parts.join(" and ")}` : "";
}
function typeLabel(node) {
  if (!node) return "value";
  if (Array.isArray(node["enum"])) return node["enum"].map((v) => JSON.stringify(v)).join(" | ");
  switch (node["type"]) {
    case "integer":
      return `integer${bound(node)}`;
    case "number":
      return `number${bound(node)}`;
    case "string":
      return typeof node["minLength"] === "number" && node["minLength"] > 0 ? "non-empty string" : "string";
    case "boolean":
      return "boolean";
    case "array":
      return `list of ${plural$1(typeLabel(asSchema(node["items"])))}`;
    case "object":
      if (node["properties"]) return "table of settings";
      return `table of ${plural$1(typeLabel(asSchema(node["additionalProperties"])))}`;
    default:
      return "value";
  }
}
const plural$1 = (label) => /^(string|integer|number|boolean)$/.test(label) ? `${label}s` : label;
function expectedPhrase(node) {
  if (node && Array.isArray(node["enum"]))
    return `one of ${node["enum"].map((v) => JSON.stringify(v)).join(", ")}`;
  const label = typeLabel(node);
  return `${/^[aeiou]/.test(label) ? "an" : "a"} ${label}`;
}
function enumValues(node) {
  return Array.isArray(node?.["enum"]) ? node["enum"].filter((v) => typeof v === "string") : [];
}

/*!
 * Copyright (c) Squirrel Chat et al., All rights reserved.
 * SPDX-License-Identifier: BSD-3-Clause
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 * 3. Neither the name of the copyright holder nor the names of its contributors
 *    may be used to endorse or promote products derived from this software without
 *    specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */
function getLineColFromPtr(string, ptr) {
    let lines = string.slice(0, ptr).split(/\r?\n/);
    return [lines.length, lines.pop().length + 1];
}
function makeCodeBlock(string, line, column) {
    let lines = string.split(/\r?\n/);
    let codeblock = '';
    let numberLen = (Math.log10(line + 1) | 0) + 1;
    for (let i = line - 1; i <= line + 1; i++) {
        let l = lines[i - 1];
        if (!l)
            continue;
        codeblock += i.toString().padEnd(numberLen, ' ');
        codeblock += ':  ';
        codeblock += l;
        codeblock += '\n';
        if (i === line) {
            codeblock += ' '.repeat(numberLen + column + 2);
            codeblock += '^\n';
        }
    }
    return codeblock;
}
class TomlError extends Error {
    line;
    column;
    codeblock;
    constructor(message, options) {
        const [line, column] = getLineColFromPtr(options.toml, options.ptr);
        const codeblock = makeCodeBlock(options.toml, line, column);
        super(`Invalid TOML document: ${message}\n\n${codeblock}`, options);
        this.line = line;
        this.column = column;
        this.codeblock = codeblock;
    }
    /** @internal */
    static x(message, ctx, ptr) {
        throw new TomlError(message, { toml: ctx.s, ptr: ptr ?? ctx.p });
    }
}

/*!
 * Copyright (c) Squirrel Chat et al., All rights reserved.
 * SPDX-License-Identifier: BSD-3-Clause
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 * 3. Neither the name of the copyright holder nor the names of its contributors
 *    may be used to endorse or promote products derived from this software without
 *    specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */
/** @internal */
function parseString(ctx) {
    let startPtr = ctx.p;
    let c = ctx.s.charCodeAt(ctx.p++);
    let first = c;
    let isLiteral = c === 0x27; /* ' */
    let isMultiline = c === ctx.s.charCodeAt(ctx.p) && c === ctx.s.charCodeAt(ctx.p + 1);
    if (isMultiline) {
        // Trim initial newline
        if ((c = ctx.s.charCodeAt(ctx.p += 2)) === 0xa /* \n */)
            ctx.p++;
        else if (c === 0xd /* \r */ && ctx.s.charCodeAt(ctx.p + 1) === 0xa /* \n */)
            ctx.p += 2;
    }
    // For the record: it is not worth it to use a fast-path for literal strings using `indexOf`.
    // Doing a char-by-char iteration ends up dispatching less instructions, for the same wall-clock runtime.
    let parsed = '';
    let sliceStart = ctx.p;
    // states:
    //   0 - decoding
    //   1 - decoding escape
    //   2 - whitespace escape (no newline encountered yet, must fail on non-whitespace)
    //   3 - whitespace escape (newline encountered, allowed to transition back to normal decode)
    let state = 0;
    for (; ctx.p < ctx.s.length; ctx.p++) {
        c = ctx.s.charCodeAt(ctx.p);
        // Deal with newlines first, since that simplifies control character checking and handling across all states
        if (isMultiline && (c === 0xa /* \n */ || (c === 0xd /* \r */ && ctx.s.charCodeAt(ctx.p + 1) === 0xa /* \n */))) {
            state = state && 3;
        }
        // Control characters are banned in TOML, so we throw an error if we encounter them
        else if ((c < 0x20 && c !== 0x9 /* \t */) || c === 0x7f) {
            TomlError.x('control characters are not allowed in strings', ctx);
        }
        // The string might terminate while we're parsing through a newline escape.
        // It must have encountered a newline; otherwise, it'll simply fail in another branch.
        else if ((!state || state === 3) && c === first && (!isMultiline || (ctx.s.charCodeAt(ctx.p + 1) === first && ctx.s.charCodeAt(ctx.p + 2) === first))) {
            if (isMultiline) {
                // If the string ends with 4-5 quotes, then the first 1-2 are part of the string
                if (ctx.s.charCodeAt(ctx.p + 3) === first)
                    ctx.p++;
                if (ctx.s.charCodeAt(ctx.p + 3) === first)
                    ctx.p++;
            }
            // If we're in a newline escape still, then there's nothing to add.
            if (!state) {
                // Avoid a useless concat operation if the string can be used as-is.
                let s = ctx.s.slice(sliceStart, ctx.p);
                parsed = parsed ? parsed + s : s;
            }
            ctx.p += isMultiline ? 3 : 1;
            return parsed;
        }
        // Baseline state; keep moving forward unless an escape sequence starts
        else if (!state) {
            if (!isLiteral && c === 0x5c /* \ */) {
                parsed += ctx.s.slice(sliceStart, (sliceStart = ctx.p));
                state = 1;
            }
        }
        else if (state === 1) {
            if (c === 0x78 /* x */ || c === 0x75 /* u */ || c === 0x55 /* U */) { // Unicode escape
                let errPtr = ctx.p++ - 1;
                let value = 0;
                let len = c === 0x78 /* x */ ? 2 : c === 0x75 /* u */ ? 4 : 8;
                for (let j = 0; j < len; j++, ctx.p++) {
                    let hex = ctx.s.charCodeAt(ctx.p);
                    let digit = 
                    /* 0-9 */ hex >= 0x30 && hex <= 0x39 ? hex - 0x30 :
                        /* A-F */ hex >= 0x41 && hex <= 0x46 ? hex - 0x41 + 10 :
                            /* a-f */ hex >= 0x61 && hex <= 0x66 ? hex - 0x61 + 10 : -1;
                    if (digit < 0)
                        TomlError.x('invalid non-hex character in unicode escape', ctx);
                    value = (value << 4) | digit;
                }
                // Because JS does bitwise on signed 32bit integers, all 0xfzzzzzzz values are actually seen as negative
                if (value < 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) {
                    TomlError.x('invalid unicode escape', ctx, errPtr);
                }
                parsed += String.fromCodePoint(value);
                sliceStart = ctx.p--;
                state = 0;
            }
            // Newline escape sequence. We only need to care about spaces and tabs; newlines are dealt with earlier
            else if (isMultiline && (c === 0x20 || c === 0x9 /* \t */)) {
                state = 2;
            }
            // Basic escape sequence
            else {
                if (c === 0x62 /* b */)
                    parsed += '\b';
                else if (c === 0x74 /* t */)
                    parsed += '\t';
                else if (c === 0x6e /* n */)
                    parsed += '\n';
                else if (c === 0x66 /* f */)
                    parsed += '\f';
                else if (c === 0x72 /* r */)
                    parsed += '\r';
                else if (c === 0x65 /* e */)
                    parsed += '\x1b';
                else if (c === 0x22 /* " */)
                    parsed += '"';
                else if (c === 0x5c /* \ */)
                    parsed += '\\';
                else
                    TomlError.x('unrecognised escape sequence', ctx);
                sliceStart = ctx.p + 1;
                state = 0;
            }
        }
        // Newline escape continuation: keep moving forward until the first non-whitespace char
        else if (c !== 0x20 && c !== 0x9 /* \t */) {
            if (state === 2)
                TomlError.x('invalid escape: only line-ending whitespace may be escaped', ctx, sliceStart);
            // State cannot be zero, or we'd have branched earlier already.
            // If it's a backslash, immediately transition to the escape state so it can be processed.
            state = !isLiteral && c === 0x5c /* \ */ ? 1 : 0;
            sliceStart = ctx.p;
        }
    }
    TomlError.x('unfinished string', ctx, startPtr);
}

/*!
 * Copyright (c) Squirrel Chat et al., All rights reserved.
 * SPDX-License-Identifier: BSD-3-Clause
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 * 3. Neither the name of the copyright holder nor the names of its contributors
 *    may be used to endorse or promote products derived from this software without
 *    specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */
let DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})?[Tt ]?(?:(\d{2}):\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|z|[-+]\d{2}:\d{2})?$/i;
class TomlDate extends Date {
    #hasDate = false;
    #hasTime = false;
    #offset = null;
    constructor(date, fasttype, unsafeDelim) {
        let hasDate = true;
        let hasTime = true;
        let offset = 'Z';
        let c;
        if (typeof date === 'string') {
            if (fasttype)
                prep: {
                    // Date-time
                    if (fasttype < 3) {
                        if (+date.slice(11, 13) > 23) {
                            date = '';
                            break prep;
                        }
                        // Local
                        if (fasttype === 2) {
                            offset = null;
                            date += 'Z';
                        }
                        // Offset; keep track of offset if not Z
                        else if ((c = date.charCodeAt(date.length - 1)) !== 0x5a /* Z */ && c !== 0x7a /* z */) {
                            offset = date.slice(date.length - 6);
                        }
                        if (unsafeDelim)
                            date = date.slice(0, 10) + 'T' + date.slice(11);
                    }
                    // Time
                    else if (fasttype === 4) {
                        date = +date.slice(0, 2) > 23 ? '' : `0000-01-01T${date}Z`;
                    }
                    hasDate = fasttype !== 4;
                    hasTime = fasttype !== 3;
                }
            else {
                let match = date.match(DATE_TIME_RE);
                if (match) {
                    if (!match[1]) {
                        hasDate = false;
                        date = `0000-01-01T${date}`;
                    }
                    hasTime = !!match[2];
                    // Make sure to use T instead of a space. Breaks in case of extreme values otherwise.
                    hasTime && date[10] === ' ' && (date = date.replace(' ', 'T'));
                    // Do not allow rollover hours.
                    if (match[2] && +match[2] > 23) {
                        date = '';
                    }
                    else {
                        offset = match[3] || null;
                        if (!offset && hasTime)
                            date += 'Z';
                    }
                }
                else {
                    date = '';
                }
            }
        }
        super(date);
        if (!isNaN(this.getTime())) {
            this.#hasDate = hasDate;
            this.#hasTime = hasTime;
            this.#offset = offset;
        }
    }
    isDateTime() {
        return this.#hasDate && this.#hasTime;
    }
    isLocal() {
        return !this.#hasDate || !this.#hasTime || !this.#offset;
    }
    isDate() {
        return this.#hasDate && !this.#hasTime;
    }
    isTime() {
        return this.#hasTime && !this.#hasDate;
    }
    isValid() {
        return this.#hasDate || this.#hasTime;
    }
    toISOString() {
        let iso = super.toISOString();
        // Local Date
        if (this.isDate())
            return iso.slice(0, 10);
        // Local Time
        if (this.isTime())
            return iso.slice(11, 23);
        // Local DateTime
        if (this.#offset === null)
            return iso.slice(0, -1);
        // Offset DateTime
        if (this.#offset === 'Z' || this.#offset === 'z')
            return iso;
        // This part is quite annoying: JS strips the original timezone from the ISO string representation
        // Instead of using a "modified" date and "Z", we restore the representation "as authored"
        let offset = (+(this.#offset.slice(1, 3)) * 60) + +(this.#offset.slice(4, 6));
        offset = this.#offset[0] === '-' ? offset : -offset;
        let offsetDate = new Date(this.getTime() - (offset * 60e3));
        return offsetDate.toISOString().slice(0, -1) + this.#offset;
    }
    static wrapAsOffsetDateTime(jsDate, offset = 'Z') {
        let date = new TomlDate(jsDate);
        date.#offset = offset;
        return date;
    }
    static wrapAsLocalDateTime(jsDate) {
        let date = new TomlDate(jsDate);
        date.#offset = null;
        return date;
    }
    static wrapAsLocalDate(jsDate) {
        let date = new TomlDate(jsDate);
        date.#hasTime = false;
        date.#offset = null;
        return date;
    }
    static wrapAsLocalTime(jsDate) {
        let date = new TomlDate(jsDate);
        date.#hasDate = false;
        date.#offset = null;
        return date;
    }
}

/*!
 * Copyright (c) Squirrel Chat et al., All rights reserved.
 * SPDX-License-Identifier: BSD-3-Clause
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 * 3. Neither the name of the copyright holder nor the names of its contributors
 *    may be used to endorse or promote products derived from this software without
 *    specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */
function isDigit(char, base = 10) {
    return base === 16
        ? (char > 0x2f && char < 0x3a) || (char > 0x40 && char < 0x47) || (char > 0x60 && char < 0x67)
        : (char > 0x2f && char < 0x30 + base);
}
function isEndOfValue(char, delim) {
    // Whitespace -- we're permissive on `\r` for performance; it'll be dealt with later anyway
    return char === 0x20 || char === 0x9 /* \t */ || char === 0xa /* \n */ || char === 0xd /* \r */ ||
        // Structure end or next value delimiter
        (delim && (char === delim || char === 0x2c /* , */)) ||
        // Comment
        char === 0x23; /* # */
}
/** @internal */
function extractValue(ctx, end) {
    let errPtr = ctx.p;
    let c = ctx.s.charCodeAt(ctx.p);
    // Structs
    if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
        ctx.d-- || TomlError.x('document contains excessively nested structures. aborting.', ctx);
        let value = c === 0x5b /* [ */
            ? parseArray(ctx)
            : parseInlineTable(ctx);
        ctx.d++;
        return value;
    }
    // Strings
    if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
        return parseString(ctx);
    }
    // Booleans
    // We can fast-path because the first character is enough to know the only possible value
    if (c === 0x74 /* t */) { // Only possible valid value is `true`
        if (ctx.s.charCodeAt(++ctx.p) !== 0x72 || ctx.s.charCodeAt(++ctx.p) !== 0x75 || ctx.s.charCodeAt(++ctx.p) !== 0x65)
            TomlError.x('invalid value', ctx, errPtr);
        return ctx.p++, true;
    }
    if (c === 0x66 /* f */) { // Only possible valid value is `false`
        if (ctx.s.charCodeAt(++ctx.p) !== 0x61 || ctx.s.charCodeAt(++ctx.p) !== 0x6c || ctx.s.charCodeAt(++ctx.p) !== 0x73 || ctx.s.charCodeAt(++ctx.p) !== 0x65)
            TomlError.x('invalid value', ctx, errPtr);
        return ctx.p++, false;
    }
    if (c === 0x2b /* + */ || c === 0x2d /* - */) {
        return parseNumber(ctx, ctx.p, ctx.s.charCodeAt(++ctx.p), 0x2c - c, end);
    }
    // Rough heuristic, but `parseDate` falls back to number parsing if it's a false positive.
    // e.g.: `a = 1\n-------------- = 1` would match this heuristic, but gracefully fallback to numbers.
    if (ctx.s.charCodeAt(ctx.p + 4) === 0x2d /* - */ && ctx.s.charCodeAt(ctx.p + 7) === 0x2d /* - */) {
        return parseDate(ctx, c, end);
    }
    // Same logic as above; `parseTime` falls back to number parsing if it's a false positive.
    if (ctx.s.charCodeAt(ctx.p + 2) === 0x3a /* : */) {
        return parseTime(ctx, c, end);
    }
    return parseNumber(ctx, ctx.p, c, 0, end);
}
// State:
// 0: init
// 1: integer
// 2: fractional dot
// 3: fractional
// 4: exponent letter
// 5: exponent
// 6: exponent sign
// 7: exponent with sign
// >9: underscore; see below
//     -> 12: was integer
//     -> 14: was fractional
//     -> 16: was exponent
// states 2-5, 14, 16 are ONLY permitted iif base === 10
function parseNumber(ctx, startPtr, startChr, sign, endChr) {
    let c = startChr;
    let state = 0;
    let hasUnderscores = false;
    // (+/-)inf
    if (c === 0x69 /* i */) {
        if (ctx.s.charCodeAt(++ctx.p) !== 0x6e || ctx.s.charCodeAt(++ctx.p) !== 0x66)
            TomlError.x('invalid value', ctx, startPtr);
        return ctx.p++, (sign || 1) / 0;
    }
    // (+/-)nan
    if (c === 0x6e /* n */) {
        if (ctx.s.charCodeAt(++ctx.p) !== 0x61 || ctx.s.charCodeAt(++ctx.p) !== 0x6e)
            TomlError.x('invalid value', ctx, startPtr);
        return ctx.p++, NaN;
    }
    // Leading zero
    // Only allowed cases: `0<EOV>`, `0.(...)`, `0e(...)`, `0x(...)`, `0b(...)`, `0o(...)`
    // FWIW, `0e(...)` is a stupid case, but it's not banned per-se so we have to parse it
    if (c === 0x30 /* 0 */) {
        if (++ctx.p >= ctx.s.length || isEndOfValue(c = ctx.s.charCodeAt(ctx.p), endChr))
            return ctx.bi === true ? 0n : 0; // note: conveniently deals with `-0`
        if (!sign) {
            if (c === 0x78 /* x */)
                return parseIntegerBaseN(ctx, startPtr, 16, endChr);
            else if (c === 0x62 /* b */)
                return parseIntegerBaseN(ctx, startPtr, 2, endChr);
            else if (c === 0x6f /* o */)
                return parseIntegerBaseN(ctx, startPtr, 8, endChr);
        }
        if (c === 0x2e /* . */)
            state = 2;
        else if (c === 0x65 /* e */ || c === 0x45 /* E */)
            state = 4;
        else
            TomlError.x('illegal leading zero', ctx, startPtr);
    }
    // If the 1st char is not a digit by now, then it's not a valid TOML value at all
    else if (!isDigit(c))
        TomlError.x('invalid value', ctx, startPtr);
    while (++ctx.p < ctx.s.length && (c = ctx.s.charCodeAt(ctx.p), !isEndOfValue(c, endChr))) {
        if (!state)
            state = 1; // Detects single-digit numbers we can use a fast parse path for
        // The way the states are numbered is not random: underscores are always permitted in odd-numbered states and
        // never permitted in even-numbered ones.
        if (c === 0x5f /* _ */) {
            if (!(state & 1))
                TomlError.x('illegal underscore', ctx);
            state += 11; // 11 is a marker that makes the state even and greater than 9; see the numbering + rationale above
            hasUnderscores = true;
        }
        // Transition to fractional part.
        else if (state === 1 && c === 0x2e /* . */)
            state = 2;
        // Transition to exponent part.
        else if ((state === 1 || state === 3) && (c === 0x65 /* e */ || c === 0x45 /* E */))
            state = 4;
        // + and - are permitted in state 4 only (handled before entering the function for state 0)
        else if (state === 4 && (c === 0x2b /* + */ || c === 0x2d /* - */)) {
            state = 6;
        }
        // All special cases have been handled; only digits are allowed here
        else if (!isDigit(c))
            TomlError.x(`illegal character in numeric literal`, ctx);
        // Clear state flags
        else if (state > 9)
            state -= 11;
        else if (!(state & 1))
            state++;
    }
    // Single-char number; we can fast-path these very easily.
    if (!state) {
        let val = (startChr - 0x30 /* 0 */) * (sign || 1);
        return ctx.bi === true ? BigInt(val) : val;
    }
    // Even-numbered states absolutely require a digit next; not even end of value is permitted
    if (!(state & 1))
        TomlError.x('unfinished numeric value', ctx, startPtr);
    let str = ctx.s.slice(startPtr, ctx.p);
    if (hasUnderscores)
        str = str.replaceAll('_', ''); // perf: replaceAll 1.25x faster than replace with a regex
    return state > 1
        ? parseFloat(str)
        : parseInteger(ctx, str, 10, startPtr);
}
function parseIntegerBaseN(ctx, startPtr, base, endChr) {
    let c, underscore = 1;
    while (++ctx.p < ctx.s.length && (c = ctx.s.charCodeAt(ctx.p), !isEndOfValue(c, endChr))) {
        if (c === 0x5f /* _ */) {
            if (underscore & 1)
                TomlError.x('illegal underscore', ctx);
            underscore = 3;
        }
        // We only need to check if the number is a valid digit, nothing else is permitted
        else if (!isDigit(c, base))
            TomlError.x(`illegal character in numeric literal`, ctx);
        // Clear underscore flag
        else if (underscore & 1)
            underscore--;
    }
    // Trailing underscore is not allowed
    if (underscore & 1)
        TomlError.x('unfinished numeric value', ctx);
    let str = ctx.s.slice(startPtr + 2, ctx.p);
    if (underscore)
        str = str.replaceAll('_', ''); // perf: replaceAll 1.25x faster than replace with a regex
    return parseInteger(ctx, str, base, startPtr);
}
function parseInteger(ctx, str, base, startPtr) {
    if (ctx.bi !== true)
        int: {
            let val = parseInt(str, base);
            if (!Number.isSafeInteger(val)) {
                if (ctx.bi)
                    break int;
                TomlError.x('integer value cannot be represented losslessly', ctx, startPtr);
            }
            return val;
        }
    return base === 10 ? BigInt(str) : BigInt((base === 2 ? '0b' : base === 8 ? '0o' : '0x') + str);
}
function parseDate(ctx, c, endChr) {
    let startPtr = ctx.p++, unsafeSeparator;
    if (!isDigit(c) ||
        !isDigit(ctx.s.charCodeAt(ctx.p++)) ||
        !isDigit(ctx.s.charCodeAt(ctx.p++)) ||
        !isDigit(ctx.s.charCodeAt(ctx.p++))) {
        return parseNumber(ctx, ctx.p = startPtr, c, 0, endChr);
    }
    ctx.p += 5;
    if (!isDigit(ctx.s.charCodeAt(ctx.p++)))
        TomlError.x('invalid date-time: date part is malformed', ctx, startPtr);
    if (ctx.p >= ctx.s.length || (((c = ctx.s.charCodeAt(ctx.p)) !== 0x20 || (unsafeSeparator = true, !isDigit(ctx.s.charCodeAt(ctx.p + 1)))) && c !== 0x54 /* T */ && c !== 0x74 /* t */)) {
        let t = ctx.s.slice(startPtr, ctx.p);
        return readDate(ctx, t, 3, false, startPtr);
    }
    if (ctx.s.charCodeAt(ctx.p += 3) !== 0x3a /* : */)
        TomlError.x('invalid date-time: time part is malformed', ctx, startPtr);
    if (ctx.s.charCodeAt(ctx.p += 3) === 0x3a /* : */)
        ctx.p += 3;
    if (ctx.s.charCodeAt(ctx.p) === 0x2e /* . */)
        while (isDigit(ctx.s.charCodeAt(++ctx.p)))
            ;
    if (c = ctx.s.charCodeAt(ctx.p)) {
        if (c === 0x5a /* Z */ || c === 0x7a /* z */) {
            let t = ctx.s.slice(startPtr, ++ctx.p);
            return readDate(ctx, t, 1, unsafeSeparator, startPtr, '[+00:00]');
        }
        if (c === 0x2b /* + */ || c === 0x2d /* - */) {
            // Temporal's ZonedDateTime is weird asf when it comes to dealing with traditional offsets...
            // It's 1.2x faster to allocate a new string to pass to ZDT than use Instant.toZonedDateTimeISO
            let t = ctx.s.slice(startPtr, ctx.p += 6);
            return readDate(ctx, t, 1, unsafeSeparator, startPtr, !ctx.ld && ('[' + ctx.s.slice(ctx.p - 6, ctx.p) + ']'));
        }
    }
    let t = ctx.s.slice(startPtr, ctx.p);
    return readDate(ctx, t, 2, unsafeSeparator, startPtr);
}
function parseTime(ctx, c, endChr) {
    let start = ctx.p;
    if (!isDigit(c) || !isDigit(ctx.s.charCodeAt(++ctx.p))) {
        return parseNumber(ctx, --ctx.p, c, 0, endChr);
    }
    if (ctx.s.charCodeAt(ctx.p += 4) === 0x3a /* : */)
        ctx.p += 3;
    if (ctx.s.charCodeAt(ctx.p) === 0x2e /* . */)
        while (isDigit(ctx.s.charCodeAt(++ctx.p)))
            ;
    let t = ctx.s.slice(start, ctx.p);
    return readDate(ctx, t, 4, false, start);
}
function readDate(ctx, str, type, unsafeDelim, errPtr, temporalSuffix) {
    if (ctx.ld) {
        let date = new TomlDate(str, type, unsafeDelim);
        if (!date.isValid())
            TomlError.x('invalid date', ctx, errPtr);
        return date;
    }
    try {
        if (temporalSuffix)
            str += temporalSuffix;
        switch (type) {
            case 1: return Temporal.ZonedDateTime.from(str);
            case 2: return Temporal.PlainDateTime.from(str);
            case 3: return Temporal.PlainDate.from(str);
            case 4: return Temporal.PlainTime.from(str);
        }
    }
    catch (e) {
        TomlError.x(e instanceof Error ? e.message : '' + e, ctx, errPtr);
    }
}

/*!
 * Copyright (c) Squirrel Chat et al., All rights reserved.
 * SPDX-License-Identifier: BSD-3-Clause
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 * 3. Neither the name of the copyright holder nor the names of its contributors
 *    may be used to endorse or promote products derived from this software without
 *    specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */
/** @internal */
function skipComment(ctx) {
    for (; ctx.p < ctx.s.length; ctx.p++) {
        let c = ctx.s.charCodeAt(ctx.p);
        if (c === 0xa /* \n */)
            break;
        if (c === 0xd /* \r */ && ctx.s.charCodeAt(ctx.p + 1) === 0xa /* \n */) {
            ctx.p++;
            break;
        }
        if ((c < 0x20 && c !== 0x9 /* \t */) || c === 0x7f) {
            TomlError.x('control characters are not allowed in comments', ctx);
        }
    }
}
/** @internal */
function skipVoid(ctx, banNewLines, banComments) {
    let c;
    while (ctx.p < ctx.s.length) {
        while (ctx.p < ctx.s.length && ((c = ctx.s.charCodeAt(ctx.p)) === 0x20 ||
            c === 0x9 /* \t */ ||
            (!banNewLines &&
                (c === 0xa /* \n */ || (c === 0xd /* \r */ && ctx.s.charCodeAt(ctx.p + 1) === 0xa /* \n */)))))
            ctx.p++;
        if (banComments || c !== 0x23 /* # */)
            break;
        skipComment(ctx);
    }
}

/*!
 * Copyright (c) Squirrel Chat et al., All rights reserved.
 * SPDX-License-Identifier: BSD-3-Clause
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 * 3. Neither the name of the copyright holder nor the names of its contributors
 *    may be used to endorse or promote products derived from this software without
 *    specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */
/** @internal */
function parseKey(ctx, end = 0x3d /* = */) {
    // States:
    // 0: before first char
    // 1: parsing bare key
    // 2: after key component
    let startPtr;
    let state = 0;
    let parsed = [];
    let sliceStart;
    let c = ctx.s.charCodeAt(startPtr = ctx.p);
    do {
        // End of key
        if (c === end) {
            if (!state)
                TomlError.x('unexpected end of key', ctx);
            if (state === 1)
                parsed.push(ctx.s.slice(sliceStart, ctx.p));
            return ctx.p++, parsed;
        }
        // Dotted key separator
        else if (c === 0x2e /* . */) {
            if (!state)
                TomlError.x('illegal empty bare key', ctx);
            if (state === 1)
                parsed.push(ctx.s.slice(sliceStart, ctx.p));
            state = 0;
        }
        // Quoted key
        else if (!state && (c === 0x22 /* " */ || c === 0x27 /* ' */)) {
            if (c === ctx.s.charCodeAt(ctx.p + 1) && c === ctx.s.charCodeAt(ctx.p + 2))
                TomlError.x('illegal quoted key: multiline strings are not allowed', ctx);
            parsed.push(parseString(ctx));
            state = 2;
            ctx.p--;
        }
        // Whitespace; no-op in state 0 and 2, end of bare key in state 1
        else if (c === 0x20 || c === 0x9 /* \t */) {
            if (state === 1) {
                parsed.push(ctx.s.slice(sliceStart, ctx.p));
                state = 2;
            }
        }
        // If state is post-key, no character is allowed; otherwise ensure it's a bare-key component
        else if (state === 2 || (c < 0x30 && c !== 0x2d /* - */) || (c > 0x39 && c < 0x41) || (c > 0x5a && c < 0x61 && c !== 0x5f /* _ */) || c > 0x7a) {
            TomlError.x('illegal character in key', ctx);
        }
        // Illegal character
        else if (!state) {
            state = 1;
            sliceStart = ctx.p;
        }
    } while (c = ctx.s.charCodeAt(++ctx.p));
    TomlError.x('incomplete key-value: cannot find end of key', ctx, startPtr);
}
/** @internal */
function parseInlineTable(ctx) {
    let startPtr = ctx.p++;
    let res = Object.create(null);
    let seen = new Set();
    let c;
    while (ctx.p < ctx.s.length) {
        skipVoid(ctx);
        if ((c = ctx.s.charCodeAt(ctx.p)) === 0x7d /* } */) {
            ctx.p++;
            return res;
        }
        let k;
        let t = res;
        let hasOwn = false;
        let errPtr = ctx.p;
        let key = parseKey(ctx);
        for (let i = 0; i < key.length; i++) {
            if (i)
                t = hasOwn ? t[k] : (t[k] = Object.create(null));
            k = key[i];
            if ((hasOwn = Object.hasOwn(t, k)) && (typeof t[k] !== 'object' || seen.has(t[k]))) {
                TomlError.x('trying to redefine an already defined value', ctx, errPtr);
            }
            let unsafe = k === '__proto__';
            if (ctx.uk && (unsafe || k === 'constructor')) {
                t = ctx.uk !== 1 && TomlError.x('document contains an unsafe property', ctx, errPtr);
                break;
            }
            if (!hasOwn && unsafe) {
                Object.defineProperty(t, k, { enumerable: true, configurable: true, writable: true });
            }
        }
        if (hasOwn) {
            TomlError.x('trying to redefine an already defined value', ctx, errPtr);
        }
        skipVoid(ctx, true, true);
        let value = extractValue(ctx, 0x7d /* } */);
        if (t && typeof (t[k] = value) === 'object')
            seen.add(value);
        skipVoid(ctx);
        if ((c = ctx.s.charCodeAt(ctx.p++)) === 0x7d /* } */) {
            return res;
        }
        if (c !== 0x2c /* , */)
            TomlError.x('expected comma or end of structure', ctx, ctx.p - 1);
    }
    TomlError.x('unfinished table', ctx, startPtr);
}
/** @internal */
function parseArray(ctx) {
    let startPtr = ctx.p++;
    let res = [];
    let c;
    while (ctx.p < ctx.s.length) {
        skipVoid(ctx);
        if ((c = ctx.s.charCodeAt(ctx.p)) === 0x5d /* ] */) {
            ctx.p++;
            return res;
        }
        res.push(extractValue(ctx, 0x5d /* ] */));
        skipVoid(ctx);
        if ((c = ctx.s.charCodeAt(ctx.p++)) === 0x5d /* ] */) {
            return res;
        }
        if (c !== 0x2c /* , */)
            TomlError.x('expected comma or end of structure', ctx, ctx.p - 1);
    }
    TomlError.x('unfinished array', ctx, startPtr);
}

/*!
 * Copyright (c) Squirrel Chat et al., All rights reserved.
 * SPDX-License-Identifier: BSD-3-Clause
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 * 3. Neither the name of the copyright holder nor the names of its contributors
 *    may be used to endorse or promote products derived from this software without
 *    specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */
function peekTable(ctx, key, table, meta, type) {
    let t = table;
    let m = meta;
    let k;
    let hasOwn = false;
    let state;
    for (let i = 0; i < key.length; i++) {
        if (i) {
            t = hasOwn ? t[k] : (t[k] = Object.create(null));
            m = (state = m[k]).c;
            if (type === 0 /* Type.DOTTED */ && (state.t === 1 /* Type.EXPLICIT */ || state.t === 2 /* Type.ARRAY */)) {
                return null;
            }
            if (state.t === 2 /* Type.ARRAY */) {
                let l = t.length - 1;
                t = t[l];
                m = m[l].c;
            }
        }
        k = key[i];
        if ((hasOwn = Object.hasOwn(t, k)) && m[k]?.t === 0 /* Type.DOTTED */ && m[k]?.d) {
            return null;
        }
        if (!hasOwn) {
            let unsafe = k === '__proto__';
            if (ctx.uk && (unsafe || k === 'constructor'))
                return false;
            if (unsafe) {
                Object.defineProperty(t, k, { enumerable: true, configurable: true, writable: true });
                Object.defineProperty(m, k, { enumerable: true, configurable: true, writable: true });
            }
            m[k] = {
                t: i < key.length - 1 && type === 2 /* Type.ARRAY */
                    ? 3 /* Type.ARRAY_DOTTED */ : type,
                d: false,
                i: 0,
                c: Object.create(null),
            };
        }
    }
    state = m[k];
    if (state.t !== type && !(type === 1 /* Type.EXPLICIT */ && state.t === 3 /* Type.ARRAY_DOTTED */)) {
        // Bad key type!
        return null;
    }
    if (type === 2 /* Type.ARRAY */) {
        if (!state.d) {
            state.d = true;
            t[k] = [];
        }
        t[k].push(t = Object.create(null));
        state.c[state.i++] = (state = { t: 1 /* Type.EXPLICIT */, d: false, i: 0, c: Object.create(null) });
    }
    if (state.d) {
        // Redefining a table!
        return null;
    }
    state.d = true;
    if (type === 1 /* Type.EXPLICIT */) {
        t = hasOwn ? t[k] : (t[k] = Object.create(null));
    }
    else if (type === 0 /* Type.DOTTED */ && hasOwn) {
        return null;
    }
    return [k, t, state.c];
}
function validateTablePeek(ctx, peek, ptr) {
    if (peek === null || ctx.uk === 2)
        TomlError.x(peek === null
            ? 'trying to redefine an already defined table or value'
            : 'document contains an unsafe property', ctx, ptr);
}
function parse(toml, options = {}) {
    let ctx = {
        s: toml,
        p: 0,
        d: options.maxDepth ?? 1000,
        bi: options.integersAsBigInt ?? false,
        ld: options.useLegacyDate ?? true,
        uk: options.unsafeKeyBehaviour === 'throw' ? 2 : options.unsafeKeyBehaviour === 'drop' ? 1 : 0,
    };
    let res = Object.create(null);
    let meta = Object.create(null);
    let tmp;
    let skipping = false;
    let tbl = res;
    let m = meta;
    // BOM is allowed, skip.
    // JS is UTF-16, so we have to check for the UTF-16 BOM instead of the UTF-8 BOM sequence!
    if (toml.charCodeAt(0) === 0xfeff)
        ctx.p++;
    skipVoid(ctx);
    while (ctx.p < toml.length) {
        if (toml.charCodeAt(ctx.p) === 0x5b /* [ */) {
            let isTableArray = toml.charCodeAt(++ctx.p) === 0x5b; /* [ */
            tmp = ctx.p += +isTableArray;
            skipping = false;
            let k = parseKey(ctx, 0x5d /* ] */);
            if (isTableArray) {
                if (toml.charCodeAt(ctx.p) !== 0x5d /* ] */) {
                    TomlError.x('expected end of table array declaration', ctx);
                }
                ctx.p++;
            }
            let p = peekTable(ctx, k, res, meta, isTableArray ? 2 /* Type.ARRAY */ : 1 /* Type.EXPLICIT */);
            if (!p) {
                validateTablePeek(ctx, p, tmp);
                skipping = true;
            }
            else {
                m = p[2];
                tbl = p[1];
            }
        }
        else {
            tmp = ctx.p;
            let k = parseKey(ctx);
            let p = peekTable(ctx, k, tbl, m, 0 /* Type.DOTTED */);
            if (!p && !skipping)
                validateTablePeek(ctx, p, tmp);
            skipVoid(ctx, true, true);
            let v = extractValue(ctx, void 0);
            if (p && !skipping)
                p[1][p[0]] = v;
        }
        skipVoid(ctx, true);
        if (ctx.p < toml.length && (tmp = toml.charCodeAt(ctx.p)) !== 0xa /* \n */ && (tmp !== 0xd /* \r */ || toml.charCodeAt(ctx.p + 1) !== 0xa /* \n */)) {
            TomlError.x('each key-value declaration must be followed by an end-of-line', ctx);
        }
        skipVoid(ctx);
    }
    return res;
}

const CONFIG_EXTENSIONS = {
  ".yml": "yaml",
  ".yaml": "yaml",
  ".toml": "toml"
};
function formatOf(file) {
  return CONFIG_EXTENSIONS[extname(file).toLowerCase()];
}
const MAX_ALIAS_COUNT = 100;
const firstLine = (text) => text.split("\n", 1)[0]?.trim() ?? "";
function parseYaml(text, source) {
  const lineCounter = new distExports.LineCounter();
  const doc = distExports.parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    const problems = doc.errors.map((error) => {
      const { line, col } = lineCounter.linePos(error.pos[0]);
      return { source, line, column: col, message: `invalid YAML: ${firstLine(error.message)}` };
    });
    throw new ConfigError(problems);
  }
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    const excessive = /excessive alias count/i.test(error.message);
    throw new ConfigError([
      {
        source,
        message: excessive ? `invalid YAML: its aliases (*name) expand to more than ${MAX_ALIAS_COUNT} copies of anchored values, which is refused as a resource exhaustion attack; write the values out instead` : `invalid YAML: ${firstLine(error.message)}`
      }
    ]);
  }
}
function parseTomlText(text, source) {
  try {
    return parse(text);
  } catch (error) {
    const e = error;
    const reason = firstLine(String(e.message ?? error)).replace(/^Invalid TOML document:\s*/, "");
    const lineText = typeof e.line === "number" ? text.split(/\r?\n/)[e.line - 1] : void 0;
    throw new ConfigError([
      {
        source,
        ...typeof e.line === "number" ? { line: e.line } : {},
        ...typeof e.column === "number" ? { column: e.column } : {},
        message: `invalid TOML: ${reason}: ${tomlSyntaxHint(reason, lineText)}`
      }
    ]);
  }
}
function parseConfigText(text, format, source) {
  const data = format === "yaml" ? parseYaml(text, source) : parseTomlText(text, source);
  if (data === null || data === void 0) return {};
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new ConfigError([
      { source, message: `the top level must be a mapping of sections, found ${formatValue(data)}` }
    ]);
  }
  return data;
}

const CONFIG_FILE_NAMES = ["harness.yml", "harness.yaml", "harness.toml"];
const isFile = async (path) => {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
};
function displayPath(cwd, file) {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : file;
}
async function discoverConfigFile(cwd, configPath) {
  if (configPath !== void 0) {
    const file = resolve(cwd, configPath);
    if (!await isFile(file)) {
      throw new ConfigError([{ source: configPath, message: "config file not found (given with --config)" }]);
    }
    if (!formatOf(file)) {
      const known = Object.keys(CONFIG_EXTENSIONS).join(", ");
      throw new ConfigError([
        { source: configPath, message: `unsupported config file type; use one of ${known}` }
      ]);
    }
    return file;
  }
  const found = [];
  for (const name of CONFIG_FILE_NAMES) {
    if (await isFile(join(cwd, name))) found.push(name);
  }
  if (found.length > 1) {
    throw new ConfigError([
      {
        source: cwd,
        message: `${found.join(" and ")} ${found.length === 2 ? "both" : "all"} exist; keep one, or choose with --config`
      }
    ]);
  }
  return found[0] === void 0 ? null : join(cwd, found[0]);
}

function editDistance(a, b) {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d = Array.from(
    { length: rows },
    (_, i) => Array.from({ length: cols }, (_2, j) => i === 0 ? j : j === 0 ? i : 0)
  );
  const at = (i, j) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      d[i][j] = best;
    }
  }
  return at(a.length, b.length);
}
const normalise = (s) => s.toLowerCase().replace(/-/g, "_");
function closestMatch(word, candidates) {
  const w = normalise(word);
  const limit = Math.min(3, Math.max(1, Math.floor(w.length / 4)));
  let best;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(w, normalise(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (bestDistance <= limit) return best;
  return w.length >= 4 ? candidates.find((c) => normalise(c).startsWith(`${w}_`)) : void 0;
}

const CLIS = ["claude", "codex", "gemini"];
const CLI_NAMES = { claude: "Claude", codex: "Codex", gemini: "Gemini" };
const CLI_ARGS = {
  claude: DEFAULT_AGENT_ARGS,
  codex: ["exec", "--json", "--skip-git-repo-check", "--sandbox", "workspace-write", "{prompt}"],
  gemini: ["-p", "{prompt}", "--output-format", "stream-json", "--yolo"]
};
function cliOf(command) {
  const name = basename(command).replace(/\.(cmd|exe)$/i, "");
  return CLIS.find((cli) => cli === name);
}
const cliOfFormat = (format) => CLIS.find((cli) => cli === format);
function phaseProblems(config, source) {
  const { agent } = config;
  const baseCli = cliOf(agent.command) ?? cliOfFormat(agent.format);
  const problems = [];
  for (const phase of PHASES) {
    const own = agent[phase];
    if (own === void 0 || own.args !== void 0) continue;
    const changes = [];
    if (own.format !== void 0 && own.format !== agent.format)
      changes.push(`format = ${formatValue(own.format)}`);
    const ownCli = own.command === void 0 ? void 0 : cliOf(own.command);
    if (own.command !== void 0 && ownCli !== void 0 && ownCli !== cliOf(agent.command))
      changes.push(`command = ${formatValue(own.command)}`);
    if (changes.length === 0) continue;
    const target = ownCli ?? (own.format === void 0 ? void 0 : cliOfFormat(own.format));
    const whose = baseCli === void 0 ? `written for ${formatValue(agent.command)}` : `${CLI_NAMES[baseCli]}'s flags`;
    const example = target === void 0 ? "" : ` (for ${CLI_NAMES[target]}: ${JSON.stringify(CLI_ARGS[target])})`;
    problems.push({
      source,
      path: `agent.${phase}`,
      message: `sets ${changes.join(" and ")} but inherits agent.args, which are ${whose}: set agent.${phase}.args${example}`
    });
  }
  return problems;
}

const CASE_INSENSITIVE_PREFIX = "(?i)";
function compilePattern(pattern) {
  if (pattern.startsWith(CASE_INSENSITIVE_PREFIX)) {
    return new RegExp(pattern.slice(CASE_INSENSITIVE_PREFIX.length), "i");
  }
  return new RegExp(pattern);
}
function patternError(pattern) {
  try {
    compilePattern(pattern);
    return void 0;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return text.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, "");
  }
}

const PATTERN_KEY_PATHS = [
  ["commit_detection", "patterns"],
  ["rate_limit", "patterns"]
];
const isMapping = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function suggestKey(key, parent, siblings) {
  const sibling = closestMatch(key, siblings);
  if (sibling !== void 0) return sibling;
  const elsewhere = leafKeyPaths().filter((p) => p !== [...parent, key].join("."));
  const byLeaf = closestMatch(
    key,
    elsewhere.map((p) => p.slice(p.lastIndexOf(".") + 1))
  );
  return byLeaf === void 0 ? void 0 : elsewhere.find((p) => p.endsWith(`.${byLeaf}`));
}
function issueProblems(issue, data, source) {
  if (issue.code === "unrecognized_keys") {
    const siblings = Object.keys(propertiesOf(schemaAt(issue.path)));
    const topLevel = issue.path.length === 0;
    return issue.keys.map(
      (key) => unknownKeyProblem(
        source,
        formatKeyPath([...issue.path, key]),
        siblings,
        suggestKey(key, issue.path, siblings),
        topLevel ? "section" : "key"
      )
    );
  }
  const node = schemaAt(issue.path);
  const path = formatKeyPath(issue.path);
  if (!node) return [{ source, path, message: issue.message }];
  const value = valueAt(data, issue.path);
  const suggestion = typeof value === "string" ? closestMatch(value, enumValues(node)) : void 0;
  const problem = mismatchProblem(source, path, expectedPhrase(node), value, suggestion);
  if (issue.code === "too_big" && issue.message === TIMER_LIMIT_REASON)
    problem.message += ` (${TIMER_LIMIT_REASON})`;
  return [problem];
}
function patternProblems(data, source) {
  const problems = [];
  for (const keyPath of PATTERN_KEY_PATHS) {
    const list = valueAt(data, keyPath);
    if (!Array.isArray(list)) continue;
    list.forEach((pattern, index) => {
      if (typeof pattern !== "string") return;
      const reason = patternError(pattern);
      if (reason === void 0) return;
      problems.push({
        source,
        path: formatKeyPath([...keyPath, index]),
        found: formatValue(pattern),
        expected: "a valid regular expression",
        message: `invalid regular expression ${formatValue(pattern)}: ${reason}`
      });
    });
  }
  return problems;
}
function validateConfigData(data, source) {
  const result = configSchema.safeParse(data);
  const problems = result.success ? [] : result.error.issues.flatMap((i) => issueProblems(i, data, source));
  problems.push(...patternProblems(data, source));
  if (result.success) problems.push(...phaseProblems(result.data, source));
  const order = Object.keys(data);
  const rank = (p) => {
    const index = order.indexOf(p.path?.split(/[.[]/, 1)[0] ?? "");
    return index === -1 ? order.length : index;
  };
  problems.sort((a, b) => rank(a) - rank(b));
  const seen = /* @__PURE__ */ new Set();
  const unique = problems.filter((p) => {
    const line = formatProblem(p);
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  });
  return unique.length || !result.success ? { problems: unique } : { problems: [], config: result.data };
}

const FLAG_SOURCE = "command line";
function coerceFlag(path, value) {
  const type = schemaAt(path.split("."))?.["type"];
  if ((type === "number" || type === "integer") && typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    if (!Number.isNaN(n)) return n;
  }
  return value;
}
function dropEmptySections(data) {
  const known = new Set(sectionNames());
  return Object.fromEntries(Object.entries(data).filter(([k, v]) => !(v === null && known.has(k))));
}
function deepFreeze(value) {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
async function readConfigData(file, source) {
  let text;
  try {
    text = await readInputText(file, { what: "config file" });
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const reason = error.code ?? String(error);
    throw new ConfigError([{ source, message: `cannot read config file (${reason})` }]);
  }
  return parseConfigText(text, formatOf(file) ?? "yaml", source);
}
function setAt(data, path, value) {
  const [key = "", ...rest] = path;
  if (rest.length === 0) {
    data[key] = value;
    return;
  }
  const current = data[key];
  const table = { ...isMapping(current) ? current : {} };
  setAt(table, rest, value);
  data[key] = table;
}
function hasAt(data, path) {
  const [key = "", ...rest] = path;
  if (!Object.hasOwn(data, key)) return false;
  if (rest.length === 0) return true;
  const child = data[key];
  return isMapping(child) && hasAt(child, rest);
}
const isUnder = (problem, paths) => paths.some(
  (p) => problem.path === p || problem.path?.startsWith(`${p}.`) || problem.path?.startsWith(`${p}[`) || problem.path !== void 0 && p.startsWith(`${problem.path}.`)
);
async function loadConfig(opts) {
  const file = await discoverConfigFile(opts.cwd, opts.configPath);
  const source = file === null ? "(defaults)" : displayPath(opts.cwd, file);
  const fileData = file === null ? {} : dropEmptySections(await readConfigData(file, source));
  const problems = [];
  const leafPaths = leafKeyPaths();
  const flagged = [];
  const merged = { ...fileData };
  for (const [path, raw] of Object.entries(opts.overrides ?? {})) {
    if (raw === void 0) continue;
    if (!leafPaths.includes(path)) {
      problems.push(unknownKeyProblem(FLAG_SOURCE, path, [], closestMatch(path, leafPaths)));
      continue;
    }
    setAt(merged, path.split("."), coerceFlag(path, raw));
    flagged.push(path);
  }
  const fromFile = validateConfigData(fileData, source);
  const fromMerge = validateConfigData(merged, FLAG_SOURCE);
  problems.unshift(...fromFile.problems);
  problems.push(...fromMerge.problems.filter((p) => isUnder(p, flagged)));
  if (problems.length || !fromMerge.config) throw new ConfigError(problems);
  const sources = {};
  for (const path of leafPaths) {
    sources[path] = flagged.includes(path) ? "flag" : hasAt(fileData, path.split(".")) ? "file" : "default";
  }
  return deepFreeze({ config: fromMerge.config, file, sources });
}

function exitForError(error) {
  if (error instanceof HarnessError) return { code: error.exitCode, message: error.message };
  const detail = error instanceof Error ? error.stack ?? error.message : String(error);
  return { code: EXIT.failure, message: `unexpected failure: ${detail}` };
}

class PreflightError extends HarnessError {
  name = "PreflightError";
  constructor(message, exitCode = EXIT.usage) {
    super(message, exitCode);
  }
}
function preflight(config, cwd, options = {}) {
  const paths = resolvePaths(config, cwd);
  const problems = [];
  let exitCode = EXIT.usage;
  if (options.promptFile !== false) {
    try {
      const refused = refusal(paths.promptFile, statSync(paths.promptFile), { what: "prompt file" });
      if (refused) {
        problems.push(refused.message);
        exitCode = refused.exitCode;
      }
    } catch {
      problems.push(
        `prompt file ${paths.promptFile} not found: create it, or set prompt.file / session.prompt_file (or -p PATH)`
      );
    }
  }
  try {
    if (!statSync(paths.outputDir).isDirectory())
      problems.push(`output directory ${paths.outputDir} is not a directory`);
  } catch {
    problems.push(
      `output directory ${paths.outputDir} not found: create it or set session.output_dir (or -o PATH)`
    );
  }
  if (config.agent.format === "json-actions") {
    if (options.self === false)
      problems.push(
        `agent.format = "json-actions" runs the harness's own worker, which this caller cannot start: use the CLI or the Action`
      );
  } else if (!findExecutable(config.agent.command, cwd, { ...process.env, ...config.agent.env })) {
    problems.push(
      `agent command "${config.agent.command}" not found on PATH: install it or set agent.command (resolved from ${resolve(cwd)})`
    );
  }
  try {
    cgroupSetting(process.env[CGROUP_VAR]);
  } catch (error) {
    problems.push(error.message);
  }
  if (problems.length > 0) throw new PreflightError(problems.join("\n"), exitCode);
}

const textAgentText = (line) => [line];
function structured(parts) {
  return (line) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith("{")) return null;
    const event = parseObject(trimmed);
    if (event === null) return null;
    const out = [];
    parts(event, out);
    return out.length > 0 ? out : null;
  };
}
const claudeAgentText = structured(claudeParts);
function claudeParts(event, out) {
  if (event.type === "result") {
    pushString(event.result, out);
    return;
  }
  if (event.type !== "assistant" && event.type !== "user") return;
  const content = asObject(event.message)?.content;
  if (!Array.isArray(content)) return;
  for (const entry of content) {
    const block = asObject(entry);
    if (block === null) continue;
    if (event.type === "assistant" && block.type === "text") pushString(block.text, out);
    else if (event.type === "assistant" && block.type === "tool_use") {
      pushString(block.name, out);
      collectStrings(block.input, out);
    } else if (event.type === "user" && block.type === "tool_result") collectStrings(block.content, out);
  }
}
const codexAgentText = structured(codexParts);
function codexParts(event, out) {
  if (event.type !== "item.completed") return;
  const item = asObject(event.item);
  if (item === null || item.type === "reasoning" || item.type === "error") return;
  for (const [key, value] of Object.entries(item)) {
    if (key !== "id" && key !== "type" && key !== "status") collectStrings(value, out);
  }
}
const geminiAgentText = structured(geminiParts);
function geminiParts(event, out) {
  if (event.type === "message" && event.role === "assistant") pushString(event.content, out);
  else if (event.type === "tool_use") {
    pushString(event.tool_name, out);
    collectStrings(event.parameters, out);
  } else if (event.type === "tool_result") {
    pushString(event.output, out);
    collectStrings(asObject(event.error)?.message, out);
  }
}
function pushString(value, out) {
  const text = asString(value);
  if (text !== null && text !== "") out.push(text);
}
function collectStrings(value, out, depth = 0) {
  if (typeof value === "string") pushString(value, out);
  else if (depth >= 16 || typeof value !== "object" || value === null) return;
  else if (Array.isArray(value)) for (const entry of value) collectStrings(entry, out, depth + 1);
  else for (const entry of Object.values(value)) collectStrings(entry, out, depth + 1);
}

function tally(shape, turn) {
  shape.turns++;
  if (turn.text && turn.tools === 0) shape.narration_turns++;
  if (turn.tools >= 2) shape.parallel_turns++;
}

const ASSISTANT = '"type":"assistant"';
const INIT = '"subtype":"init"';
const TOOL_USE$1 = '"type":"tool_use"';
const TEXT = '"type":"text"';
const SUB_AGENT = '"parent_tool_use_id":"';
const OPEN_MESSAGES = 8;
const HEAD = /^\{"type":"assistant","message":\{"id":"([^"\\]+)","type":"message","role":"assistant","model":"([^"\\]*)","content":\[(?:\{"type":"([a-z_]+)")?/;
function count$1(line, marker) {
  let n = 0;
  for (let at = line.indexOf(marker); at !== -1; at = line.indexOf(marker, at + marker.length)) n++;
  return n;
}
function assistantEvent(line) {
  const head = HEAD.exec(line.length > 1024 ? line.slice(0, 1024) : line);
  const tools = count$1(line, TOOL_USE$1);
  const texts = count$1(line, TEXT);
  if (head?.[1] !== void 0 && tools + texts <= 1) {
    const type = head[3];
    return { id: head[1], model: head[2] ?? "", text: type === "text", tools: type === "tool_use" ? 1 : 0 };
  }
  const event = parseObject(line.trim());
  if (event?.type !== "assistant") return null;
  const message = asObject(event.message);
  const id = asString(message?.id);
  if (message === null || id === null) return null;
  const content = Array.isArray(message.content) ? message.content : [];
  let text = false;
  let calls = 0;
  for (const c of content) {
    const block = asObject(c);
    if (block?.type === "tool_use") calls++;
    else if (block?.type === "text" && (asString(block.text) ?? "").trim() !== "") text = true;
  }
  return { id, model: asString(message.model) ?? "", text, tools: calls };
}
function claudeTurnCounter() {
  const open = /* @__PURE__ */ new Map();
  const shape = { turns: 0, narration_turns: 0, parallel_turns: 0 };
  let model = null;
  let initModel = null;
  const close = (m) => tally(shape, m);
  return {
    line(line) {
      const head = line.trimStart();
      const typed = head.startsWith('{"type":"');
      if (typed ? !head.startsWith('{"type":"assistant"') : !line.includes(ASSISTANT)) {
        if (initModel === null && (!typed || head.startsWith('{"type":"system"')) && line.includes(INIT)) {
          const event2 = parseObject(head);
          if (event2?.type === "system" && event2.subtype === "init") initModel = asString(event2.model);
        }
        return;
      }
      if (line.includes(SUB_AGENT)) return;
      const event = assistantEvent(head);
      if (event === null || event.model === "<synthetic>") return;
      if (model === null && event.model !== "") model = event.model;
      const known = open.get(event.id);
      if (known !== void 0) {
        known.text ||= event.text;
        known.tools += event.tools;
        return;
      }
      if (open.size >= OPEN_MESSAGES) {
        const [oldest, message] = open.entries().next().value;
        open.delete(oldest);
        close(message);
      }
      open.set(event.id, { text: event.text, tools: event.tools });
    },
    result() {
      const total = { ...shape };
      for (const m of open.values()) tally(total, m);
      return { ...total, model: initModel ?? model };
    }
  };
}

const emptyMetrics = () => ({
  turns: null,
  tool_calls: null,
  input_tokens: null,
  output_tokens: null,
  cost_usd: null,
  agent_duration_ms: null,
  narration_turns: null,
  parallel_turns: null,
  cache_read_tokens: null,
  cache_write_tokens: null,
  model: null
});
function withTurnShape(metrics, shape, reportsTurns) {
  if (shape === null) return metrics;
  return {
    ...metrics,
    turns: reportsTurns ? metrics.turns ?? shape.turns : shape.turns ?? metrics.turns,
    narration_turns: shape.narration_turns,
    parallel_turns: shape.parallel_turns,
    model: metrics.model ?? shape.model
  };
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAY_MS$1 = 864e5;
const epochSecondsToMs = (seconds) => Math.round(seconds * 1e3);
function parseResetTime(text, nowMs, defaultZone = "UTC") {
  return parseEpochSuffix(text) ?? parseResetField(text, nowMs) ?? parseIsoTimestamp(text) ?? parseRetryAfter(text, nowMs) ?? parseRelative(text, nowMs) ?? parseWaitFor(text, nowMs) ?? parseWallClock(text, nowMs, defaultZone);
}
function parseEpochSuffix(text) {
  const m = /limit reached\s*\|\s*(\d{9,13})\b/i.exec(text);
  if (!m?.[1]) return null;
  const n = Number(m[1]);
  return m[1].length >= 13 ? n : epochSecondsToMs(n);
}
function parseResetField(text, nowMs) {
  const at = /"resets_at"\s*:\s*(\d{10,13})\b/.exec(text);
  if (at?.[1]) return at[1].length >= 13 ? Number(at[1]) : epochSecondsToMs(Number(at[1]));
  const inSeconds = /"resets_in_seconds"\s*:\s*(\d+(?:\.\d+)?)/.exec(text);
  if (inSeconds?.[1]) return nowMs + Math.round(Number(inSeconds[1]) * 1e3);
  return null;
}
function parseRetryAfter(text, nowMs) {
  const seconds = /\bretry[-_ ]?after["']?\s*[:=]\s*["']?(\d+(?:\.\d+)?)(?:\s*s(?:ec(?:ond)?s?)?)?\b(?![-:/])/i.exec(text);
  if (seconds?.[1]) return nowMs + Math.round(Number(seconds[1]) * 1e3);
  const delay = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(text);
  if (delay?.[1]) return nowMs + Math.round(Number(delay[1]) * 1e3);
  const date = /\bretry[-_ ]?after["']?\s*[:=]\s*["']?((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT)/i.exec(
    text
  );
  if (date?.[1]) {
    const ms = Date.parse(date[1]);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}
function parseIsoTimestamp(text) {
  const m = /\b(?:resets?(?:\s+at)?|try again at|retry at|until)\s*:?\s*(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?/i.exec(
    text
  );
  if (!m?.[1]) return null;
  const ms = Date.parse(`${m[1].replace(" ", "T")}${m[2] ?? "Z"}`);
  return Number.isNaN(ms) ? null : ms;
}
const UNIT_MS = [
  [/^d(?:ays?)?$/i, DAY_MS$1],
  [/^h(?:(?:ou)?rs?)?$/i, 36e5],
  [/^m(?:in(?:ute)?s?)?$/i, 6e4],
  [/^s(?:ec(?:ond)?s?)?$/i, 1e3]
];
const DURATION_PART = String.raw`\d+(?:\.\d+)?\s*(?:days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)(?![a-z])`;
const RELATIVE_RE = new RegExp(
  String.raw`\b(?:in|after)\s+((?:${DURATION_PART}(?:\s*,?\s*(?:and\s+)?)?)+|less than a minute)`,
  "i"
);
function parseRelative(text, nowMs) {
  const m = RELATIVE_RE.exec(text);
  if (!m?.[1]) return null;
  if (/^less than a minute$/i.test(m[1])) return nowMs + 6e4;
  let total = 0;
  for (const part of m[1].matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)/gi)) {
    const unit = UNIT_MS.find(([re]) => re.test(part[2] ?? ""));
    if (unit) total += Number(part[1]) * unit[1];
  }
  return total > 0 ? nowMs + Math.round(total) : null;
}
const WAIT_FOR_RE = /\b(?:wait|in)\s+(?:(?:about|around|roughly|approximately)\s+)?(\d+(?:\.\d+)?|an?)\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?)\b/i;
function parseWaitFor(text, nowMs) {
  const m = WAIT_FOR_RE.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const count = /^an?$/i.test(m[1]) ? 1 : Number(m[1]);
  const unit = UNIT_MS.find(([re]) => re.test(m[2] ?? ""));
  return unit && count > 0 ? nowMs + Math.round(count * unit[1]) : null;
}
const WALL_CLOCK_RE = new RegExp(
  [
    String.raw`\b(?:resets?|try again|retry)(?:\s+at)?\s+`,
    // Optional date, as Claude ("Jan 5, 3pm", "Jan 5, 2027, 3pm") and Codex ("Sep 25th, 2025 3:05 PM") print it.
    String.raw`(?:(${MONTHS.join("|")})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(?:(\d{4}),?\s+)?(?:at\s+)?)?`,
    String.raw`(\d{1,2})(?::(\d{2}))?\s*(?:([ap])\.?\s?m\b\.?)?`,
    String.raw`(?:\s*\(([^)]+)\)|\s+(UTC|GMT|Z)\b|\s+([A-Za-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?))?`
  ].join(""),
  "i"
);
function parseWallClock(text, nowMs, defaultZone) {
  const m = WALL_CLOCK_RE.exec(text);
  if (!m) return null;
  const [, monthName, dayText, yearText, hourText, minuteText, meridiem, parenZone, utcZone, bareZone] = m;
  if (minuteText === void 0 && meridiem === void 0) return null;
  let hour = Number(hourText);
  const minute = minuteText === void 0 ? 0 : Number(minuteText);
  if (meridiem !== void 0) {
    if (hour < 1 || hour > 12) return null;
    hour = hour % 12 + (meridiem.toLowerCase() === "p" ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  const zone = resolveZone(parenZone ?? utcZone ?? bareZone ?? defaultZone);
  const today = zonedDate(nowMs, zone);
  if (monthName !== void 0 && dayText !== void 0) {
    const month = MONTHS.indexOf(monthName.toLowerCase().slice(0, 3)) + 1;
    const day = Number(dayText);
    if (yearText !== void 0) return zonedToEpoch(Number(yearText), month, day, hour, minute, zone);
    const thisYear = zonedToEpoch(today.year, month, day, hour, minute, zone);
    return thisYear >= nowMs - DAY_MS$1 ? thisYear : zonedToEpoch(today.year + 1, month, day, hour, minute, zone);
  }
  const candidate = zonedToEpoch(today.year, today.month, today.day, hour, minute, zone);
  if (candidate > nowMs) return candidate;
  const next = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return zonedToEpoch(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), hour, minute, zone);
}
function resolveZone(name) {
  const trimmed = name.trim();
  if (/^(?:utc|gmt|z)$/i.test(trimmed)) return "UTC";
  try {
    return formatterFor(trimmed).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}
const formatters = /* @__PURE__ */ new Map();
function formatterFor(zone) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric"
    });
    formatters.set(zone, f);
  }
  return f;
}
function zonedDate(ms, zone) {
  const parts = {};
  for (const p of formatterFor(zone).formatToParts(new Date(ms))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0
  };
}
function zoneOffset(ms, zone) {
  const p = zonedDate(ms, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1e3) * 1e3;
}
function zonedToEpoch(year, month, day, hour, minute, zone) {
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  const first = naive - zoneOffset(naive, zone);
  const second = naive - zoneOffset(first, zone);
  if (second === first) return first;
  const shows = (t) => {
    const p = zonedDate(t, zone);
    return p.hour === hour && p.minute === minute;
  };
  if (shows(second)) return second;
  if (shows(first)) return first;
  return Math.max(first, second);
}

const USAGE_LIMIT_TEXTS = [
  /usage limit reached/i,
  // "5-hour limit reached", "Session limit reached", "Opus weekly limit reached", "Rate limit reached"; not Claude's
  // "Context limit reached" or a turn, token or retry limit, which no wait lifts.
  /(?<!\b(?:context|token|tokens|turn|turns|output|length|size|retry|time|recursion|max)[ _-])\blimit (?:reached|exceeded)\b/i,
  // "hit your limit", "hit your usage limit", "hit your session limit", "hit your monthly spend limit"
  /\bhit your (?:[\w-]+ ){0,3}limit\b/i,
  /\bout of (?:extra |included )?usage\b/i,
  /\bexceeded your (?:[\w-]+ ){0,3}(?:limit|quota)\b/i,
  /\busage_limit_reached\b|\brate_limit_exceeded\b|\brate_limit_error\b/i,
  // "You've reached your 5-hour usage limit for Claude." (frankbria/ralph-claude-code tests/helpers/fixtures.bash and
  // tests/e2e/test_full_loop.bats; cases peer-ralph-5-hour-limit-output, peer-ralph-5-hour-limit-e2e). Only the
  // limits a wait lifts: not "reached your context limit".
  /\breached your (?:[\w-]+ ){0,2}(?:usage|rate|session|weekly|daily|monthly|hourly|\d+-hour|plan) limit\b/i,
  // "Your limit resets at 2026-02-17T00:00:00 UTC" (ozten/blacksmith src/ratelimit.rs at 1a40bb0,
  // test_error_result_with_resets_utc; case peer-limit-resets-at-utc).
  /\b(?:your|usage|rate|session|weekly) limit (?:will )?resets?\b/i
];
const FIRM_API_LIMIT_TEXTS = [
  /Request rejected \(429\)/i,
  /\brate[ _-]?limit(?:ed)?\s*:\s*too many requests/i,
  /\b429 Too Many Requests\b|"code":\s*429\b|(?:status|status code|error_status)[:=]?\s*"?429\b|\(429\)|\b429\b[^\n]{0,20}retry-after/i,
  /\bRESOURCE_EXHAUSTED\b/,
  /\bquota (?:exceeded|exhausted)\b|\bexhausted your (?:capacity|quota)\b/i,
  // The session itself was throttled: "You have been rate limited. Please try again." (ozten/blacksmith
  // src/ratelimit.rs test_error_result_with_rate_limit_detected; case peer-rate-limited-please-try-again). Not a
  // description such as "the endpoint is rate limited to 10 requests per second".
  /\b(?:been|being|got|getting|you(?:'re| are)) rate[ _-]?limited\b/i,
  // The error type given as the message, "error: rate_limit" (or the field, "error":"rate_limit") (ozten/blacksmith
  // src/ratelimit.rs test_error_result_with_rate_limit_json_error; case peer-error-rate-limit).
  /\berror["']?\s*:\s*["']?rate[_ -]?limit(?:ed|_error|_exceeded)?\b/i,
  // Claude Code's answer to a 429 rate_limit_error (issue 23): "API Error: Server is temporarily limiting requests
  // (not your usage limit) · Rate limited" (report-claude-server-limiting-*, anthropics/claude-code#63014, #64905):
  // a throttle with no reset time, waited out with backoff.
  /\bServer is temporarily limiting requests\b/i
];
const API_LIMIT_TEXTS = [
  /\b429\b/,
  /too many requests/i,
  /\brate[ _-]?limit(?:ed|s)?\b/i,
  /\bquota\b/i
];
const CAPACITY_TEXTS = [
  /\bSelected model is at capacity\b/i,
  /\bNo capacity available for model\b/i,
  /\bMODEL_CAPACITY_EXHAUSTED\b/
];
function findText(text, patterns) {
  for (const re of patterns) {
    const at = text.search(re);
    if (at < 0) continue;
    const lineStart = text.lastIndexOf("\n", at) + 1;
    const lineEnd = text.indexOf("\n", at);
    const line = text.slice(lineStart, lineEnd < 0 ? void 0 : lineEnd).trim();
    return { line: line.length > 300 ? `${line.slice(0, 299)}\u2026` : line, from: text.slice(lineStart) };
  }
  return null;
}
function limitFromText(text, label, options) {
  if (text === "") return null;
  const capacity = findText(text, CAPACITY_TEXTS) !== null;
  const tries = [["usage_text", USAGE_LIMIT_TEXTS]];
  if (!capacity) tries.push(["api_status", FIRM_API_LIMIT_TEXTS]);
  if (options.apiTexts && !capacity) tries.push(["api_status", API_LIMIT_TEXTS]);
  tries.push(["pattern", options.patterns]);
  for (const [source, patterns] of tries) {
    const match = findText(text, patterns);
    if (match === null) continue;
    return {
      source,
      resets_at_ms: parseResetTime(match.from, options.now_ms, options.defaultZone),
      detail: `${label}: ${match.line}`
    };
  }
  return null;
}

const FAILURE_TEXTS = [
  {
    reason: "authentication",
    kind: "fatal",
    re: /invalid api key|invalid x-api-key|incorrect api key|api key not valid|API_KEY_INVALID|authentication_error|authentication_failed|OAuth token (?:has )?(?:expired|been revoked)|Please run \/login|\bUNAUTHENTICATED\b|\b401 Unauthorized\b|status(?: code)?:? 401\b|\(401\)/i
  },
  {
    reason: "billing",
    kind: "fatal",
    re: /credit balance (?:is )?too low|billing_error|insufficient_quota|\b402 Payment Required\b|status(?: code)?:? 402\b|billing (?:details|account) (?:is |are )?(?:not|in)/i
  },
  {
    reason: "model_not_found",
    kind: "fatal",
    re: /model_not_found|\bmodel [`'"]?[\w.:/-]+[`'"]? (?:was )?(?:not found|does not exist|is not supported|is not available)|(?:unknown|invalid) model\b|not_found_error[^\n]{0,80}\bmodel\b|models\/[\w.-]+ is not found/i
  },
  {
    reason: "untrusted_folder",
    kind: "fatal",
    re: /untrusted (?:folder|workspace|directory)|not running in a trusted (?:folder|workspace|directory)|not (?:a )?trusted (?:folder|workspace|directory)|(?:folder|workspace|directory) is not trusted/i
  },
  {
    reason: "bad_auth_choice",
    kind: "fatal",
    re: /Please set an Auth method|(?:invalid|unsupported|unknown) auth(?:entication)? (?:method|type|choice)|auth(?:entication)? (?:method|type) [^\n]{0,40}(?:not (?:set|supported|valid))|When using Gemini API, you must specify the GEMINI_API_KEY/i
  },
  {
    reason: "agent_refused",
    kind: "fatal",
    re: /cannot be launched inside another Claude Code session|--dangerously-skip-permissions cannot be used with root/i
  },
  // The key expired, or the login was refused in other words: "Your API key has expired" (ozten/blacksmith
  // src/ratelimit.rs test_auth_failure_expired_key; case peer-api-key-expired), "Authentication failed: invalid
  // token" at the start of a line (mikeyobrien/ralph-orchestrator tests/test_error_formatter.py, legacy v1; case
  // peer-orch-authentication-failed).
  {
    reason: "authentication",
    kind: "fatal",
    re: /\bapi key (?:has |is )?(?:expired|been revoked)\b|^\s*(?:(?:api )?error:\s*)?authentication failed\b/im
  },
  // Out of credits, or a plan without the model, and no reset named: no wait lifts it. "Please purchase more credits
  // to continue.", "Upgrade to Pro to continue using this model." (ozten/blacksmith src/ratelimit.rs
  // test_codex_quota_purchase_credits, test_codex_quota_upgrade_to_pro; cases peer-codex-purchase-more-credits,
  // peer-codex-upgrade-to-pro-for-model). Codex's usage limit names both too, with a time to try again; limits are
  // read first.
  {
    reason: "billing",
    kind: "fatal",
    re: /\bpurchase more credits\b|\bupgrade to (?:pro|plus|team|max)\b[^\n]{0,60}\bto continue\b/i
  },
  // OAuth sessions whose refresh failed (issue 23): Codex "Your access token could not be refreshed because your
  // refresh token was already used" (report-codex-refresh-token-used, openai/codex#9634), Gemini's cached OAuth
  // credentials refused with `invalid_grant` (report-gemini-oauth-invalid-grant).
  {
    reason: "authentication",
    kind: "fatal",
    re: /access token could not be refreshed|refresh token (?:was|has) (?:already been used|already used|been revoked)|\binvalid_grant\b/i
  },
  // `codex exec` outside a trusted (git) directory (issue 23): "Not inside a trusted directory and
  // --skip-git-repo-check was not specified." (report-codex-untrusted-directory, openai/codex#7522).
  { reason: "untrusted_folder", kind: "fatal", re: /\bNot inside a trusted directory\b/i },
  {
    reason: "overloaded",
    kind: "transient",
    re: /overloaded_error|(?<![:.\d])\b529\b(?![:.]\d)|\boverloaded\b|experiencing high demand/i
  },
  {
    reason: "stream_disconnected",
    kind: "transient",
    re: /stream disconnected|stream closed before|stream ended (?:unexpectedly|before)|premature close|\bterminated\b(?= *$)/im
  },
  {
    reason: "server_error",
    kind: "transient",
    re: /internal server error|(?<![:.\d])\b(?:500|502|503|504)\b(?![:.]\d)[^\n]{0,40}(?:error|unavailable|gateway|timeout)|(?:status|error)(?: code)?:? ?\(?(?:500|502|503|504)\b|\bapi_error\b|service unavailable|bad gateway|gateway time-?out|"status": ?"(?:UNAVAILABLE|INTERNAL)"|\bserver_error\b/i
  },
  {
    reason: "network",
    kind: "transient",
    re: /\b(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|EPIPE)\b|socket hang up|fetch failed|network error|connection error|connection (?:reset|refused|closed|failed)|error sending request|request timed out|timed out waiting/i
  },
  // A model without capacity is an overload, not the user's limit (issue 23): Codex "Selected model is at capacity.
  // Please try a different model." (report-codex-model-at-capacity, openai/codex#19446), Gemini "No capacity
  // available for model ... on the server" / MODEL_CAPACITY_EXHAUSTED (report-gemini-no-capacity*). See
  // CAPACITY_TEXTS in limit-text.ts, which keeps the 429 around such a message from reading as a limit.
  {
    reason: "overloaded",
    kind: "transient",
    re: /\bSelected model is at capacity\b|\bNo capacity available for model\b|\bMODEL_CAPACITY_EXHAUSTED\b/i
  },
  // Gemini's InvalidStreamError (issue 23): "[API Error: Model stream ended with an invalid chunk or missing finish
  // reason.]" (report-gemini-stream-invalid-chunk, google-gemini/gemini-cli#8567).
  {
    reason: "stream_disconnected",
    kind: "transient",
    re: /\bModel stream ended with an invalid chunk\b|\bstream ended with an invalid chunk or missing finish reason\b/i
  }
];
const DETAIL_CHARS = 300;
function lineAt(text, at) {
  const start = text.lastIndexOf("\n", at) + 1;
  const end = text.indexOf("\n", at);
  const line = text.slice(start, end < 0 ? void 0 : end).trim();
  return line.length > DETAIL_CHARS ? `${line.slice(0, DETAIL_CHARS - 1)}\u2026` : line;
}
function failureFromText(text, source) {
  if (text === "") return null;
  for (const { reason, kind, re } of FAILURE_TEXTS) {
    const at = text.search(re);
    if (at >= 0) return { kind, reason, source, detail: lineAt(text, at) };
  }
  return null;
}
function failureFromStatus(status, detail) {
  const f = (kind, reason) => ({
    kind,
    reason,
    source: "api_status",
    detail: detail.length > DETAIL_CHARS ? `${detail.slice(0, DETAIL_CHARS - 1)}\u2026` : detail
  });
  if (status === 401 || status === 403) return f("fatal", "authentication");
  if (status === 402) return f("fatal", "billing");
  if (status === 404) return f("fatal", "model_not_found");
  if (status === 529) return f("transient", "overloaded");
  if (status >= 500 && status <= 599) return f("transient", "server_error");
  if (status === 408) return f("transient", "network");
  return null;
}
function failureFrom(status, text, source) {
  const byText = failureFromText(text, source);
  if (byText?.kind === "fatal") return byText;
  return (status === null ? null : failureFromStatus(status, text)) ?? byText;
}
const errorResult = (detail, source) => ({
  kind: "error",
  reason: "error_result",
  source,
  detail: detail.length > DETAIL_CHARS ? `${detail.slice(0, DETAIL_CHARS - 1)}\u2026` : detail
});
function geminiExitFailure(code, text) {
  const detail = (fallback) => lineAt(text, Math.max(0, text.search(/\S[^\n]*$/))) || fallback;
  if (code === 41) {
    const byText = failureFromText(text, "exit_code");
    if (byText?.reason === "authentication") return byText;
    return {
      kind: "fatal",
      reason: "bad_auth_choice",
      source: "exit_code",
      detail: detail("exit 41: authentication failed or no auth method chosen")
    };
  }
  if (code === 55)
    return {
      kind: "fatal",
      reason: "untrusted_folder",
      source: "exit_code",
      detail: detail("exit 55: the working folder is not trusted")
    };
  if (code === 52)
    return {
      kind: "fatal",
      reason: "agent_refused",
      source: "exit_code",
      detail: detail("exit 52: configuration error")
    };
  return null;
}
const CRASH_LINE = /^(?:Uncaught )?[A-Z]\w*(?:Error|Exception)\b|^\s+at .+:\d+(?::\d+)?\)?$|panicked at|^Traceback \(most recent call last\)|^Segmentation fault|^Aborted/;
function crashFailure(plainText, exit) {
  if (exit === void 0 || exit.signal !== null || exit.code === null || exit.code === 0) return null;
  let message = null;
  let trace = false;
  for (const line of plainText) {
    if (!CRASH_LINE.test(line)) continue;
    trace = true;
    if (message === null && !/^\s+at /.test(line)) message = line;
  }
  if (!trace) return null;
  const detail = message ?? plainText.find((l) => CRASH_LINE.test(l)) ?? `exit ${exit.code}`;
  return {
    kind: "error",
    reason: "crash",
    source: "stderr",
    detail: detail.length > DETAIL_CHARS ? `${detail.slice(0, DETAIL_CHARS - 1)}\u2026` : detail
  };
}

const RATE_LIMIT_EVENT = /\{\s*"type"\s*:\s*"rate_limit_event"/;
const TOOL_USE = '"type":"tool_use"';
function claudeToolCalls(line) {
  const head = line.trimStart();
  if (head.startsWith('{"type":"') && !head.startsWith('{"type":"assistant"')) return 0;
  if (!line.includes(TOOL_USE)) return 0;
  if (head.startsWith('{"type":"assistant"')) return line.split(TOOL_USE).length - 1;
  const event = parseObject(head);
  if (event?.type !== "assistant") return 0;
  const content = asObject(event.message)?.content;
  return Array.isArray(content) ? content.filter((c) => asObject(c)?.type === "tool_use").length : 0;
}
const claudeAdapter = {
  format: "claude",
  agentText: claudeAgentText,
  toolCalls: claudeToolCalls,
  turnShape: claudeTurnCounter,
  // num_turns in the final result.
  reportsTurns: true,
  hasFinalResult: (tail) => lastJsonEvent(tail)?.type === "result",
  // `{"type":"system","subtype":"background_tasks_changed","tasks":[...]}` lists every task still running
  // each time the list changes, so the newest one alone tells whether the CLI will take another turn.
  backgroundWork: {
    marker: '"subtype":"background_tasks_changed"',
    running(line) {
      const event = parseObject(line.trim());
      if (event?.type !== "system" || event.subtype !== "background_tasks_changed") return null;
      return Array.isArray(event.tasks) ? event.tasks.length : null;
    }
  },
  classify: classify$3
};
function scan$3(tail, complete) {
  const s = {
    result: null,
    plainText: [],
    modelOutput: false,
    assistantError: null,
    assistantErrorText: "",
    retry: null,
    model: null,
    initModel: null
  };
  for (const record of tailRecords(tail, complete, (line) => parseLineLenient(line, RATE_LIMIT_EVENT))) {
    if ("text" in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    if (event.type === "result") s.result = event;
    else if (event.type === "assistant") {
      const message = asObject(event.message);
      const error = asString(event.error);
      if (error !== null || message?.model === "<synthetic>") {
        s.assistantError = error ?? s.assistantError;
        s.assistantErrorText = contentText(message);
      } else {
        if (hasContent(message) || (asNumber(asObject(message?.usage)?.output_tokens) ?? 0) > 0)
          s.modelOutput = true;
        s.model = asString(message?.model) ?? s.model;
      }
    } else if (event.type === "user" && hasToolResult(asObject(event.message))) s.modelOutput = true;
    else if (event.type === "system" && event.subtype === "api_retry") s.retry = event;
    else if (event.type === "system" && event.subtype === "init") s.initModel = asString(event.model);
  }
  return s;
}
function hasContent(message) {
  const content = message?.content;
  if (typeof content === "string") return content.trim() !== "";
  if (!Array.isArray(content)) return false;
  return content.some((c) => {
    const block = asObject(c);
    if (block === null) return false;
    if (block.type === "text") return (asString(block.text) ?? "").trim() !== "";
    return block.type === "tool_use" || block.type === "server_tool_use";
  });
}
function hasToolResult(message) {
  const content = message?.content;
  return Array.isArray(content) && content.some((c) => asObject(c)?.type === "tool_result");
}
function contentText(message) {
  const content = message?.content;
  if (!Array.isArray(content)) return "";
  return content.map((c) => asString(asObject(c)?.text) ?? "").filter((t) => t !== "").join("\n");
}
function classify$3(tail, complete, options) {
  const s = scan$3(tail, complete);
  const { result } = s;
  const resultText = result === null ? null : asString(result.result);
  const isError = result === null ? null : result.is_error === true || /^error/.test(asString(result.subtype) ?? "");
  const stderrText = lastChars(s.plainText.join("\n"), TEXT_WINDOW_CHARS);
  const succeeded = isError === false;
  const budgetSpent = result !== null && SESSION_BUDGET_SUBTYPES.has(asString(result.subtype) ?? "");
  const rate_limit = succeeded || budgetSpent ? null : rateLimit$3(s, resultText ?? "", stderrText, tail, options);
  const failure = succeeded || budgetSpent || rate_limit !== null ? null : failureOf$4(s, resultText, stderrText, options.exit);
  return {
    final: result !== null,
    is_error: isError,
    result_text: resultText === null ? null : truncate(resultText, RESULT_TEXT_CHARS),
    rate_limit,
    failure,
    model_output: s.modelOutput || succeeded && didWork(result, resultText) || // A cut tail that shows nothing either way: the model's output may lie before the window.
    !complete && result === null && s.assistantError === null && s.retry === null,
    notice: s.plainText.at(-1) ?? null,
    metrics: {
      ...result === null ? emptyMetrics() : metricsOf$3(result),
      model: s.initModel ?? s.model
    }
  };
}
function didWork(result, resultText) {
  if (result === null) return false;
  if ((resultText ?? "").trim() !== "") return true;
  const outputTokens = asNumber(asObject(result.usage)?.output_tokens) ?? sumModelUsage(result, "outputTokens");
  return (outputTokens ?? 0) > 0 || (asNumber(result.total_cost_usd) ?? 0) > 0;
}
const SESSION_BUDGET_SUBTYPES = /* @__PURE__ */ new Set(["error_max_turns", "error_max_budget_usd"]);
function statusOf(value) {
  const n = typeof value === "string" ? Number(value) : asNumber(value);
  return n !== null && Number.isInteger(n) && n > 0 ? n : null;
}
function rateLimit$3(s, resultText, stderrText, tail, options) {
  const { result } = s;
  const events = limitEvents(tail);
  const status = statusOf(result?.api_error_status);
  const withEventReset = (found) => found !== null && found.resets_at_ms === null && found.source !== "pattern" ? { ...found, resets_at_ms: events.rejectedResetMs ?? events.latestResetMs } : found;
  if (status === 429) {
    return {
      source: "api_status",
      // A rejected event's epoch is exact to the second; the text ("resets 6:15pm") only to the minute, and
      // waking before the reset would meet the limit again.
      resets_at_ms: events.rejectedResetMs ?? parseResetTime(resultText, options.now_ms) ?? events.latestResetMs,
      detail: `api_error_status 429: ${truncate(resultText, 300)}`
    };
  }
  if (events.rejected.length > 0) {
    return {
      source: "rate_limit_event",
      resets_at_ms: events.rejectedResetMs,
      detail: `rate_limit_event rejected (${events.rejected.join(", ")})`
    };
  }
  if (result !== null) {
    const found = limitFromText(resultText, "result", options);
    if (found !== null) return withEventReset(found);
    if (status !== null) return null;
  }
  if (s.assistantError === "rate_limit") {
    const text = s.assistantErrorText || resultText;
    return withEventReset({
      source: "api_status",
      resets_at_ms: parseResetTime(text, options.now_ms),
      detail: `assistant error rate_limit: ${truncate(text, 300)}`
    });
  }
  if (result === null && s.retry !== null && statusOf(s.retry.error_status) === 429) {
    const delay = asNumber(s.retry.retry_delay_ms);
    return withEventReset({
      source: "api_status",
      resets_at_ms: delay === null ? null : options.now_ms + delay,
      detail: `${retryLabel(s.retry)}: 429 ${asText(s.retry.error)}`.trim()
    });
  }
  return withEventReset(
    limitFromText(s.assistantErrorText, "error", options) ?? (result === null ? limitFromText(stderrText, "output", options) : null)
  );
}
const ASSISTANT_ERRORS = {
  authentication_failed: "authentication",
  billing_error: "billing",
  server_error: "server_error"
};
function failureOf$4(s, resultText, stderrText, exit) {
  const { result } = s;
  if (result !== null) {
    const text = resultText ?? asString(result.subtype) ?? "error result";
    const found = failureFrom(statusOf(result.api_error_status), text, "result") ?? fromAssistantError(s);
    if (found !== null) return found;
    const retried = retryFailure(s);
    return retried ?? errorResult(`${asText(result.subtype, "result")}: ${text}`, "result");
  }
  return fromAssistantError(s) ?? failureFromText(s.assistantErrorText, "error_event") ?? retryFailure(s) ?? failureFromText(stderrText, "stderr") ?? crashFailure(s.plainText, exit);
}
function fromAssistantError(s) {
  if (s.assistantError === null) return null;
  const reason = ASSISTANT_ERRORS[s.assistantError];
  const detail = truncate(s.assistantErrorText || s.assistantError, 300);
  const byText = failureFromText(s.assistantErrorText, "error_event");
  if (byText !== null) return byText;
  if (reason === void 0) return null;
  return {
    kind: reason === "server_error" ? "transient" : "fatal",
    reason,
    source: "error_event",
    detail: `${s.assistantError}: ${detail}`
  };
}
function retryLabel(retry) {
  return `api_retry ${asText(retry.attempt, "?")}/${asText(retry.max_retries, "?")}`;
}
function retryFailure(s) {
  if (s.retry === null) return null;
  const status = statusOf(s.retry.error_status);
  const detail = `${retryLabel(s.retry)}: ${asText(status)} ${asText(s.retry.error)}`;
  const byStatus = status === null ? null : failureFromStatus(status, detail);
  if (byStatus !== null) return byStatus;
  if (status === null) return failureFromText(asText(s.retry.error), "api_status");
  return null;
}
function limitEvents(tail) {
  const latestByType = /* @__PURE__ */ new Map();
  let latestResetMs = null;
  if (!tail.includes("rate_limit_event")) return { rejected: [], rejectedResetMs: null, latestResetMs };
  for (const { value } of findEmbeddedObjects(tail, RATE_LIMIT_EVENT)) {
    const info = asObject(value.rate_limit_info);
    if (info === null) continue;
    latestByType.set(asString(info.rateLimitType) ?? "unknown", info);
    const resetsAt = asNumber(info.resetsAt);
    if (resetsAt !== null) latestResetMs = epochSecondsToMs(resetsAt);
  }
  const rejected = [];
  let rejectedResetMs = null;
  for (const [type, info] of latestByType) {
    if (info.status !== "rejected") continue;
    rejected.push(type);
    const resetsAt = asNumber(info.resetsAt);
    if (resetsAt !== null) rejectedResetMs = Math.max(rejectedResetMs ?? 0, epochSecondsToMs(resetsAt));
  }
  return { rejected, rejectedResetMs, latestResetMs };
}
function sumModelUsage(result, key) {
  const models = asObject(result.modelUsage);
  if (models === null) return null;
  let total = null;
  for (const usage of Object.values(models)) {
    const n = asNumber(asObject(usage)?.[key]);
    if (n !== null) total = (total ?? 0) + n;
  }
  return total;
}
function metricsOf$3(result) {
  const usage = asObject(result.usage);
  return {
    ...emptyMetrics(),
    // num_turns counts the model's turns (one per API answer), the meaning `turns` has for every format.
    turns: asNumber(result.num_turns),
    input_tokens: asNumber(usage?.input_tokens) ?? sumModelUsage(result, "inputTokens"),
    output_tokens: asNumber(usage?.output_tokens) ?? sumModelUsage(result, "outputTokens"),
    cost_usd: asNumber(result.total_cost_usd),
    agent_duration_ms: asNumber(result.duration_ms),
    cache_read_tokens: asNumber(usage?.cache_read_input_tokens) ?? sumModelUsage(result, "cacheReadInputTokens"),
    cache_write_tokens: asNumber(usage?.cache_creation_input_tokens) ?? sumModelUsage(result, "cacheCreationInputTokens")
  };
}

const TOOL_ITEMS = /* @__PURE__ */ new Set([
  "command_execution",
  "mcp_tool_call",
  "file_change",
  "web_search"
]);
const isModelItem = (type) => type === "agent_message" || typeof type === "string" && TOOL_ITEMS.has(type);
const ITEM_EVENT = /^\s*\{"type":"(item\.started|item\.completed)","item":\{"id":"([^"\\]*)","type":"([a-z_]+)"/;
const TYPE_HEAD$2 = /^\s*\{"type":"([a-z_.]+)"/;
function itemEvent(line) {
  const head = ITEM_EVENT.exec(line.length > 512 ? line.slice(0, 512) : line);
  if (head?.[1] !== void 0 && head[3] !== void 0)
    return { event: head[1], id: head[2] ?? null, type: head[3] };
  const event = parseObject(line.trim());
  if (event?.type !== "item.started" && event?.type !== "item.completed") return null;
  const item = asObject(event.item);
  const type = asString(item?.type);
  return type === null ? null : { event: event.type, id: asString(item?.id), type };
}
function codexTurnCounter() {
  let turns = 0;
  let ended = false;
  let answering = false;
  const started = /* @__PURE__ */ new Set();
  return {
    line(line) {
      let type = TYPE_HEAD$2.exec(line.length > 64 ? line.slice(0, 64) : line)?.[1] ?? null;
      if (type === null) {
        if (!line.includes('"turn.') && !line.includes('"item.')) return;
        type = asString(parseObject(line.trim())?.type);
      }
      if (type === "turn.started") {
        answering = false;
        return;
      }
      if (type === "turn.completed" || type === "turn.failed") {
        answering = false;
        ended = true;
        return;
      }
      if (type !== "item.started" && type !== "item.completed") return;
      const item = itemEvent(line);
      if (item === null) return;
      const toolDone = item.event === "item.completed" && TOOL_ITEMS.has(item.type);
      const calledHere = !toolDone || item.id === null || !started.has(item.id);
      if (item.event === "item.started" && item.id !== null && TOOL_ITEMS.has(item.type))
        started.add(item.id);
      if (toolDone && item.id !== null) started.delete(item.id);
      if ((isModelItem(item.type) || item.type === "reasoning") && !answering && calledHere) {
        turns++;
        answering = true;
      }
      if (toolDone) answering = false;
    },
    result() {
      return {
        turns: !ended && turns === 0 ? null : turns,
        narration_turns: null,
        parallel_turns: null,
        model: null
      };
    }
  };
}

const isTurnEnd = (type) => type === "turn.completed" || type === "turn.failed";
const ITEM_HEAD = /^\s*\{"type":"item\.completed","item":\{"id":"[^"\\]*","type":"([a-z_]+)"/;
function codexToolCalls(line) {
  if (!line.includes('"item.completed"')) return 0;
  const head = ITEM_HEAD.exec(line.slice(0, 512));
  if (head?.[1] !== void 0) return TOOL_ITEMS.has(head[1]) ? 1 : 0;
  const event = parseObject(line.trim());
  if (event?.type !== "item.completed") return 0;
  const type = asObject(event.item)?.type;
  return typeof type === "string" && TOOL_ITEMS.has(type) ? 1 : 0;
}
const codexAdapter = {
  format: "codex",
  agentText: codexAgentText,
  toolCalls: codexToolCalls,
  turnShape: codexTurnCounter,
  reportsTurns: false,
  hasFinalResult: (tail) => isTurnEnd(lastJsonEvent(tail)?.type),
  classify: classify$2
};
function scan$2(tail, complete) {
  const s = {
    final: null,
    lastMessage: null,
    errors: [],
    plainText: [],
    modelTurns: 0,
    modelOutput: false,
    inputTokens: null,
    outputTokens: null,
    cacheReadTokens: null,
    cacheWriteTokens: null
  };
  let answering = false;
  const started = /* @__PURE__ */ new Set();
  for (const record of tailRecords(tail, complete)) {
    if ("text" in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    const item = asObject(event.item);
    if (event.type === "turn.started") {
      s.final = null;
      s.errors = [];
      answering = false;
    } else if ((event.type === "item.started" || event.type === "item.completed") && item !== null) {
      const id = asString(item.id);
      const toolDone = event.type === "item.completed" && TOOL_ITEMS.has(String(item.type));
      const calledHere = !toolDone || id === null || !started.has(id);
      if (event.type === "item.started" && id !== null) started.add(id);
      if (isModelItem(item.type) || item.type === "reasoning") {
        if (isModelItem(item.type)) s.modelOutput = true;
        if (!answering && calledHere) {
          s.modelTurns++;
          answering = true;
        }
      }
      if (toolDone) answering = false;
      if (event.type === "item.completed" && item.type === "agent_message")
        s.lastMessage = asString(item.text) ?? s.lastMessage;
    } else if (event.type === "error") {
      const message = asString(event.message);
      if (message !== null) s.errors.push(message);
    } else if (isTurnEnd(event.type)) {
      s.final = event;
      answering = false;
      const usage = asObject(event.usage);
      if (event.type === "turn.completed" && (asNumber(usage?.output_tokens) ?? 0) > 0) s.modelOutput = true;
      if (usage !== null) {
        s.inputTokens = (s.inputTokens ?? 0) + (asNumber(usage.input_tokens) ?? 0);
        s.outputTokens = (s.outputTokens ?? 0) + (asNumber(usage.output_tokens) ?? 0);
        s.cacheReadTokens = addKnown$1(s.cacheReadTokens, usage.cached_input_tokens);
        s.cacheWriteTokens = addKnown$1(s.cacheWriteTokens, usage.cache_write_input_tokens);
      }
    }
  }
  return s;
}
function classify$2(tail, complete, options) {
  const s = scan$2(tail, complete);
  const failed = s.final?.type === "turn.failed";
  const failureText = failed ? asString(asObject(s.final?.error)?.message) ?? s.errors.at(-1) ?? null : null;
  const resultText = s.final === null ? null : failed ? failureText : s.lastMessage;
  const succeeded = s.final !== null && !failed;
  const rate_limit = succeeded ? null : rateLimit$2(s, failureText, options);
  const failure = succeeded || rate_limit !== null ? null : failureOf$3(s, failureText, options.exit);
  return {
    final: s.final !== null,
    is_error: s.final === null ? null : failed,
    result_text: resultText === null ? null : truncate(resultText, RESULT_TEXT_CHARS),
    rate_limit,
    failure,
    model_output: s.modelOutput || !complete && s.final === null && s.errors.length === 0,
    notice: s.plainText.at(-1) ?? null,
    metrics: metricsOf$2(s)
  };
}
function rateLimit$2(s, failure, options) {
  const defaultZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return limitFromText(errorMessages(s.errors, failure), "error", { ...options, apiTexts: true, defaultZone }) ?? (s.final === null ? limitFromText(lastChars(s.plainText.join("\n"), TEXT_WINDOW_CHARS), "output", {
    ...options,
    defaultZone
  }) : null);
}
function failureOf$3(s, failure, exit) {
  if (s.final !== null) {
    const text = failure ?? "turn failed";
    return failureFromText(text, "result") ?? failureFromText(s.errors.join("\n"), "error_event") ?? errorResult(text, "result");
  }
  return failureFromText(s.errors.join("\n"), "error_event") ?? failureFromText(lastChars(s.plainText.join("\n"), TEXT_WINDOW_CHARS), "stderr") ?? crashFailure(s.plainText, exit);
}
function addKnown$1(total, value) {
  const n = asNumber(value);
  return n === null ? total : (total ?? 0) + n;
}
function metricsOf$2(s) {
  return {
    ...emptyMetrics(),
    turns: s.final === null && s.modelTurns === 0 ? null : s.modelTurns,
    input_tokens: s.inputTokens,
    output_tokens: s.outputTokens,
    // turn.completed's usage: cached_input_tokens is the part of input_tokens read from the prompt cache.
    cache_read_tokens: s.cacheReadTokens,
    cache_write_tokens: s.cacheWriteTokens
  };
}

const MESSAGE_HEAD = /^\{"type":"message","timestamp":"[^"\\]*","role":"([a-z]+)","content":"(.)?/;
function kindOf(line) {
  const head = line.trimStart();
  if (head.startsWith('{"type":"tool_use"')) return { kind: "tool_use" };
  if (head.startsWith('{"type":"tool_result"')) return { kind: "boundary" };
  if (head.startsWith('{"type":"message"')) {
    const m = MESSAGE_HEAD.exec(head.slice(0, 256));
    if (m !== null) {
      if (m[1] === "user") return { kind: "boundary" };
      return { kind: m[1] === "assistant" && m[2] !== void 0 && m[2] !== '"' ? "text" : null };
    }
  } else if (head.startsWith('{"type":"init"')) {
    return { kind: "init", model: asString(parseObject(head)?.model) };
  } else if (head.startsWith('{"type":"')) return { kind: null };
  const event = parseObject(head);
  if (event === null) return { kind: null };
  if (event.type === "tool_use") return { kind: "tool_use" };
  if (event.type === "tool_result" || event.type === "message" && event.role === "user")
    return { kind: "boundary" };
  if (event.type === "message" && event.role === "assistant" && (asString(event.content) ?? "") !== "")
    return { kind: "text" };
  if (event.type === "init") return { kind: "init", model: asString(event.model) };
  return { kind: null };
}
function geminiTurnCounter() {
  const shape = { turns: 0, narration_turns: 0, parallel_turns: 0 };
  let model = null;
  let open = null;
  const close = () => {
    if (open !== null) tally(shape, open);
    open = null;
  };
  return {
    line(line) {
      if (!line.includes('"type":"')) return;
      const { kind, model: named } = kindOf(line);
      if (kind === null) return;
      if (kind === "init") {
        model ??= named !== void 0 && named !== null && !named.startsWith("auto") ? named : null;
        return;
      }
      if (kind === "boundary") {
        close();
        return;
      }
      open ??= { text: false, tools: 0 };
      if (kind === "text") open.text = true;
      else open.tools++;
    },
    result() {
      const total = { ...shape };
      if (open !== null) tally(total, open);
      return { ...total, model };
    }
  };
}

const geminiAdapter = {
  format: "gemini",
  agentText: geminiAgentText,
  toolCalls: (line) => line.includes('"type":"tool_use"') ? 1 : 0,
  turnShape: geminiTurnCounter,
  reportsTurns: false,
  hasFinalResult: (tail) => lastJsonEvent(tail)?.type === "result",
  classify: classify$1
};
function scan$1(tail, complete) {
  const s = {
    result: null,
    answer: null,
    errors: [],
    plainText: [],
    modelOutput: false,
    modelTurns: 0
  };
  let answerOpen = false;
  let answering = false;
  for (const record of tailRecords(tail, complete)) {
    if ("text" in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    const fromModel = event.type === "message" && event.role === "assistant" && (asString(event.content) ?? "") !== "" || event.type === "tool_use";
    if (fromModel) {
      s.modelOutput = true;
      if (!answering) s.modelTurns++;
      answering = true;
    } else if (event.type === "tool_result" || event.type === "message" && event.role === "user") {
      answering = false;
    }
    if (event.type === "message" && event.role === "assistant") {
      const content = asString(event.content) ?? "";
      s.answer = answerOpen && event.delta === true ? (s.answer ?? "") + content : content;
      answerOpen = true;
    } else if (event.type === "error") {
      const message = asString(event.message);
      if (message !== null) s.errors.push(message);
    } else if (event.type === "result") {
      s.result = event;
    } else {
      answerOpen = false;
    }
  }
  return s;
}
const TURN_BUDGET_TEXT = /^Reached max session turns for this session\b/;
function classify$1(tail, complete, options) {
  const s = scan$1(tail, complete);
  const isError = s.result === null ? null : s.result.status !== "success";
  const failureText = asString(asObject(s.result?.error)?.message) ?? s.errors.at(-1) ?? null;
  const resultText = s.result === null ? null : isError ? failureText : s.answer;
  const stderrText = lastChars(s.plainText.join("\n"), TEXT_WINDOW_CHARS);
  const succeeded = isError === false;
  const budgetSpent = isError === true && (options.exit?.code === 53 || TURN_BUDGET_TEXT.test(failureText ?? ""));
  const rate_limit = succeeded || budgetSpent ? null : rateLimit$1(s, failureText, stderrText, options);
  const failure = succeeded || budgetSpent || rate_limit !== null ? null : failureOf$2(s, failureText, stderrText, options);
  return {
    final: s.result !== null,
    is_error: isError,
    result_text: resultText === null ? null : truncate(resultText, RESULT_TEXT_CHARS),
    rate_limit,
    failure,
    model_output: s.modelOutput || // A successful result whose stats show output tokens or tool calls did work (issue 23), even where the
    // assistant's messages were not in the stream.
    isError === false && resultDidWork(s.result) || !complete && s.result === null && s.errors.length === 0,
    notice: s.plainText.at(-1) ?? null,
    metrics: s.result === null ? emptyMetrics() : metricsOf$1(s.result, s.modelTurns)
  };
}
function rateLimit$1(s, failure, stderrText, options) {
  return limitFromText(errorMessages(s.errors, failure), "error", { ...options, apiTexts: true }) ?? // stderr also carries stack traces, where a bare "429" can be a line number: only firm wording counts there.
  limitFromText(stderrText, "output", options);
}
function failureOf$2(s, failure, stderrText, options) {
  const exit = geminiExitFailure(options.exit?.code ?? null, [stderrText, failure ?? ""].join("\n").trim());
  if (exit !== null) return exit;
  const events = errorMessages(s.errors, failure);
  const found = failureFromText(events, s.result === null ? "error_event" : "result");
  if (found !== null) return found;
  if (s.result !== null) {
    return failureFromText(stderrText, "stderr") ?? errorResult(failure ?? "status error", "result");
  }
  return failureFromText(stderrText, "stderr") ?? crashFailure(s.plainText, options.exit);
}
function resultDidWork(result) {
  const stats = asObject(result?.stats);
  return (asNumber(stats?.output_tokens) ?? 0) > 0 || (asNumber(stats?.tool_calls) ?? 0) > 0;
}
function metricsOf$1(result, modelTurns) {
  const stats = asObject(result.stats);
  return {
    ...emptyMetrics(),
    turns: modelTurns,
    tool_calls: asNumber(stats?.tool_calls),
    input_tokens: asNumber(stats?.input_tokens),
    output_tokens: asNumber(stats?.output_tokens),
    agent_duration_ms: asNumber(stats?.duration_ms),
    // `cached` is the prompt tokens served from the cache (cachedContentTokenCount); the API reports no writes.
    cache_read_tokens: asNumber(stats?.cached),
    model: mainModel(asObject(stats?.models))
  };
}
function mainModel(models) {
  let best = null;
  let most = -1;
  for (const [name, usage] of Object.entries(models ?? {})) {
    const tokens = asNumber(asObject(usage)?.total_tokens) ?? 0;
    if (tokens > most) {
      best = name;
      most = tokens;
    }
  }
  return best;
}

const TYPE_HEAD$1 = /^\s*\{"type":"([a-z_]+)"/;
function lineType(line) {
  const head = TYPE_HEAD$1.exec(line.length > 64 ? line.slice(0, 64) : line)?.[1];
  return head === "start" || head === "iteration" || head === "result" || head === "error" ? head : null;
}
function iterationFacts(event) {
  const answer = asObject(event.llm_response);
  const actions = answer !== null && Array.isArray(answer.actions) ? answer.actions.length : 0;
  const usage = asObject(event.usage);
  return {
    answered: answer !== null,
    actions,
    fatal: event.fatal !== void 0 && event.fatal !== null,
    input_tokens: asNumber(usage?.input_tokens),
    output_tokens: asNumber(usage?.output_tokens)
  };
}
function parseIteration(line) {
  if (lineType(line) !== "iteration") return null;
  const event = parseObject(line.trim());
  return event === null ? null : iterationFacts(event);
}
function jsonActionsToolCalls(line) {
  const facts = parseIteration(line);
  return facts === null || facts.fatal ? 0 : facts.actions;
}
const jsonActionsAgentText = (line) => {
  if (lineType(line) !== "iteration") return null;
  const event = parseObject(line.trim());
  const answer = asObject(event?.llm_response);
  if (answer === null) return null;
  const out = [];
  pushString(answer.reasoning, out);
  if (Array.isArray(answer.actions)) {
    for (const entry of answer.actions) {
      const action = asObject(entry);
      if (action === null) continue;
      pushString(action.tool, out);
      collectStrings(action.args, out);
    }
  }
  return out.length > 0 ? out : null;
};
function jsonActionsTurnCounter() {
  const shape = { turns: 0, narration_turns: 0, parallel_turns: 0 };
  let model = null;
  let seen = false;
  return {
    line(line) {
      const type = lineType(line);
      if (type === "iteration") {
        const facts = parseIteration(line);
        if (facts === null) return;
        seen = true;
        if (facts.fatal) return;
        shape.turns++;
        if (facts.actions === 0) shape.narration_turns++;
        if (facts.actions >= 2) shape.parallel_turns++;
      } else if (type === "start" || type === "result") {
        seen = true;
        const named = asString(parseObject(line.trim())?.model);
        if (named !== null && named !== "") model = named;
      }
    },
    result() {
      return seen ? { ...shape, model } : { turns: null, narration_turns: null, parallel_turns: null, model };
    }
  };
}

const jsonActionsAdapter = {
  format: "json-actions",
  agentText: jsonActionsAgentText,
  toolCalls: jsonActionsToolCalls,
  turnShape: jsonActionsTurnCounter,
  reportsTurns: false,
  hasFinalResult: (tail) => lastJsonEvent(tail)?.type === "result",
  classify
};
function scan(tail, complete) {
  const s = {
    result: null,
    error: null,
    model: null,
    iterations: 0,
    answered: false,
    inputTokens: null,
    outputTokens: null,
    plainText: []
  };
  for (const record of tailRecords(tail, complete)) {
    if ("text" in record) {
      s.plainText.push(record.text);
      continue;
    }
    const event = record.event;
    if (event.type === "start") s.model = asString(event.model) ?? s.model;
    else if (event.type === "iteration") {
      const facts = iterationFacts(event);
      if (facts.fatal) continue;
      s.iterations++;
      s.answered ||= facts.answered;
      s.inputTokens = addKnown(s.inputTokens, facts.input_tokens);
      s.outputTokens = addKnown(s.outputTokens, facts.output_tokens);
    } else if (event.type === "result") s.result = event;
    else if (event.type === "error") s.error = event;
  }
  return s;
}
function classify(tail, complete, options) {
  const s = scan(tail, complete);
  const result = s.result !== null && interrupted(s.result) ? null : s.result;
  const failed = result !== null && (result.status === "failed" || (asNumber(result.exit_code) ?? 0) !== 0);
  const llm = asObject(result?.llm_error);
  const rate_limit = failed && llm?.kind === "rate_limited" ? rateLimit(llm, options.now_ms) : null;
  const failure = rate_limit !== null ? null : failureOf$1(s, result, failed, llm, options.exit);
  const answers = asNumber(result?.answers);
  return {
    final: result !== null,
    is_error: result === null ? null : failed,
    result_text: result === null ? null : truncate(resultText(result), RESULT_TEXT_CHARS),
    rate_limit,
    failure,
    model_output: s.answered || answers !== null && answers > 0,
    notice: s.plainText.at(-1) ?? asString(s.error?.message),
    metrics: metricsOf(s)
  };
}
function rateLimit(llm, nowMs) {
  const after = asNumber(llm.retry_after_ms);
  return {
    source: "api_status",
    resets_at_ms: after === null ? null : nowMs + after,
    detail: asString(llm.message) ?? "the model is rate limited (HTTP 429)"
  };
}
const interrupted = (result) => result.status === "stopped" && result.termination_reason === "interrupted";
function failureOf$1(s, result, failed, llm, exit) {
  if (result === null) {
    if (s.error !== null)
      return {
        kind: "fatal",
        reason: "agent_refused",
        source: "error_event",
        detail: asString(s.error.message) ?? "the worker session could not start"
      };
    return crashFailure(s.plainText, exit);
  }
  if (!failed) return null;
  if (llm !== null) return modelFailure(llm);
  const error = asObject(result.error);
  const detail = error === null ? resultText(result) : `${asText(error.kind)}: ${asText(error.message)}`;
  return errorResult(detail, "result");
}
function modelFailure(llm) {
  const detail = asString(llm.message) ?? `the model call failed (${asText(llm.kind)})`;
  const f = (kind, reason) => ({
    kind,
    reason,
    source: "api_status",
    detail: truncate(detail, 300)
  });
  const status = asNumber(llm.status);
  switch (llm.kind) {
    case "unreachable":
    case "timeout":
      return f("transient", "network");
    case "http_error":
      return (status === null ? null : failureFromStatus(status, detail)) ?? f("transient", "server_error");
    case "authentication":
      return f("fatal", "authentication");
    case "model_not_found":
      return f("fatal", "model_not_found");
    default:
      return { ...f("error", "error_result"), source: "result" };
  }
}
function resultText(result) {
  const status = asText(result.status, "unknown");
  const reason = asString(result.termination_reason);
  const error = asObject(result.error);
  const parts = [
    reason === null ? status : `${status} (${reason})`,
    `iteration ${asText(result.iteration, "?")}`,
    `${asText(result.iterations_run, "0")} run, ${asText(result.actions, "0")} actions`
  ];
  if (error !== null) parts.push(`${asText(error.kind)}: ${asText(error.message)}`);
  return parts.join("; ");
}
function addKnown(total, value) {
  return value === null ? total : (total ?? 0) + value;
}
function metricsOf(s) {
  const usage = asObject(s.result?.usage);
  return {
    ...emptyMetrics(),
    turns: s.result === null && s.iterations === 0 ? null : s.iterations,
    input_tokens: asNumber(usage?.input_tokens) ?? s.inputTokens,
    output_tokens: asNumber(usage?.output_tokens) ?? s.outputTokens,
    model: asString(s.result?.model) ?? s.model
  };
}

const CLOSING_LINES = 8;
const SEED_LIMIT_TEXTS = [/usage limit/i, /hit your limit/i, /resets.*UTC/i];
const TEXT_FATAL = ["model_not_found"];
const TEXT_FAILURES = [
  {
    // Needed by: text-codex-400-unsupported-model (codex exec `400 Bad Request: {"detail":"Unsupported model"}`);
    // the same family: "The 'gpt-5.1-codex' model is not supported when using Codex with a ChatGPT account"
    // (openai/codex#6603), "The requested model is not supported." with `model_not_supported` (kaitranntt/ccs#724).
    reason: "model_not_found",
    kind: "fatal",
    re: /\bunsupported model\b|\bmodel_not_supported\b|\bmodel is not supported\b|\bmodel [`'"][^`'"\n]{1,80}[`'"] is not supported\b/i
  },
  {
    // Needed by: text-codex-model-at-capacity (codex exec "ERROR: Selected model is at capacity. Please try a
    // different model.", its wording for an overloaded 503).
    reason: "overloaded",
    kind: "transient",
    re: /\bmodel is at capacity\b|\bat capacity\. Please try\b/i
  }
];
function judgeText(text, options) {
  const window = lastChars(text, TEXT_WINDOW_CHARS);
  const all = nonEmptyLines(window);
  const exit = exitKind(options.exit);
  const rate_limit = exit === "failed" ? closingLimit(all, options) : cleanLimit(all, options);
  if (rate_limit !== null) return { rate_limit, failure: null };
  return { rate_limit: null, failure: failureOf(all, exit, options.exit) };
}
function exitKind(exit) {
  if (exit === void 0) return "unknown";
  return exit.signal === null && exit.code === 0 ? "clean" : "failed";
}
function nonEmptyLines(text) {
  return text.split("\n").map((l) => l.trimEnd()).filter((l) => l.trim() !== "");
}
function closingLimit(all, options) {
  const closing = all.slice(-CLOSING_LINES).join("\n");
  return firmLimit(closing, options) ?? seedLimit(closing, options);
}
function cleanLimit(all, options) {
  const onlyLimits = all.length > 0 && all.length <= CLOSING_LINES && all.every((l) => isLimitLine(l, options));
  for (const line of all.slice(-2).reverse()) {
    const firm = firmLimit(line, options);
    if (firm !== null && !quoted$1(line, options)) return firm;
    const seed = seedLimit(line, options);
    if (seed !== null && !quoted$1(line, options) && (seed.resets_at_ms !== null || onlyLimits)) return seed;
  }
  return null;
}
function isLimitLine(line, options) {
  return firmLimit(line, options) !== null || seedLimit(line, options) !== null;
}
function firmLimit(text, options) {
  return limitFromText(text, "output", { patterns: options.patterns, now_ms: options.now_ms });
}
function seedLimit(text, options) {
  const match = findText(text, SEED_LIMIT_TEXTS);
  if (match === null) return null;
  return {
    source: "usage_text",
    resets_at_ms: parseResetTime(match.from, options.now_ms),
    detail: `output: ${match.line}`
  };
}
const OPENING_QUOTE = /(?:^|[\s([{:=])(["'`“‘«])/g;
const CLOSING_QUOTE = { '"': '"', "'": "'", "`": "`", "\u201C": "\u201D", "\u2018": "\u2019", "\xAB": "\xBB" };
function quoted$1(line, options) {
  const patterns = [...USAGE_LIMIT_TEXTS, ...FIRM_API_LIMIT_TEXTS, ...options.patterns, ...SEED_LIMIT_TEXTS];
  const positions = patterns.map((re) => line.search(re)).filter((p) => p >= 0);
  if (positions.length === 0) return false;
  const before = line.slice(0, Math.min(...positions));
  for (const m of before.matchAll(OPENING_QUOTE)) {
    const q = m[1] ?? "";
    const after = before.slice((m.index ?? 0) + m[0].length);
    if (!after.includes(CLOSING_QUOTE[q] ?? q)) return true;
  }
  return false;
}
function failureOf(all, exit, raw) {
  if (exit === "unknown") return null;
  if (exit === "clean") {
    const own = all.slice(-2).filter((l) => /^\s*ERROR:\s/.test(l)).join("\n");
    return own === "" ? null : byWording(own);
  }
  if (raw === void 0 || raw.signal !== null || raw.code === null) return null;
  const closing = all.slice(-CLOSING_LINES).map((l) => l.trim());
  return byWording(closing.join("\n")) ?? crashFailure(closing, raw);
}
function byWording(text) {
  const fatal = textFailure(text, (r) => TEXT_FATAL.includes(r));
  if (fatal !== null) return fatal;
  return failureFromText(text, "stderr") ?? textFailure(text, (r) => !TEXT_FATAL.includes(r));
}
function textFailure(text, which) {
  for (const { reason, kind, re } of TEXT_FAILURES) {
    if (!which(reason)) continue;
    const at = text.search(re);
    if (at < 0) continue;
    const start = text.lastIndexOf("\n", at) + 1;
    const end = text.indexOf("\n", at);
    const line = text.slice(start, end < 0 ? void 0 : end).trim();
    return { kind, reason, source: "stderr", detail: line.length > 300 ? `${line.slice(0, 299)}\u2026` : line };
  }
  return null;
}

const textAdapter = {
  format: "text",
  agentText: textAgentText,
  toolCalls: null,
  turnShape: null,
  reportsTurns: false,
  hasFinalResult: () => false,
  classify(tail, complete, options) {
    const text = tailLines(tail, complete).join("\n");
    const lastLine = lastNonEmptyLine(text);
    const { rate_limit, failure } = judgeText(text, options);
    return {
      final: false,
      is_error: null,
      result_text: lastLine === null ? null : truncate(lastLine, RESULT_TEXT_CHARS),
      rate_limit,
      failure,
      model_output: null,
      notice: lastLine,
      metrics: emptyMetrics()
    };
  }
};

function adapterFor(format) {
  switch (format) {
    case "claude":
      return claudeAdapter;
    case "codex":
      return codexAdapter;
    case "gemini":
      return geminiAdapter;
    case "text":
      return textAdapter;
    case "json-actions":
      return jsonActionsAdapter;
    default:
      throw new Error(`unknown transcript format: ${String(format)}`);
  }
}

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

const RISKY = /^(core\.(hookspath|fsmonitor|pager|sshcommand|editor|askpass|gitproxy|attributesfile|worktree)|sequence\.editor|include\.path|includeif\..*|filter\..*|diff\..*\.(textconv|command)|diff\.external|merge\..*\.driver|credential\..*|url\..*\.(insteadof|pushinsteadof)|remote\..*\.(url|pushurl|receivepack|uploadpack|proxy|vcs)|http\..*|alias\..*|gpg\..*program|ssh\.variant|protocol\..*)$/;
const SYMLINK = -1;
async function riskyConfig(cwd) {
  const result = await runGit(cwd, ["config", "--local", "--list", "--null"]);
  const config = /* @__PURE__ */ new Map();
  if (result.code !== 0) return config;
  for (const entry of result.stdout.split("\0")) {
    if (entry === "") continue;
    const nl = entry.indexOf("\n");
    const key = nl < 0 ? entry : entry.slice(0, nl);
    const value = nl < 0 ? "" : entry.slice(nl + 1);
    if (!RISKY.test(key)) continue;
    config.set(key, [...config.get(key) ?? [], value]);
  }
  return config;
}
async function readHooks(dir) {
  const hooks = /* @__PURE__ */ new Map();
  let names;
  try {
    names = await readdir(dir);
  } catch {
    return hooks;
  }
  for (const name of names) {
    if (name.endsWith(".sample")) continue;
    const path = join(dir, name);
    try {
      const info = await lstat(path);
      if (info.isSymbolicLink())
        hooks.set(name, { content: Buffer.from(await readlink(path)), mode: SYMLINK });
      else if (info.isFile()) hooks.set(name, { content: await readFile(path), mode: info.mode & 4095 });
    } catch {
    }
  }
  return hooks;
}
async function snapshotRepoConfig(cwd) {
  const dir = await runGit(cwd, ["rev-parse", "--absolute-git-dir"]).catch(() => null);
  if (dir === null || dir.code !== 0) return null;
  const gitDir = dir.stdout.trim();
  if (!isAbsolute(gitDir)) return null;
  const hooksDir = join(gitDir, "hooks");
  return { gitDir, hooksDir, config: await riskyConfig(cwd), hooks: await readHooks(hooksDir) };
}
const same = (a, b) => (a ?? []).length === (b ?? []).length && (a ?? []).every((value, i) => value === b?.[i]);
async function realDirectory(path) {
  const info = await lstat(path).catch(() => null);
  return info !== null && info.isDirectory();
}
async function restoreRepoConfig(cwd, before, label) {
  const now = await riskyConfig(cwd);
  const keys = [.../* @__PURE__ */ new Set([...before.config.keys(), ...now.keys()])].filter(
    (key) => !same(before.config.get(key), now.get(key))
  );
  for (const key of keys) {
    await runGit(cwd, ["config", "--local", "--unset-all", key]);
    for (const value of before.config.get(key) ?? [])
      await runGit(cwd, ["config", "--local", "--add", key, value]);
  }
  if (!await realDirectory(before.gitDir) || !await realDirectory(before.hooksDir))
    return { keys, hooks: [], quarantine: null };
  const hooksNow = await readHooks(before.hooksDir);
  const kept = (name, hook) => {
    const was = before.hooks.get(name);
    return was !== void 0 && was.mode === hook.mode && was.content.equals(hook.content);
  };
  const moved = [...hooksNow].filter(([name, hook]) => !kept(name, hook)).map(([name]) => name);
  let quarantine = null;
  if (moved.length > 0) {
    quarantine = join(before.gitDir, `agent-harness-quarantine-${label}-${randomBytes(3).toString("hex")}`);
    await mkdir(quarantine, { mode: 448 });
    for (const name of moved) {
      const target = join(quarantine, name);
      await rename(join(before.hooksDir, name), target);
      if (hooksNow.get(name)?.mode !== SYMLINK) await chmod(target, 384);
    }
  }
  for (const [name, hook] of before.hooks) {
    if (hooksNow.has(name) && !moved.includes(name)) continue;
    const path = join(before.hooksDir, name);
    if (hook.mode === SYMLINK) continue;
    await writeFile(path, hook.content, { mode: hook.mode, flag: "wx" });
    await chmod(path, hook.mode);
  }
  return { keys, hooks: moved, quarantine };
}

const OWN_PLACE_NAMES = [
  "HOME",
  "TMPDIR",
  "CLAUDE_CONFIG_DIR",
  "CODEX_HOME",
  "GEMINI_CLI_HOME",
  "XDG_CONFIG_HOME",
  "XDG_CACHE_HOME",
  "XDG_DATA_HOME",
  "XDG_STATE_HOME"
];
const isDirectory = (path) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};
function ownPlaces(agentEnv, cwd) {
  const dirs = [];
  for (const name of OWN_PLACE_NAMES) {
    const value = agentEnv[name];
    if (value === void 0 || !isAbsolute(value)) continue;
    const dir = resolve(value);
    if (within(cwd, dir)) continue;
    if (within(dir, cwd))
      return {
        refused: `agent.env ${name}=${value} holds the working tree: under agent.isolation = "user" the agent's user is given that directory, so name one of its own (or leave ${name} out: the agent's user has a home of its own)`
      };
    if (isDirectory(dir)) dirs.push(dir);
  }
  const sorted = [...new Set(dirs)].sort((a, b) => a.length - b.length);
  return { dirs: sorted.filter((dir, i) => !sorted.slice(0, i).some((outer) => within(outer, dir))) };
}

class IsolationError extends HarnessError {
  name = "IsolationError";
  constructor(message) {
    super(message, EXIT.usage);
  }
}
const NEEDED_TOOLS = [
  ["setpriv", "util-linux"],
  ["setfacl", "acl"],
  ["getfacl", "acl"],
  ["useradd", "passwd"]
];
async function userUnavailable(cwd) {
  if (process.platform !== "linux") return { why: "it needs Linux" };
  const privilege = await probePrivilege();
  if (privilege === null)
    return { why: "the harness is neither root nor allowed passwordless sudo (`sudo -n true` fails)" };
  const missing = NEEDED_TOOLS.filter(([tool]) => findExecutable(tool, cwd, process.env) === null);
  if (missing.length > 0)
    return {
      why: `${missing.map(([tool]) => tool).join(", ")} not found (install the ${[...new Set(missing.map(([, pkg]) => pkg))].join(", ")} package)`
    };
  return { privilege };
}
function existingHarnessFiles(paths) {
  const files = harnessFiles(paths);
  const inFamilies = files.families.flatMap((family) => {
    try {
      return readdirSync(family.dir).filter((name) => inFamily(family, name)).map((name) => join(family.dir, name));
    } catch {
      return [];
    }
  });
  return [...files.files, ...files.dirs, ...inFamilies];
}
async function gitIdentity(cwd) {
  const read = async (key) => {
    const result = await runGit(cwd, ["config", "--get", key]).catch(() => null);
    return result?.code === 0 ? result.stdout.trim() || null : null;
  };
  return { name: await read("user.name"), email: await read("user.email") };
}
const passed = (config) => [
  ...config.agent.pass_env,
  ...config.agent.format === "json-actions" && config.llm.api_key_env ? [config.llm.api_key_env] : []
];
function plainIsolation(config, mode = plainMode(config), fallback = null, guard = () => Promise.resolve()) {
  const pass = passed(config);
  return {
    mode,
    fallback,
    user: null,
    env: (base, set) => agentEnvironment(base, { isolation: mode, pass, set }),
    command: (command, args) => ({ command, args: [...args] }),
    afterSession: guard,
    close: () => Promise.resolve()
  };
}
async function repoGuard(cwd, cookie, logger) {
  const before = await snapshotRepoConfig(cwd);
  if (before === null) return () => Promise.resolve();
  let session = 0;
  return async () => {
    const restored = await restoreRepoConfig(cwd, before, `${cookie.slice(0, 8)}-${++session}`);
    if (restored.keys.length > 0 || restored.hooks.length > 0)
      logger.log("warn", {
        agent_left: "git configuration that makes git run or send something; put back as it was",
        ...restored.keys.length > 0 ? { keys: restored.keys.join(",") } : {},
        ...restored.quarantine !== null ? { hooks: restored.hooks.join(","), moved_to: restored.quarantine } : {}
      });
  };
}
const plainMode = (config) => (config.agent.isolation ?? "none") === "none" ? "none" : "env";
async function prepareIsolation(input) {
  const { config, paths, logger, clock } = input;
  const requested = config.agent.isolation ?? "none";
  if (requested === "none") return plainIsolation(config, "none");
  const guard = await repoGuard(paths.cwd, input.cookie, logger);
  if (requested === "env") return plainIsolation(config, "env", null, guard);
  const available = await userUnavailable(paths.cwd);
  if ("why" in available) {
    if (requested === "user")
      throw new IsolationError(
        `agent.isolation = "user" cannot be had: ${available.why}. Run the harness as root or as a user with passwordless sudo, or set agent.isolation = "env" (docs/security.md)`
      );
    const why = `"user" isolation is not available: ${available.why}`;
    logger.log("warn", {
      isolation: "env",
      why,
      agent_can_still: "read every process of this user (/proc/<pid>/environ) and write what this user may",
      fix: "run as root or with passwordless sudo and install acl (docs/security.md)"
    });
    return plainIsolation(config, "env", why, guard);
  }
  const places = ownPlaces(config.agent.env, paths.cwd);
  if ("refused" in places) throw new IsolationError(places.refused);
  const privilege = available.privilege;
  await sweepLeftIsolations({ privilege, clock, logger, ...input.emit ? { emit: input.emit } : {} });
  let record;
  try {
    record = startRunRecord(agentUserName(input.cookie), privilege);
  } catch (error) {
    throw new IsolationError(
      `the run's isolation record (what lets a later start undo what a killed run leaves) cannot be written: ${error.message}`
    );
  }
  const user = await createAgentUser({
    privilege,
    cookie: input.cookie,
    baseDir: tmpdir(),
    identity: await gitIdentity(paths.cwd)
  });
  record.userMade({ uid: user.uid, gid: user.gid });
  const grants = [];
  const revokeAll = async () => {
    for (const grant of grants.reverse()) await revokeTree(user, grant);
  };
  try {
    const planned = (grant) => {
      record.granting(grant);
      grants.push(grant);
    };
    await grantTree(user, paths.cwd, existingHarnessFiles(paths), planned);
    for (const place of places.dirs) await grantTree(user, place, [], planned);
  } catch (error) {
    const undone = await revokeAll().then(
      () => true,
      () => false
    );
    const removed = await removeAgentUser(user, clock).then(
      () => true,
      () => false
    );
    if (undone && removed) record.remove();
    throw error;
  }
  const roots = grants.map((grant) => grant.root);
  logger.log("info", { isolation: "user", agent_user: user.name, uid: user.uid, via: user.privilege });
  let closed = false;
  const pass = passed(config);
  return {
    mode: "user",
    fallback: null,
    user,
    env: (base, set) => {
      const own = {};
      for (const [name, value] of Object.entries(base)) if (!OWNER_PLACES.test(name)) own[name] = value;
      return agentEnvironment(own, { isolation: "user", pass, set: { ...agentUserEnv(user), ...set } });
    },
    command: (command, args, env) => asAgentUser(user, command, args, env),
    afterSession: async () => {
      await endAgentProcesses(user, clock);
      for (const root of roots) await handBack(user, root);
      await guard();
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await endAgentProcesses(user, clock).catch(() => void 0);
      for (const root of roots) await handBack(user, root).catch(() => void 0);
      await revokeAll();
      await removeAgentUser(user, clock);
      record.remove();
    }
  };
}

const DRAIN_MS = 500;
const INTERRUPTED_EXIT_CODE = 130;
async function runShell(command, options) {
  const { clock } = options;
  const started = clock.now();
  const cap = options.maxOutputBytes ?? 1024 * 1024;
  const grace = options.killGraceMs ?? 2e3;
  const out = [];
  let outBytes = 0;
  let errTail = "";
  let keptBytes = 0;
  const result = (exitCode2, timedOut, interrupted) => ({
    exitCode: exitCode2,
    timedOut,
    interrupted,
    stdout: Buffer.concat(out).toString("utf8"),
    stdoutBytes: outBytes,
    stdoutTruncated: outBytes > keptBytes,
    stderrTail: errTail.trim(),
    durationMs: clock.now() - started
  });
  if (options.signal?.aborted) return result(INTERRUPTED_EXIT_CODE, false, true);
  const child = options.spawn("/bin/sh", ["-c", command], {
    cwd: options.cwd,
    env: withCookie(options.env, options.cookie),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"]
  });
  child.stdout?.on("data", (chunk) => {
    outBytes += chunk.length;
    if (keptBytes >= cap) return;
    const kept = chunk.subarray(0, cap - keptBytes);
    out.push(kept);
    keptBytes += kept.length;
  });
  child.stderr?.on("data", (chunk) => {
    errTail = (errTail + chunk.toString("utf8")).slice(-4096);
  });
  const exited = new Promise((resolve) => {
    child.once("error", (error) => {
      errTail = error.message;
      resolve(127);
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 + 15 : 1)));
  });
  const closed = new Promise((resolve) => {
    child.once("close", () => resolve());
    child.once("error", () => resolve());
  });
  const stopWaiting = new AbortController();
  const onAbort = () => stopWaiting.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const winner = await Promise.race([
    exited.then(() => "exited"),
    clock.sleep(options.timeoutMs, stopWaiting.signal).then((elapsed) => elapsed ? "timeout" : options.signal?.aborted ? "interrupted" : "exited")
  ]);
  options.signal?.removeEventListener("abort", onAbort);
  stopWaiting.abort();
  const pid = child.pid;
  const endLeftovers = (graceMs) => Promise.all([
    pid === void 0 ? null : terminateGroup(pid, graceMs, clock),
    options.cookie === void 0 ? null : endCarriers(options.cookie, graceMs, clock)
  ]);
  const reason = options.signal?.reason;
  if (winner === "timeout") await endLeftovers(grace);
  if (winner === "interrupted") await endLeftovers(typeof reason === "number" ? reason : grace);
  const exitCode = await exited;
  const drained = new AbortController();
  closed.then(
    () => drained.abort(),
    () => drained.abort()
  );
  await clock.sleep(winner === "exited" ? DRAIN_MS : 0, drained.signal);
  if (winner === "exited") await endLeftovers(grace);
  child.stdout?.destroy();
  child.stderr?.destroy();
  await closed;
  if (winner === "timeout") return result(124, true, false);
  if (winner === "interrupted") return result(INTERRUPTED_EXIT_CODE, false, true);
  return result(exitCode, false, false);
}

async function runHooks(commands, options) {
  for (const command of commands) {
    const result = await runShell(command, { ...options, maxOutputBytes: 64 * 1024 });
    if (result.exitCode !== 0) {
      return {
        command,
        exitCode: result.exitCode,
        timedOut: result.timedOut,
        interrupted: result.interrupted,
        stderrTail: result.stderrTail
      };
    }
  }
  return null;
}
function hookEnv(base, vars) {
  const env = { ...base };
  for (const [key, value] of Object.entries(vars)) env[key] = String(value);
  return env;
}

class StopController {
  reason = null;
  forced = false;
  /** Why the session in flight was ended early: 'forced' (second SIGINT), 'time_budget', 'cancelled'. */
  forcedBy = null;
  forceGraceMs = 0;
  abort = new AbortController();
  interruption = new AbortController();
  forceListeners = [];
  /** Aborts on the first stop request: waits between sessions end at once. */
  get signal() {
    return this.abort.signal;
  }
  /**
   * Aborts on a request that must not wait for the harness's own commands (SIGTERM, SIGHUP, a forced stop):
   * hooks, prompt commands, validation, harness-init.sh and cleanups end at once. A graceful request (the first
   * SIGINT, the STOP file) lets them finish, as it lets the session finish. A forced stop's reason is its grace
   * in milliseconds (SIGTERM to SIGKILL); otherwise the command's own grace applies.
   */
  get interrupt() {
    return this.interruption.signal;
  }
  request(reason, options = {}) {
    if (options.interrupt) this.interruption.abort();
    if (this.reason !== null) return false;
    this.reason = reason;
    this.abort.abort();
    return true;
  }
  /**
   * End the session in flight now: SIGTERM to everything the agent started and SIGKILL after `graceMs`
   * (0: SIGKILL at once). The loop then stops.
   */
  force(options = {}) {
    if (this.forced) return;
    this.forced = true;
    this.forcedBy = options.reason ?? "forced";
    this.forceGraceMs = options.graceMs ?? 0;
    if (this.reason === null) this.reason = this.forcedBy;
    this.abort.abort();
    this.interruption.abort(this.forceGraceMs);
    for (const listener of this.forceListeners) listener(this.forceGraceMs);
  }
  onForce(listener) {
    this.forceListeners.push(listener);
    if (this.forced) listener(this.forceGraceMs);
    return () => {
      this.forceListeners = this.forceListeners.filter((l) => l !== listener);
    };
  }
}
async function consumeStopFile(path) {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT") return false;
    if (code === "EISDIR" || code === "EPERM") return true;
    throw error;
  }
}
function decideSignal(signal, nowMs, lastSigintMs, windowMs) {
  if (signal !== "SIGINT") return { action: "graceful" };
  if (lastSigintMs !== null && nowMs - lastSigintMs <= windowMs) return { action: "force" };
  return { action: "graceful" };
}
function installSignalHandlers(stop, options) {
  let lastSigint = null;
  const handle = (signal) => {
    const now = options.now();
    const decision = decideSignal(signal, now, lastSigint, options.windowMs);
    if (signal === "SIGINT") lastSigint = now;
    options.onSignal(signal, decision.action);
    if (decision.action === "force") stop.force();
    else if (signal === "SIGINT") stop.request("sigint");
    else stop.request(signal === "SIGTERM" ? "sigterm" : "sighup", { interrupt: true });
  };
  const handlers = new Map(
    ["SIGINT", "SIGTERM", "SIGHUP"].map((signal) => [signal, () => handle(signal)])
  );
  for (const [signal, handler] of handlers) process.on(signal, handler);
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}

class FaultLatch {
  fault = null;
  listeners = /* @__PURE__ */ new Set();
  get first() {
    return this.fault;
  }
  report(error) {
    if (this.fault !== null) return;
    this.fault = error instanceof Error ? error : new Error(String(error));
    for (const listener of [...this.listeners]) listener(this.fault);
  }
  /**
   * Calls `listener` with the first fault: now (in a microtask) when it is already latched, so a session that
   * starts listening after a write in passing failed is still ended, never left running.
   */
  onFault(listener) {
    const latched = this.fault;
    if (latched !== null) {
      let cancelled = false;
      queueMicrotask(() => {
        if (!cancelled) listener(latched);
      });
      return () => {
        cancelled = true;
      };
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  throwIfFaulted() {
    if (this.fault !== null) throw this.fault;
  }
}
async function noSpaceLeft(dir) {
  try {
    const fs = await statfs(dir);
    return fs.blocks > 0 && usableBlocks(fs) === 0;
  } catch {
    return false;
  }
}
function transcriptFull(transcript) {
  const cause = Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
  return new HarnessFileError(transcript, cause, "cannot record the agent's output in");
}

const STOP_FILE_POLL_MS = 1e3;
function createContext(input) {
  const { config, platform, stop, position } = input;
  const faults = input.faults ?? new FaultLatch();
  const emit = (event) => platform.events.emit(event).catch((error) => {
    faults.report(error);
    throw error;
  });
  const paths = resolvePaths(config, input.cwd);
  const stopFile = {
    name: "stop_file",
    pollMs: STOP_FILE_POLL_MS,
    check: () => consumeStopFile(paths.stopFile)
  };
  return {
    config,
    self: input.self ?? null,
    configFile: input.configFile ?? null,
    paths,
    stopSources: [stopFile, ...input.stopSources ?? []],
    platform,
    stop,
    adapter: adapterFor(config.agent.format),
    commitPatterns: config.commit_detection.patterns.map((p) => compilePattern(p)),
    ratePatterns: config.rate_limit.patterns.map((p) => compilePattern(p)),
    status: input.status,
    position,
    work: null,
    faults,
    cookie: input.cookie,
    isolation: plainIsolation(config),
    ...input.containment ? { containment: input.containment } : {},
    ...input.reaper ? { reaper: input.reaper } : {},
    spend: NO_SPEND,
    log(level, fields) {
      platform.logger.log(level, {
        iteration: position.iteration,
        global: position.global,
        ...this.work?.logFields ?? {},
        ...fields
      });
    },
    emit,
    post: (event) => void emit(event).catch(() => void 0),
    env: (vars) => {
      const base = { ...process.env };
      delete base.CLAUDECODE;
      return withCookie(hookEnv(base, vars), input.cookie);
    },
    shellOptions: (env) => ({
      cwd: paths.cwd,
      env,
      timeoutMs: config.hooks.timeout_secs * 1e3,
      clock: platform.clock,
      spawn: platform.spawn,
      cookie: input.cookie,
      signal: stop.interrupt,
      killGraceMs: config.watchdog.kill_grace_secs * 1e3
    }),
    pause: async (ms) => {
      if (ms > 0 && stop.reason === null) await platform.clock.sleep(ms, stop.signal);
    }
  };
}

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const NULL_SHA = /^0+$/;
function parseSha(text) {
  return SHA.test(text) && !NULL_SHA.test(text) ? text : null;
}
function parseRefFile(text) {
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  if (body.includes("\n")) return null;
  if (body.startsWith("ref: ")) {
    const target = body.slice("ref: ".length).trim();
    return isPlainRefName(target) ? { symref: target } : null;
  }
  const sha = parseSha(body.trim());
  return sha === null ? null : { sha };
}
function isPlainRefName(name) {
  if (!name.startsWith("refs/")) return false;
  const parts = name.split("/");
  if (parts.length < 3) return false;
  return parts.every(
    (part) => /^[A-Za-z0-9._-]+$/.test(part) && !part.startsWith(".") && !part.endsWith(".") && !part.endsWith(".lock") && !part.includes("..")
  );
}
function parsePackedRefs(text) {
  const refs = /* @__PURE__ */ new Map();
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    if (line === "") {
      if (index === lines.length - 1) continue;
      return null;
    }
    if (line.startsWith("#")) {
      if (index === 0) continue;
      return null;
    }
    if (line.startsWith("^")) {
      if (parseSha(line.slice(1)) === null) return null;
      continue;
    }
    const space = line.indexOf(" ");
    const sha = parseSha(line.slice(0, space));
    const name = line.slice(space + 1);
    if (space <= 0 || sha === null || name === "") return null;
    if (!name.startsWith("refs/heads/")) continue;
    if (!isPlainRefName(name)) return null;
    refs.set(name, sha);
  }
  return refs;
}
function parseGitFile(text) {
  const match = /^gitdir: (.+?)\r?\n?$/.exec(text);
  return match ? match[1] : null;
}
function parseCommonDir(text) {
  const path = text.replace(/\r?\n$/, "");
  return path === "" || path.includes("\n") ? null : path;
}
const HARMLESS_EXTENSIONS = /* @__PURE__ */ new Set([
  "objectformat",
  "worktreeconfig",
  "noop",
  "preciousobjects",
  "partialclone"
]);
function configAllowsFileRefs(text) {
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    if (line.endsWith("\\")) return false;
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]\s*(?:[#;].*)?$/.exec(line);
    if (header) {
      section = header[1].toLowerCase();
      if (section === "include" || section === "includeif") return false;
      continue;
    }
    if (line.startsWith("[")) return false;
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!entry) return false;
    const key = entry[1].toLowerCase();
    if (section === "extensions" && !HARMLESS_EXTENSIONS.has(key)) return false;
    if (section === "core" && key === "repositoryformatversion" && !/^[01]\s*$/.test(entry[2] ?? ""))
      return false;
  }
  return true;
}
function resolveRefs(head, loose, packed) {
  const lookup = (name, depth) => {
    if (depth > 5 || !name.startsWith("refs/heads/")) return void 0;
    const value = loose.get(name);
    if (value === void 0) return packed.get(name) ?? null;
    if ("sha" in value) return value.sha;
    const target = lookup(value.symref, depth + 1);
    return target === null ? void 0 : target;
  };
  const branches = {};
  for (const name of /* @__PURE__ */ new Set([...packed.keys(), ...loose.keys()])) {
    const sha2 = lookup(name, 0);
    if (sha2 == null) return null;
    branches[name] = sha2;
  }
  if ("sha" in head) return { head: head.sha, branches };
  const sha = lookup(head.symref, 0);
  if (sha === void 0) return null;
  return { head: sha, branches };
}

const REPOSITORY_ENV = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_COMMON_DIR",
  "GIT_CEILING_DIRECTORIES",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM",
  "GIT_OBJECT_DIRECTORY",
  "GIT_NAMESPACE"
];
class AskGit extends Error {
}
function statOrNull(path) {
  try {
    return statSync(path);
  } catch (error) {
    if (error.code === "ENOENT" || error.code === "ENOTDIR")
      return null;
    throw new AskGit();
  }
}
class Refused extends Error {
}
function readOrNull(path) {
  try {
    return readInputTextSync(path, { what: "git file", maxBytes: 256 << 20 });
  } catch (error) {
    if (error instanceof InputFileError) throw new Refused();
    if (error.code === "ENOENT") return null;
    throw new AskGit();
  }
}
function need(value) {
  if (value == null) throw new AskGit();
  return value;
}
function ownOrAsk(stats) {
  if (typeof process.geteuid === "function" && stats.uid !== process.geteuid()) throw new AskGit();
}
function looksLikeGitDir(dir) {
  return statOrNull(join(dir, "HEAD")) !== null && statOrNull(join(dir, "objects")) !== null;
}
function findGitDir(cwd) {
  let dir = resolve(cwd);
  const start = need(statOrNull(dir));
  if (!start.isDirectory()) throw new AskGit();
  let crossed = false;
  for (; ; ) {
    const dotGit = join(dir, ".git");
    const found = statOrNull(dotGit);
    if (found !== null) {
      if (crossed) throw new AskGit();
      ownOrAsk(need(statOrNull(dir)));
      if (found.isDirectory()) {
        if (!looksLikeGitDir(dotGit)) throw new AskGit();
        ownOrAsk(found);
        return dotGit;
      }
      if (!found.isFile()) throw new AskGit();
      const target = resolve(dir, need(parseGitFile(need(readOrNull(dotGit)))));
      ownOrAsk(need(statOrNull(target)));
      return target;
    }
    if (looksLikeGitDir(dir)) throw new AskGit();
    const parent = dirname(dir);
    if (parent === dir) return null;
    const above = need(statOrNull(parent));
    if (above.dev !== start.dev) crossed = true;
    dir = parent;
  }
}
function looseBranches(commonDir) {
  const root = join(commonDir, "refs", "heads");
  const refs = /* @__PURE__ */ new Map();
  let entries;
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (error.code === "ENOENT") return refs;
    throw new AskGit();
  }
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    if (!entry.isFile()) throw new AskGit();
    const path = join(entry.parentPath, entry.name);
    const name = `refs/heads/${relative(root, path).split(sep).join("/")}`;
    if (!isPlainRefName(name)) throw new AskGit();
    refs.set(name, need(parseRefFile(need(readOrNull(path)))));
  }
  return refs;
}
function readRefsFromFiles(cwd, env = process.env) {
  if (REPOSITORY_ENV.some((name) => env[name] !== void 0)) return "ask-git";
  try {
    const gitDir = findGitDir(cwd);
    if (gitDir === null) return null;
    const common = readOrNull(join(gitDir, "commondir"));
    const commonDir = common === null ? gitDir : resolve(gitDir, need(parseCommonDir(common)));
    if (!configAllowsFileRefs(readOrNull(join(commonDir, "config")) ?? "")) return "ask-git";
    const head = need(parseRefFile(need(readOrNull(join(gitDir, "HEAD")))));
    const packedText = readOrNull(join(commonDir, "packed-refs"));
    const packed = packedText === null ? /* @__PURE__ */ new Map() : need(parsePackedRefs(packedText));
    return resolveRefs(head, looseBranches(commonDir), packed) ?? "ask-git";
  } catch (error) {
    if (error instanceof AskGit) return "ask-git";
    if (error instanceof Refused) return null;
    throw error;
  }
}

async function gitCode(cwd, args) {
  return runGit(cwd, args, 1e4).catch(() => ({ code: -1, stdout: "" }));
}
async function gitRefs(cwd) {
  const read = readRefsFromFiles(cwd);
  return read === "ask-git" ? gitShowRefs(cwd) : read;
}
async function gitShowRefs(cwd) {
  const out = await gitCode(cwd, ["show-ref", "--head", "--heads"]);
  if (out.code !== 0 && out.code !== 1) return null;
  const refs = { head: null, branches: {} };
  for (const line of out.stdout.split("\n")) {
    const space = line.indexOf(" ");
    if (space <= 0) continue;
    const sha = line.slice(0, space);
    const name = line.slice(space + 1);
    if (name === "HEAD") refs.head = sha;
    else if (name.startsWith("refs/heads/")) refs.branches[name] = sha;
  }
  return refs;
}
function refMoves(before, after) {
  const known = new Set(Object.values(before.branches));
  if (before.head !== null) known.add(before.head);
  const moved = (sha) => sha != null && !known.has(sha);
  const branches = Object.keys(after.branches).filter((name) => after.branches[name] !== before.branches[name] && moved(after.branches[name])).sort();
  return { head: after.head !== before.head && moved(after.head), branches };
}

function commitEvidence(patternMatched, moves) {
  if (moves === null) return { committed: patternMatched, evidence: patternMatched ? "pattern" : null };
  const git = moves.head ? "head" : moves.branches.length > 0 ? "branch" : null;
  if (git === null) return { committed: false, evidence: patternMatched ? "pattern" : null };
  return { committed: true, evidence: patternMatched ? `pattern+${git}` : git };
}
function describeCommitEvidence(input) {
  const { evidence, committed, pattern } = input;
  if (evidence === null) return null;
  const parts = [];
  if (evidence.endsWith("head")) parts.push("HEAD moved");
  if (evidence.endsWith("branch")) {
    const names = (input.branches ?? []).map((ref) => ref.replace(/^refs\/heads\//, ""));
    parts.push(names.length > 0 ? `branch ${names.join(", ")} moved` : "a branch moved");
  }
  if (pattern !== null) parts.push(`${pattern} detected`);
  if (evidence === "pattern" && !committed) parts.push("but no commit was made");
  return parts.join(", ");
}

function classifyOutcome(input) {
  const { verdict } = input;
  const decide = (outcome, decided_by, failure = null) => ({
    outcome,
    decided_by,
    failure
  });
  if (input.endReason === "forced") return decide("cancelled", "forced");
  if (verdict.final && verdict.is_error === false && verdict.model_output !== false)
    return decide("productive", "result");
  if (verdict.rate_limit) return decide("rate_limited", verdict.rate_limit.source);
  if (verdict.failure) return decide("failed", `failure:${verdict.failure.source}`, verdict.failure);
  const structured = verdict.model_output !== null;
  if (structured && !verdict.final) {
    if (input.endReason === "watchdog") {
      const failure = {
        kind: "transient",
        reason: "stalled",
        source: "watchdog",
        detail: "the agent wrote nothing for watchdog.stale_timeout_mins and gave no final result"
      };
      return decide("failed", "failure:watchdog", failure);
    }
    if (input.endReason === "exited" && input.exitCode !== void 0 && input.exitCode !== 0) {
      const code = input.exitCode === null ? "a signal" : `code ${input.exitCode}`;
      const failure = {
        kind: "error",
        reason: "crash",
        source: "exit_code",
        detail: verdict.notice ?? `the agent exited with ${code} and no final result`
      };
      return decide("failed", "failure:exit_code", failure);
    }
  }
  if (structured && verdict.model_output === false) return decide("empty", "no_model_output");
  if (!structured && input.outputBytes < input.minOutputBytes) return decide("empty", "output_bytes");
  return decide("productive", "output");
}
function fatalAdvice(reason) {
  switch (reason) {
    case "authentication":
      return "the agent's credentials were refused: check its API key or log in again";
    case "billing":
      return "the agent's account cannot pay for more requests: add credits or check the plan";
    case "model_not_found":
      return "the model the agent asked for does not exist or is not available: check the model name in agent.args";
    case "untrusted_folder":
      return "the agent will not work in an untrusted folder: trust the working directory in the agent first";
    case "bad_auth_choice":
      return "the agent's authentication setting is not usable here: choose an auth method that works non-interactively";
    case "agent_refused":
      return "the agent refused to start: run it by hand in the working directory to see why";
    default:
      return "the agent cannot go on until a person acts";
  }
}
function backoffMs(consecutive, initialSecs, maxSecs) {
  const secs = initialSecs * 2 ** Math.min(consecutive, 40);
  return Math.round(Math.min(secs, maxSecs) * 1e3);
}
function rateLimitWait(input) {
  if (input.resetsAtMs !== null && input.resetsAtMs > input.nowMs) {
    const untilReset = input.resetsAtMs - input.nowMs + 1e3;
    return { delayMs: Math.min(untilReset, Math.round(input.maxWaitSecs * 1e3)), basis: "reset_time" };
  }
  return { delayMs: backoffMs(input.consecutive, input.initialSecs, input.maxDelaySecs), basis: "backoff" };
}

const PROMPT_SEPARATOR = "\n---\n";
function assemblePrompt(prepended, promptFile, extra = []) {
  const parts = prepended.map((text) => text.trim()).filter((text) => text !== "");
  parts.push(promptFile);
  for (const part of extra) if (part.trim() !== "") parts.push(part);
  return parts.join(PROMPT_SEPARATOR);
}
const MAX_ARG_BYTES = 128 * 1024 - 1;
function placePrompt(args, via, prompt, promptPath) {
  const substitute = (value) => value.replaceAll("{prompt_file}", promptPath ?? "").replaceAll("{prompt}", via === "arg" ? prompt : "");
  const out = args.map(substitute);
  const filtered = via === "arg" ? out : out.filter((value, index) => !(args[index] === "{prompt}" && value === ""));
  return { args: filtered, stdinText: via === "stdin" ? prompt : null };
}
function promptTooLongForArg(prompt) {
  return Buffer.byteLength(prompt, "utf8") > MAX_ARG_BYTES;
}

const CHUNK_BYTES = 1024 * 1024;
const MAX_LINE_BYTES$1 = 1024 * 1024;
const NEWLINE$1 = 10;
class MarkedLineFollower {
  constructor(fd, marker) {
    this.fd = fd;
    this.marker = Buffer.from(marker, "utf8");
  }
  fd;
  marker;
  /** Everything before this offset has been searched; it always sits just after a newline (or at 0). */
  searched = 0;
  /** One buffer for every chunk searched: a transcript of gigabytes must not churn the heap a MiB at a time. */
  scratch = Buffer.allocUnsafe(CHUNK_BYTES);
  /** The newest complete line containing the marker among the bytes appended since the last call, or null. */
  update(size) {
    const end = this.lastNewlineBefore(size);
    if (end <= this.searched) return null;
    let hit = -1;
    const overlap = this.marker.length - 1;
    for (let from = this.searched; from < end; from += CHUNK_BYTES - overlap) {
      const chunk = this.readScratch(from, Math.min(CHUNK_BYTES, end - from));
      const at = chunk.lastIndexOf(this.marker);
      if (at >= 0) hit = from + at;
      if (from + chunk.length >= end) break;
    }
    const start = this.searched;
    this.searched = end;
    return hit < 0 ? null : this.lineAround(hit, start, end);
  }
  /** Offset just after the last newline before `size` within the unsearched region, or `searched` if none. */
  lastNewlineBefore(size) {
    for (let to = size; to > this.searched; ) {
      const from = Math.max(this.searched, to - CHUNK_BYTES);
      const at = this.readScratch(from, to - from).lastIndexOf(NEWLINE$1);
      if (at >= 0) return from + at + 1;
      to = from;
    }
    return this.searched;
  }
  lineAround(hit, floor, end) {
    const back = Math.max(floor, hit - MAX_LINE_BYTES$1);
    const before = this.read(back, hit - back);
    const newline = before.lastIndexOf(NEWLINE$1);
    if (newline < 0 && back > floor) return null;
    const lineStart = newline < 0 ? back : back + newline + 1;
    const after = this.read(hit, Math.min(end - hit, MAX_LINE_BYTES$1));
    const lineEnd = after.indexOf(NEWLINE$1);
    if (lineEnd < 0) return null;
    return this.read(lineStart, hit + lineEnd - lineStart).toString("utf8");
  }
  /** Reads into the shared scratch buffer: the view is valid until the next read. */
  readScratch(position, length) {
    return this.fill(this.scratch.subarray(0, length), position);
  }
  read(position, length) {
    return this.fill(Buffer.allocUnsafe(length), position);
  }
  fill(buffer, position) {
    const length = buffer.length;
    let filled = 0;
    while (filled < length) {
      const read = readSync(this.fd, buffer, filled, length - filled, position + filled);
      if (read <= 0) break;
      filled += read;
    }
    return buffer.subarray(0, filled);
  }
}

const TAIL_PEEK_BYTES = 64 * 1024;
function peekTail(fd, size) {
  const length = Math.min(size, TAIL_PEEK_BYTES);
  const buffer = Buffer.allocUnsafe(length);
  const read = readSync(fd, buffer, 0, length, size - length);
  return buffer.subarray(0, read).toString("utf8");
}
function echoAgentOutput(echo, fd, from, to) {
  if (!echo || to <= from) return to;
  const buffer = Buffer.allocUnsafe(Math.min(to - from, 1024 * 1024));
  let position = from;
  while (position < to) {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, to - position), position);
    if (read <= 0) break;
    echo(buffer.subarray(0, read).toString("utf8"));
    position += read;
  }
  return position;
}

function initialWatchdog(now, size = 0) {
  return { lastSize: size, lastGrowthAt: now, warnings: 0, resultSeenAt: null };
}
function watchdogStep(state, obs, limits) {
  let next = state;
  let grew = false;
  if (obs.size !== state.lastSize) {
    grew = true;
    const at = Math.min(obs.now, Math.max(state.lastGrowthAt, obs.grewAt ?? obs.now));
    next = {
      ...next,
      lastSize: obs.size,
      lastGrowthAt: at,
      warnings: 0,
      resultSeenAt: obs.finalSeen ? at : null
    };
  }
  if (next.resultSeenAt !== null) {
    const sinceResultMs = obs.now - next.resultSeenAt;
    if (sinceResultMs >= limits.resultGraceMs)
      return { state: next, action: { kind: "kill_result_grace", sinceResultMs } };
  }
  const staleMs = obs.now - next.lastGrowthAt;
  if (staleMs >= limits.staleTimeoutMs) return { state: next, action: { kind: "kill_stale", staleMs } };
  if (grew) return { state: next, action: { kind: "grew" } };
  if (limits.warnIntervalMs > 0 && staleMs >= (next.warnings + 1) * limits.warnIntervalMs) {
    return { state: { ...next, warnings: next.warnings + 1 }, action: { kind: "warn", staleMs } };
  }
  return { state: next, action: { kind: "none" } };
}
function pollIntervalMs(limits) {
  const finest = Math.min(limits.staleTimeoutMs, limits.resultGraceMs > 0 ? limits.resultGraceMs : Infinity);
  return Math.max(20, Math.min(250, Math.floor(finest / 20)));
}

const WATCHDOG_EXIT_CODE = 124;
const DESCENDANT_SCAN_MS = 250;
function openTranscript(path) {
  return openSync(path, "wx+", 420);
}
function startSession(spec, fd, deps, hooks = {}) {
  const { clock } = deps;
  let forced = null;
  let wake = null;
  const control = {
    force: (graceMs) => {
      if (forced === null) forced = graceMs;
      wake?.();
    }
  };
  const result = (async () => {
    const startedAt = clock.now();
    let child;
    const cgroup = spec.cgroup;
    const run = cgroup?.wrap(spec.command, spec.args) ?? { command: spec.command, args: spec.args };
    const spawnAgent = () => deps.spawn(run.command, run.args, {
      cwd: spec.cwd,
      env: withCookie(spec.env, spec.cookie),
      detached: true,
      stdio: [spec.stdinText === null ? "ignore" : "pipe", fd, fd]
    });
    try {
      child = cgroup ? cgroup.spawnInside(spawnAgent) : spawnAgent();
    } catch (error) {
      closeSync(fd);
      await cgroup?.remove();
      return spawnFailure(startedAt, clock.now(), error.message);
    }
    if (cgroup?.placementError)
      deps.logger.log("warn", { session: "cgroup", cgroup: cgroup.where, error: cgroup.placementError });
    let exited = null;
    let spawnError = null;
    const done = new Promise((resolve) => {
      child.once("error", (error) => {
        spawnError = error.message;
        resolve();
      });
      child.once("exit", (code, signal2) => {
        exited = { code, signal: signal2 };
        resolve();
      });
    });
    done.then(
      () => wake?.(),
      () => wake?.()
    );
    if (spec.stdinText !== null && child.stdin) {
      child.stdin.on("error", () => void 0);
      child.stdin.end(spec.stdinText);
    }
    const pgid = child.pid ?? null;
    if (pgid !== null) deps.logger.log("debug", { session: "spawned", pid: pgid });
    if (pgid !== null) hooks.onSpawn?.(pgid);
    const procs = pgid !== null ? new AgentProcesses(pgid) : null;
    const none = { count: 0, how: "gone" };
    const endAll = async (group, graceMs) => {
      const [groupHow, byCookie, byCgroup] = await Promise.all([
        terminateAgent(group, graceMs, clock),
        spec.cookie === void 0 ? none : endCarriersSaying(spec.cookie, graceMs, clock),
        cgroup ? cgroup.end(graceMs, clock) : none
      ]);
      const how = strongerEnd(strongerEnd(groupHow, byCookie.how), byCgroup.how);
      return { how, carriers: byCookie.count, inCgroup: byCgroup.count };
    };
    let endReason = "exited";
    let state = initialWatchdog(startedAt);
    const poll = pollIntervalMs(spec.limits);
    let printed = 0;
    let lastScan = -Infinity;
    let escapedCount = 0;
    const announcements = spec.backgroundWork ? new MarkedLineFollower(fd, spec.backgroundWork.marker) : null;
    let backgroundRunning = 0;
    while (exited === null && spawnError === null && procs !== null) {
      if (forced !== null) {
        endReason = "forced";
        await endAll(procs, forced);
        break;
      }
      if (clock.now() - lastScan >= DESCENDANT_SCAN_MS) {
        procs.refresh();
        lastScan = clock.now();
        const escaped = procs.escaped();
        if (escaped.length !== escapedCount) {
          escapedCount = escaped.length;
          hooks.onEscaped?.(escaped);
        }
      }
      const stat = fstatSync(fd);
      const size = stat.size;
      let finalSeen = false;
      if (size > 0 && size !== state.lastSize) {
        const line = announcements?.update(size) ?? null;
        const running = line === null ? null : spec.backgroundWork?.running(line) ?? null;
        if (running !== null) backgroundRunning = running;
        finalSeen = backgroundRunning === 0 && spec.hasFinalResult(peekTail(fd, size));
      }
      printed = echoAgentOutput(hooks.echo, fd, printed, size);
      const step = watchdogStep(
        state,
        { now: clock.now(), size, grewAt: stat.mtimeMs, finalSeen },
        spec.limits
      );
      state = step.state;
      const action = step.action;
      if (action.kind === "grew") hooks.onGrowth?.(size);
      else if (action.kind === "warn") hooks.onStaleWarning?.(action.staleMs);
      else if (action.kind === "kill_stale" || action.kind === "kill_result_grace") {
        endReason = action.kind === "kill_stale" ? "watchdog" : "result_grace";
        hooks.onKill?.(endReason, action.kind === "kill_stale" ? action.staleMs : action.sinceResultMs);
        await endAll(procs, spec.killGraceMs);
        break;
      }
      await new Promise((resolve) => {
        wake = resolve;
        clock.sleep(poll).then(
          () => resolve(),
          () => resolve()
        );
      });
      wake = null;
    }
    await done;
    if (procs !== null) {
      const { how, carriers, inCgroup } = await endAll(procs, forced ?? spec.killGraceMs);
      if (how !== "gone" || carriers > 0 || inCgroup > 0)
        hooks.onLeftovers?.(how === "gone" ? "term" : how, carriers, inCgroup);
    }
    if (cgroup && !await cgroup.remove())
      deps.logger.log("warn", { session: "cgroup_not_removed", cgroup: cgroup.where });
    const outputBytes = fstatSync(fd).size;
    echoAgentOutput(hooks.echo, fd, printed, outputBytes);
    closeSync(fd);
    const endedAt = clock.now();
    if (spawnError !== null) return { ...spawnFailure(startedAt, endedAt, spawnError), outputBytes };
    const exit = exited;
    const exitCode = exit?.code ?? null;
    const signal = exit?.signal ?? null;
    return {
      endReason,
      exitCode,
      signal,
      reportedExitCode: reportedCode(endReason, exitCode, signal),
      outputBytes,
      startedAt,
      endedAt,
      pgid,
      spawnError: null
    };
  })();
  return { force: control.force, result };
}
function reportedCode(reason, code, signal) {
  if (reason === "watchdog") return WATCHDOG_EXIT_CODE;
  if (code !== null) return code;
  if (signal !== null) return signalExitCode(signal);
  return 1;
}
function signalExitCode(signal) {
  const number = constants.signals[signal];
  return number === void 0 ? 128 : 128 + number;
}
function spawnFailure(startedAt, endedAt, message) {
  return {
    endReason: "spawn_error",
    exitCode: null,
    signal: null,
    reportedExitCode: 127,
    outputBytes: 0,
    startedAt,
    endedAt,
    pgid: null,
    spawnError: message
  };
}

const CHECK_TIMEOUT_MS = 3e4;
async function askStopSources(ctx, sources) {
  for (const source of sources) {
    if (ctx.stop.reason !== null) return true;
    if (await askOne(ctx, source)) return true;
  }
  return ctx.stop.reason !== null;
}
async function askOne(ctx, source) {
  let stop;
  let timer;
  try {
    const deadline = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS / 1e3} s`)),
        CHECK_TIMEOUT_MS
      );
    });
    stop = await Promise.race([source.check(), deadline]);
  } catch (error) {
    ctx.log("warn", {
      stop_source: source.name,
      check: "failed",
      error: error.message.slice(0, 200)
    });
    return false;
  } finally {
    clearTimeout(timer);
  }
  if (stop && ctx.stop.request(source.name)) {
    ctx.log("info", { stop: source.name });
    await ctx.emit({
      event: "stop_requested",
      reason: source.name,
      iteration: ctx.position.iteration,
      global: ctx.position.global
    });
  }
  return stop;
}
function pollStopSources(ctx, sources) {
  const abort = new AbortController();
  for (const source of sources) {
    void (async () => {
      while (!abort.signal.aborted && ctx.stop.reason === null) {
        if (!await ctx.platform.clock.sleep(source.pollMs, abort.signal)) return;
        if (await askOne(ctx, source)) return;
      }
    })().catch(() => void 0);
  }
  return { cancel: () => abort.abort() };
}

const MATCHED_TEXT_CHARS = 200;
function createLineScan(options) {
  const { toolCalls, agentText } = options;
  const patterns = agentText === null ? [] : options.patterns.map(prepare);
  const counter = options.turnShape?.() ?? null;
  const result = {
    matchedPattern: null,
    matchedText: null,
    toolCalls: toolCalls === null ? null : 0,
    turns: null,
    lines: 0,
    longLines: 0
  };
  let searching = patterns.length > 0;
  let calls = 0;
  const chunkFilter = patterns.every((p) => p.prefilter);
  const chunkTest = chunkFilter ? combinedRaw(patterns) : null;
  const wanted = () => searching || toolCalls !== null || counter !== null;
  return {
    block: (text) => searching && (!chunkFilter || (chunkTest ? chunkTest.test(text) : rawMatch(text, patterns))),
    line(raw, mayMatch, cut) {
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      result.lines++;
      if (cut) result.longLines++;
      if (toolCalls !== null) calls += toolCalls(line);
      counter?.line(line);
      if (searching && mayMatch && agentText !== null) {
        const hit = findPattern(line, patterns, agentText);
        if (hit !== null) {
          searching = false;
          result.matchedPattern = hit.source;
          result.matchedText = excerpt(hit.text, hit.at);
        }
      }
      return wanted();
    },
    wanted,
    result: () => ({
      ...result,
      toolCalls: toolCalls === null ? null : calls,
      turns: counter === null ? null : counter.result()
    })
  };
}
const PLAIN_TOKEN = /\\[bdw.\-()[\]{}?*+|^$]|\[(?!\^)(?:[a-z]-[a-z]|[A-Z]-[A-Z]|[0-9]-[0-9]|[A-Za-z0-9_ :;,!#%@=~]|\\[dw.-])*\]|\((?:\?:)?|[)|?*+]|\{\d+(?:,\d*)?\}|[A-Za-z0-9_ \-:;,!#%@=~]/y;
function plainSource(source) {
  let out = "";
  PLAIN_TOKEN.lastIndex = 0;
  while (PLAIN_TOKEN.lastIndex < source.length) {
    const match = PLAIN_TOKEN.exec(source);
    if (match === null) return null;
    if (match[0] !== "\\b") out += match[0];
  }
  return out;
}
function prepare(pattern) {
  const flags = pattern.flags.replace(/[gy]/g, "");
  const prefilter = !/[\^$]|\(\?<?[=!]|\\B/.test(pattern.source);
  const plain = prefilter ? plainSource(pattern.source) : null;
  return {
    pattern: new RegExp(pattern.source, flags),
    prefilter,
    raw: plain === null ? null : new RegExp(plain, flags)
  };
}
function mayHold(p, text, unescaped) {
  if (p.raw !== null) return p.raw.test(text);
  if (p.pattern.test(text)) return true;
  return text.includes("\\") && p.pattern.test(unescaped());
}
function lazyUnescape(text) {
  let done = null;
  return () => done ??= unescapeJson(text);
}
function combinedRaw(patterns) {
  const sources = [];
  for (const p of patterns) {
    if (p.raw === null) return null;
    sources.push(`(?:${p.raw.source})`);
  }
  return new RegExp(sources.join("|"), "i");
}
function rawMatch(text, patterns) {
  const unescaped = lazyUnescape(text);
  return patterns.some((p) => mayHold(p, text, unescaped));
}
function findPattern(line, patterns, agentText) {
  const unescaped = lazyUnescape(line);
  const candidates = patterns.filter((p) => !p.prefilter || mayHold(p, line, unescaped));
  if (candidates.length === 0) return null;
  const parts = agentText(line);
  if (parts === null) return null;
  for (const { pattern } of candidates) {
    for (const part of parts) {
      const match = pattern.exec(part);
      if (match !== null) return { source: pattern.source, text: part, at: match.index };
    }
  }
  return null;
}
function unescapeJson(text) {
  if (!text.includes("\\")) return text;
  if (text.includes("\0")) return unescapeSlow(text);
  let out = text.replaceAll("\\\\", "\0");
  if (out.includes("\\u")) return unescapeSlow(text);
  out = out.replaceAll("\\n", "\n").replaceAll('\\"', '"').replaceAll("\\t", "	").replaceAll("\\r", "\r").replaceAll("\\/", "/").replaceAll("\\b", "\b").replaceAll("\\f", "\f");
  return out.replaceAll("\0", "\\");
}
function unescapeSlow(text) {
  return text.replace(/\\(?:u([0-9a-fA-F]{4})|([\s\S]))/g, (_, hex, c) => {
    if (hex !== void 0) return String.fromCharCode(parseInt(hex, 16));
    switch (c) {
      case "n":
        return "\n";
      case "t":
        return "	";
      case "r":
        return "\r";
      case "b":
        return "\b";
      case "f":
        return "\f";
      default:
        return c;
    }
  });
}
function excerpt(text, at) {
  const start = Math.max(0, at - 40);
  const slice = text.slice(start, start + MATCHED_TEXT_CHARS).replace(/\s+/g, " ");
  return (start > 0 ? "\u2026" : "") + slice + (start + MATCHED_TEXT_CHARS < text.length ? "\u2026" : "");
}

const MAX_LINE_BYTES = 8 * 1024 * 1024;
const NEWLINE = 10;
function lineSplitter(scan, maxLineBytes = MAX_LINE_BYTES) {
  let pending = [];
  let pendingBytes = 0;
  let cut = false;
  let open = scan.wanted();
  const keep = (bytes) => {
    const room = maxLineBytes - pendingBytes;
    if (bytes.length > room) cut = true;
    const kept = bytes.length > room ? bytes.subarray(0, room) : bytes;
    if (kept.length === 0) return;
    pending.push(Buffer.from(kept));
    pendingBytes += kept.length;
  };
  const flushPending = () => {
    const line = Buffer.concat(pending, pendingBytes).toString("utf8");
    const wasCut = cut;
    pending = [];
    pendingBytes = 0;
    cut = false;
    return scan.line(line, true, wasCut);
  };
  return {
    push(view) {
      if (!open) return false;
      const last = view.lastIndexOf(NEWLINE);
      if (last === -1) {
        keep(view);
        return true;
      }
      let start = 0;
      if (pendingBytes > 0 || cut) {
        const first = view.indexOf(NEWLINE);
        keep(view.subarray(0, first));
        if (!flushPending()) return open = false;
        start = first + 1;
      }
      if (start <= last) {
        const text = view.toString("utf8", start, last);
        const mayMatch = scan.block(text);
        let from = 0;
        for (; ; ) {
          const end = text.indexOf("\n", from);
          if (!scan.line(end === -1 ? text.slice(from) : text.slice(from, end), mayMatch, false))
            return open = false;
          if (end === -1) break;
          from = end + 1;
        }
      }
      keep(view.subarray(last + 1));
      return true;
    },
    end() {
      if (open && (pendingBytes > 0 || cut)) flushPending();
      open = false;
    }
  };
}

const CHUNK = 64 * 1024;
async function scanTranscript(path, options) {
  const scan = createLineScan(options);
  if (!scan.wanted()) return scan.result();
  const splitter = lineSplitter(scan);
  const handle = await openInputFile(path, { what: "transcript", maxBytes: Infinity });
  const chunk = Buffer.allocUnsafe(CHUNK);
  try {
    for (; ; ) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK, null);
      if (bytesRead === 0) break;
      if (!splitter.push(chunk.subarray(0, bytesRead))) break;
    }
    splitter.end();
  } finally {
    await handle.close();
  }
  return scan.result();
}

function workerDenied(paths, configFile) {
  const database = paths.metricsDb ? ["", "-wal", "-shm", "-journal"].map((suffix) => `${paths.metricsDb}${suffix}`) : [];
  const taskFile = resolve(paths.cwd, TASK_FILE);
  const listed = [
    ...configFile === null ? [] : [resolve(paths.cwd, configFile)],
    paths.promptFile,
    paths.counter,
    paths.status,
    paths.lock,
    paths.stopFile,
    ...paths.eventLog ? [paths.eventLog] : [],
    ...database,
    taskFile,
    `${taskFile}.bak`,
    resolve(paths.cwd, PROGRESS_FILE)
  ];
  return {
    paths: [...new Set(listed)],
    prefixes: [
      // Transcripts (compressed ones too) and prompt copies, and the temp files their compression writes.
      { dir: paths.outputDir, prefix: `${paths.outputPrefix}-` },
      { dir: paths.outputDir, prefix: `.${paths.outputPrefix}-` }
    ]
  };
}

const WORKER_SETTINGS_ENV = "AGENT_HARNESS_WORKER_SETTINGS";
const WORKER_DENIED_ENV = "AGENT_HARNESS_WORKER_DENIED";
const WORKER_TASK_ENV = "AGENT_HARNESS_WORKER_TASK";
const WORKER_SESSIONS_DIR = join(".harness", "worker");
const isWorkerFormat = (config) => config.agent.format === "json-actions";
async function workerInvocation(config, paths, self, global, configFile = null) {
  if (self === null)
    throw new LoopError(
      `agent.format = "json-actions" runs the harness's own worker, and this caller did not say how to start it`,
      EXIT.agentNotStarted,
      "agent_not_started"
    );
  const taskDir = join(paths.cwd, WORKER_SESSIONS_DIR, `session-${global}`);
  return {
    command: self.command,
    args: [...self.args, "worker", "session", "--task-dir", taskDir],
    env: {
      [WORKER_SETTINGS_ENV]: JSON.stringify({ llm: config.llm, worker: config.worker }),
      [WORKER_DENIED_ENV]: JSON.stringify(await loopWorkerDenied(paths, taskDir, configFile))
    }
  };
}
async function loopWorkerDenied(paths, taskDir, configFile) {
  const common = workerDenied(paths, configFile);
  const denied = [
    ...common.paths,
    ...await entriesBut(join(paths.cwd, ".harness"), "worker"),
    ...await entriesBut(join(paths.cwd, WORKER_SESSIONS_DIR), basename(taskDir)),
    join(paths.cwd, ".agent-harness-state")
  ];
  return { paths: [...new Set(denied)], prefixes: common.prefixes };
}
async function entriesBut(dir, keep) {
  const names = await readdir(dir).catch(() => []);
  return names.filter((name) => name !== keep).map((name) => join(dir, name));
}

const SPACE_CHECK_MS = 1e3;
async function buildPrompt(ctx, vars) {
  const { config, paths } = ctx;
  const prepended = [];
  for (const command of config.prompt.prepend_commands) {
    const out = await runShell(command, ctx.shellOptions(ctx.env(vars)));
    if (out.exitCode !== 0) ctx.log("warn", { prepend_command: command, exit_code: out.exitCode });
    if (out.stdoutTruncated) {
      ctx.log("warn", {
        prepend_command: command,
        output: "truncated",
        kept_bytes: Buffer.byteLength(out.stdout),
        produced_bytes: out.stdoutBytes
      });
    }
    prepended.push(out.stdout);
  }
  let file;
  try {
    file = ctx.work?.promptText ?? await readInputText(paths.promptFile, { what: "prompt file" });
  } catch (error) {
    if (error instanceof InputFileError) throw new LoopError(error.message, error.exitCode, "input_refused");
    throw new LoopError(
      `cannot read the prompt file ${paths.promptFile}: ${error.message}`,
      EXIT.failure
    );
  }
  const assembled = assemblePrompt(prepended, file);
  const prompt = ctx.work ? ctx.work.prompt(assembled) : assembled;
  if (isWorkerFormat(config)) return prompt;
  if (config.agent.prompt_via === "arg" && promptTooLongForArg(prompt)) {
    throw new LoopError(
      `the prompt is ${Buffer.byteLength(prompt)} bytes, longer than one command-line argument may be; set agent.prompt_via to "stdin" or "file"`,
      EXIT.agentNotStarted,
      "agent_not_started"
    );
  }
  if (config.agent.prompt_via === "arg" && prompt.includes("\0")) {
    throw new LoopError(
      `the prompt contains a NUL byte (at character ${prompt.indexOf("\0")}), which no command-line argument can carry; remove it from ${paths.promptFile} (or the prepend_commands output), or set agent.prompt_via to "stdin" or "file"`,
      EXIT.agentNotStarted,
      "agent_not_started"
    );
  }
  return prompt;
}
async function dispatchSession(ctx, vars) {
  const { config, paths, platform, status, position, stop } = ctx;
  const { clock } = platform;
  ctx.faults.throwIfFaulted();
  const prompt = await buildPrompt(ctx, vars);
  const { fd, number } = reserveTranscript(
    paths,
    position.next,
    (skipped) => ctx.log("warn", { transcript: "exists", skipped, reason: "never overwritten" })
  );
  const previous = { global: position.global, next: position.next };
  position.global = number;
  position.next = number + 1;
  const transcript = paths.transcript(number);
  try {
    await writeCounter(paths.counter, position.next);
  } catch (error) {
    closeSync(fd);
    await unlink(transcript).catch(() => void 0);
    Object.assign(position, previous);
    throw error;
  }
  const worker = isWorkerFormat(config) ? await workerInvocation(config, paths, ctx.self, number, ctx.configFile).catch(
    async (error) => {
      closeSync(fd);
      await unlink(transcript).catch(() => void 0);
      Object.assign(position, previous);
      throw error;
    }
  ) : null;
  let promptPath = null;
  if (worker === null && config.agent.prompt_via === "file") {
    const copy = paths.promptCopy(number);
    promptPath = copy;
    await namingFile(copy, () => writeFile(copy, prompt));
  }
  const invocation = worker === null ? placePrompt(config.agent.args, config.agent.prompt_via, prompt, promptPath) : { args: worker.args, stdinText: prompt };
  const env = ctx.isolation.env(
    ctx.env({ ...vars, HARNESS_GLOBAL_ITERATION: number, HARNESS_OUTPUT_FILE: transcript }),
    { ...ctx.work?.env, ...config.agent.env, ...worker?.env }
  );
  const command = worker?.command ?? config.agent.command;
  const launch = ctx.isolation.command(command, invocation.args, env);
  const gitBefore = await gitRefs(paths.cwd);
  await status.set({
    state: "session_running",
    iteration: position.iteration,
    global_iteration: number,
    output_file: transcript,
    output_bytes: 0,
    session_start: new Date(clock.now()).toISOString()
  });
  platform.logger.startGroup?.(
    `Session ${number} (iteration ${position.iteration + 1}/${config.session.max_iterations})`
  );
  const cgroup = sessionCgroup(ctx, number);
  const control = startSession(
    {
      command: launch.command,
      args: launch.args,
      env,
      cwd: paths.cwd,
      stdinText: invocation.stdinText,
      transcriptPath: transcript,
      limits: {
        staleTimeoutMs: config.watchdog.stale_timeout_mins * 6e4,
        warnIntervalMs: config.watchdog.check_interval_secs * 1e3,
        resultGraceMs: config.watchdog.result_grace_secs * 1e3
      },
      killGraceMs: config.watchdog.kill_grace_secs * 1e3,
      cookie: ctx.cookie,
      ...cgroup ? { cgroup } : {},
      hasFinalResult: (tail) => ctx.adapter.hasFinalResult(tail),
      ...ctx.adapter.backgroundWork ? { backgroundWork: ctx.adapter.backgroundWork } : {}
    },
    fd,
    { clock, spawn: platform.spawn, logger: platform.logger },
    {
      onSpawn: (pgid) => {
        status.post({ agent_pgid: pgid });
        ctx.reaper?.watch({ group: pgid, escaped: [] });
        ctx.log("info", { status: "session_running", pid: pgid, output: basename(transcript) });
      },
      onGrowth: (bytes) => status.postThrottled({ output_bytes: bytes }),
      onEscaped: (escaped) => {
        status.post({ agent_escaped: escaped });
        ctx.reaper?.watch({ escaped });
      },
      onStaleWarning: (staleMs) => ctx.log("warn", {
        watchdog: "stale",
        stale_secs: Math.round(staleMs / 1e3),
        limit: Math.round(config.watchdog.stale_timeout_mins * 60)
      }),
      onKill: (reason, ms) => {
        status.post({ state: "watchdog_kill" });
        if (reason === "watchdog")
          ctx.log("error", { watchdog: "killed", stale_mins: round(ms / 6e4, 2) });
        else ctx.log("warn", { watchdog: "result_grace", lingered_secs: round(ms / 1e3, 1) });
        ctx.post({
          event: "watchdog_kill",
          reason,
          iteration: position.iteration,
          global: number,
          after_ms: ms
        });
      },
      onLeftovers: (how, carriers, inCgroup) => ctx.log("warn", {
        session: "leftover_processes",
        ended_with: how === "kill" ? "SIGKILL" : "SIGTERM",
        ...carriers > 0 ? { by_cookie: carriers } : {},
        ...inCgroup > 0 ? { by_cgroup: inCgroup } : {}
      }),
      ...platform.logger.agentOutput ? { echo: platform.logger.agentOutput } : {}
    }
  );
  const unForce = stop.onForce((graceMs) => control.force(graceMs));
  const unFault = ctx.faults.onFault(() => control.force(config.watchdog.kill_grace_secs * 1e3));
  const stopPoll = pollStopSources(ctx, ctx.stopSources);
  const spaceWatch = watchTranscriptSpace(ctx, transcript);
  let result;
  try {
    result = await control.result;
  } finally {
    unForce();
    unFault();
    stopPoll.cancel();
    spaceWatch.cancel();
  }
  await ctx.isolation.afterSession();
  if (await noSpaceLeft(paths.outputDir)) ctx.faults.report(transcriptFull(transcript));
  ctx.faults.throwIfFaulted();
  ctx.reaper?.watch({ group: null, escaped: [] });
  await status.set({ agent_pgid: null, agent_escaped: null, output_bytes: result.outputBytes });
  ctx.onSession?.(result.endedAt - result.startedAt);
  platform.logger.endGroup?.();
  if (result.endReason === "spawn_error") {
    const size = await stat(transcript).then(
      (info) => info.size,
      () => null
    );
    if (result.outputBytes === 0 && size === 0) await unlink(transcript);
    if (promptPath !== null) await unlink(promptPath).catch(() => void 0);
    Object.assign(position, previous);
    throw new LoopError(
      `could not start the agent "${command}": ${result.spawnError}`,
      EXIT.agentNotStarted,
      "agent_not_started"
    );
  }
  const verdict = await classifyTranscript(ctx, transcript, { code: result.exitCode, signal: result.signal });
  const decision = classifyOutcome({
    endReason: result.endReason,
    outputBytes: result.outputBytes,
    minOutputBytes: config.watchdog.min_output_bytes,
    verdict,
    exitCode: result.exitCode
  });
  return {
    global: number,
    transcript,
    result,
    verdict,
    outcome: decision.outcome,
    decidedBy: decision.decided_by,
    failure: decision.failure,
    gitBefore
  };
}
async function classifyTranscript(ctx, transcript, exit) {
  const options = { patterns: ctx.ratePatterns, now_ms: ctx.platform.clock.now(), exit };
  let tail = await readTail(transcript, TAIL_BYTES);
  if (!tail.complete && !tail.text.trimEnd().includes("\n"))
    tail = await readTail(transcript, WIDE_TAIL_BYTES);
  return ctx.adapter.classify(tail.text, tail.complete, options);
}
async function findCommit(ctx, record) {
  const scan = await completeMetrics(ctx, record, ctx.commitPatterns);
  const before = record.gitBefore;
  const gitAfter = before === null ? null : await gitRefs(ctx.paths.cwd);
  const moves = before === null || gitAfter === null ? null : refMoves(before, gitAfter);
  const { committed, evidence } = commitEvidence(scan.matchedPattern !== null, moves);
  return {
    committed,
    evidence,
    pattern: scan.matchedPattern,
    patternText: scan.matchedText,
    headAfter: gitAfter?.head ?? null,
    branchesMoved: moves?.branches ?? []
  };
}
async function completeMetrics(ctx, record, patterns = []) {
  const scan = await scanTranscript(record.transcript, {
    patterns,
    agentText: ctx.adapter.agentText,
    toolCalls: ctx.adapter.toolCalls,
    turnShape: ctx.adapter.turnShape
  });
  if (record.verdict.metrics.tool_calls === null && scan.toolCalls !== null) {
    record.verdict.metrics.tool_calls = scan.toolCalls;
  }
  record.verdict.metrics = withTurnShape(record.verdict.metrics, scan.turns, ctx.adapter.reportsTurns);
  return scan;
}
function sessionCgroup(ctx, number) {
  try {
    return ctx.containment?.session(number) ?? null;
  } catch (error) {
    ctx.log("warn", {
      session: "cgroup",
      error: error.message,
      containment: "process group + cookie"
    });
    return null;
  }
}
function checkStop(ctx) {
  return askStopSources(ctx, ctx.stopSources);
}
function reserveTranscript(paths, first, onSkip) {
  for (let number = first; ; number++) {
    try {
      return { fd: openTranscript(paths.transcript(number)), number };
    } catch (error) {
      if (error.code !== "EEXIST")
        throw new HarnessFileError(paths.transcript(number), error, "cannot create");
      onSkip(number);
    }
  }
}
function watchTranscriptSpace(ctx, transcript) {
  const abort = new AbortController();
  (async () => {
    while (await ctx.platform.clock.sleep(SPACE_CHECK_MS, abort.signal)) {
      if (await noSpaceLeft(ctx.paths.outputDir)) return ctx.faults.report(transcriptFull(transcript));
    }
  })().catch(
    (error) => ctx.log("warn", { event: "free space check failed", path: ctx.paths.outputDir, error: String(error) })
  );
  return { cancel: () => abort.abort() };
}
function round(value, digits) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function sessionEvent(input) {
  const { result, verdict, outcome } = input.record;
  const { committed, ...commit } = input.extra;
  return {
    event: "session_complete",
    iteration: input.iteration,
    global: input.record.global,
    output_bytes: result.outputBytes,
    exit_code: result.reportedExitCode,
    duration_secs: round((result.endedAt - result.startedAt) / 1e3, 3),
    committed,
    retries: input.retries,
    rate_limited: outcome === "rate_limited",
    outcome,
    decided_by: input.record.decidedBy,
    failure_kind: input.record.failure?.kind ?? null,
    failure_reason: input.record.failure?.reason ?? null,
    failure_source: input.record.failure?.source ?? null,
    failure_detail: input.record.failure?.detail ?? null,
    model_output: verdict.model_output,
    end_reason: result.endReason,
    output_file: input.record.transcript,
    result_error: verdict.is_error,
    rate_limit_source: verdict.rate_limit?.source ?? null,
    rate_limit_resets_at: verdict.rate_limit?.resets_at_ms ? new Date(verdict.rate_limit.resets_at_ms).toISOString() : null,
    ...verdict.metrics,
    ...input.fields,
    ...commit
  };
}

const GROWTH_WRITE_MS = 2e3;
class StatusTracker {
  constructor(path, clock, initial, faults) {
    this.path = path;
    this.clock = clock;
    this.faults = faults;
    const now = isoSeconds(clock.now());
    this.doc = {
      pid: process.pid,
      state: "starting",
      iteration: 0,
      max_iterations: 0,
      global_iteration: 0,
      output_file: null,
      output_bytes: 0,
      session_start: null,
      last_update: now,
      last_completed_iteration: null,
      last_committed: null,
      consecutive_rate_limits: 0,
      consecutive_failures: 0,
      last_failure: null,
      started_at: now,
      productive: 0,
      agent_pgid: null,
      last_outcome: null,
      last_commit_evidence: null,
      backoff_until: null,
      stop_reason: null,
      ...initial
    };
  }
  path;
  clock;
  faults;
  doc;
  lastWrite = 0;
  chain = Promise.resolve();
  /**
   * Writes are serialised so an older document can never land after a newer one. `lastWord`: the loop's final
   * write, which may replace the file in place when the disk is full (writeStatus). The returned promise rejects
   * when this write fails (a HarnessFileError naming the file); the failure also goes to the fault latch.
   */
  set(change, options = {}) {
    this.doc = { ...this.doc, ...change, last_update: isoSeconds(this.clock.now()) };
    const snapshot = this.doc;
    this.lastWrite = this.clock.now();
    const write = this.chain.then(() => writeStatus(this.path, snapshot, options));
    this.chain = write.catch((error) => this.faults?.report(error));
    return write;
  }
  /** A write made in passing (from a callback): never rejects; a failure reaches the fault latch only. */
  post(change) {
    this.set(change).catch(() => void 0);
  }
  /** Growth updates (many per second): at most one write per GROWTH_WRITE_MS, made in passing. */
  postThrottled(change) {
    if (this.clock.now() - this.lastWrite < GROWTH_WRITE_MS) {
      this.doc = { ...this.doc, ...change };
      return;
    }
    this.post(change);
  }
}

function isStop(value) {
  return value !== null && "stop" in value;
}

function canStartSession(budget, nowMs, longestSessionMs) {
  return nowMs + Math.max(longestSessionMs, budget.estimateMs) <= budget.deadlineMs;
}

function summaryLine(summary) {
  return `Loop completed: ${summary.productive} productive iterations, ${summary.trailingRateLimits} trailing rate limits (global counter: ${summary.global})`;
}
async function runLoop(options) {
  const { config, platform, stop } = options;
  const paths = resolvePaths(config, options.cwd);
  const { recorded, next } = await resumeNumbering(paths, config.session.output_prefix);
  const position = { iteration: 0, next, global: next };
  const cookie = options.cookie ?? newCookie();
  const faults = new FaultLatch();
  const status = new StatusTracker(
    paths.status,
    platform.clock,
    {
      max_iterations: config.session.max_iterations,
      global_iteration: position.global,
      cookie,
      containment: options.containment?.containment.kind ?? "none",
      cgroup: options.containment?.path ?? null
    },
    faults
  );
  const ctx = createContext({ ...options, status, position, faults, cookie });
  const killGraceMs = config.watchdog.kill_grace_secs * 1e3;
  if (!options.previousRunRecovered)
    await recoverPreviousRun(paths.status, {
      clock: platform.clock,
      logger: platform.logger,
      emit: ctx.emit,
      killGraceMs
    });
  for (const dir of /* @__PURE__ */ new Set([dirname(paths.status), dirname(paths.counter), paths.outputDir]))
    await sweepStaleTemps(dir);
  if (position.next !== recorded) await writeCounter(paths.counter, position.next);
  const onStop = () => {
    if (stop.reason === "sigint" || stop.reason === "sigterm" || stop.reason === "sighup") {
      ctx.post({
        event: "stop_requested",
        reason: stop.reason,
        iteration: position.iteration,
        global: position.global
      });
    }
  };
  if (stop.signal.aborted) onStop();
  else stop.signal.addEventListener("abort", onStop, { once: true });
  const offForce = stop.onForce(() => {
    ctx.post({ event: "stop_forced", iteration: position.iteration, global: position.global });
  });
  const tally = { productive: 0, rateLimits: 0, preFailures: 0, failures: 0, failedTotal: 0 };
  const budgetTimer = new AbortController();
  let end = { reason: "completed", exitCode: EXIT.ok };
  try {
    await status.set({ state: "starting" });
    ctx.isolation = await prepareIsolation({
      config,
      paths,
      cookie,
      logger: platform.logger,
      clock: platform.clock,
      emit: ctx.emit
    });
    await ctx.emit({
      event: "loop_start",
      max_iterations: config.session.max_iterations,
      global: position.next,
      pid: process.pid,
      containment: options.containment?.containment.kind ?? "none",
      isolation: ctx.isolation.mode,
      ...ctx.isolation.fallback !== null ? { isolation_fallback: ctx.isolation.fallback } : {}
    });
    let longestSessionMs = 0;
    if (options.budget) {
      const { deadlineMs, graceMs } = options.budget;
      platform.clock.sleep(deadlineMs - platform.clock.now(), budgetTimer.signal).then(
        (elapsed) => {
          if (elapsed) stop.force({ reason: "time_budget", graceMs });
        },
        (error) => platform.logger.log("error", { event: "time budget timer failed", error: String(error) })
      );
    }
    ctx.onSession = (durationMs) => {
      longestSessionMs = Math.max(longestSessionMs, durationMs);
    };
    while (true) {
      if (await checkStop(ctx)) {
        const reason = stop.forcedBy ?? stop.reason ?? "stopped";
        end = { reason, exitCode: stop.forced && reason !== "time_budget" ? EXIT.forced : EXIT.ok };
        break;
      }
      if (position.iteration >= config.session.max_iterations) break;
      if (options.driver && ctx.work === null) {
        const work = await options.driver.begin();
        if (isStop(work)) {
          end = { reason: work.stop, exitCode: work.exitCode ?? EXIT.ok };
          break;
        }
        ctx.work = work;
      }
      if (options.budget && !canStartSession(options.budget, platform.clock.now(), longestSessionMs)) {
        ctx.log("info", { stop: "time_budget", longest_session_secs: Math.round(longestSessionMs / 1e3) });
        end = { reason: "time_budget", exitCode: EXIT.ok };
        break;
      }
      if (budgetSpent(ctx)) {
        end = { reason: "budget", exitCode: EXIT.budget };
        break;
      }
      const slot = await runSlot(ctx, tally);
      if (slot.kind === "stop") {
        end = {
          reason: slot.reason,
          exitCode: slot.exitCode,
          ...slot.error !== void 0 ? { error: slot.error } : {}
        };
        break;
      }
      if (slot.kind === "done") {
        position.iteration++;
        if (slot.productive) tally.productive++;
        if (options.driver) {
          const after = await options.driver.finish();
          ctx.work = null;
          if (after) {
            end = { reason: after.stop, exitCode: after.exitCode ?? EXIT.ok };
            break;
          }
        }
        if (stop.reason === null && position.iteration < config.session.max_iterations) {
          await status.set({ state: "idle", iteration: position.iteration, productive: tally.productive });
          await ctx.pause(config.backoff.initial_delay_secs * 1e3);
        }
      }
    }
  } catch (error) {
    end = failedEnd(ctx, error);
  }
  offForce();
  budgetTimer.abort();
  await options.driver?.close(end.reason);
  await ctx.isolation.close().catch((error) => {
    ctx.log("error", { isolation: "cleanup_failed", error: String(error) });
  });
  const leftovers = await endCarriers(cookie, stop.forced ? 0 : killGraceMs, platform.clock);
  if (leftovers > 0) ctx.log("warn", { loop: "leftover_processes", count: leftovers });
  stop.signal.removeEventListener("abort", onStop);
  const record = async (write) => {
    try {
      await write();
    } catch (error) {
      if (!(error instanceof HarnessFileError)) throw error;
      if (end.error === void 0) end = failedEnd(ctx, error);
    }
  };
  await record(
    () => status.set({ state: "shutting_down", iteration: position.iteration, productive: tally.productive })
  );
  await record(() => writeCounter(paths.counter, position.next));
  const summary = () => ({
    exitCode: end.exitCode,
    stopReason: end.reason,
    productive: tally.productive,
    iterations: position.iteration,
    trailingRateLimits: tally.rateLimits,
    failures: tally.failedTotal,
    global: position.next,
    ...end.error !== void 0 ? { error: end.error } : {}
  });
  await record(
    () => ctx.emit({
      event: "loop_end",
      reason: end.reason,
      exit_code: end.exitCode,
      productive: tally.productive,
      iterations: position.iteration,
      global: position.next,
      trailing_rate_limits: tally.rateLimits,
      failures: tally.failedTotal,
      ...end.error !== void 0 ? { error: end.error } : {}
    })
  );
  await record(
    () => status.set({ state: "stopped", stop_reason: end.reason, agent_pgid: null }, { lastWord: true })
  );
  const result = summary();
  if (tally.failedTotal > 0)
    ctx.log(end.reason === "agent_fatal" || end.reason === "failures_exhausted" ? "error" : "warn", {
      failed_sessions: tally.failedTotal,
      stop: end.reason
    });
  platform.logger.summary(summaryLine(result));
  return result;
}
function failedEnd(ctx, error) {
  const end = error instanceof HarnessFileError ? { reason: "write_failed", exitCode: EXIT.writeFailed, error: error.message } : error instanceof LoopError ? { reason: error.reason, exitCode: error.exitCode, error: error.message } : error instanceof InputFileError ? { reason: "input_refused", exitCode: error.exitCode, error: error.message } : null;
  if (end === null) throw error;
  ctx.log("error", { stop: end.reason, error: end.error });
  return end;
}
function budgetSpent(ctx) {
  const spent = spentBudget(ctx.config.session, ctx.spend);
  if (spent === null) return false;
  ctx.log("warn", {
    stop: "budget",
    budget: spent.key,
    limit: spent.limit,
    spent: spent.spent,
    sessions: ctx.spend.sessions,
    ...ctx.spend.unpriced_sessions > 0 ? { unpriced_sessions: ctx.spend.unpriced_sessions } : {}
  });
  return true;
}
async function runSlot(ctx, tally) {
  const { config, paths, status, position } = ctx;
  position.global = position.next;
  const vars = {
    HARNESS_ITERATION: position.iteration,
    HARNESS_GLOBAL_ITERATION: position.next,
    HARNESS_PROMPT_FILE: paths.promptFile
  };
  ctx.log("info", { status: "starting" });
  await status.set({ state: "pre_hooks", iteration: position.iteration, global_iteration: position.global });
  const preFailure = await runHooks(config.hooks.pre_session, ctx.shellOptions(ctx.env(vars)));
  if (ctx.stop.reason !== null) return { kind: "again" };
  if (preFailure) {
    tally.preFailures++;
    ctx.log("error", {
      hook: "pre_session",
      failed: preFailure.command,
      exit_code: preFailure.exitCode,
      timed_out: preFailure.timedOut,
      consecutive: tally.preFailures,
      stderr: preFailure.stderrTail.slice(-300) || null
    });
    await ctx.emit({
      event: "hook_failed",
      phase: "pre_session",
      iteration: position.iteration,
      ...preFailure,
      consecutive: tally.preFailures
    });
    if (tally.preFailures >= config.hooks.max_consecutive_pre_failures) {
      ctx.log("error", { stop: "pre_hook_failures", limit: config.hooks.max_consecutive_pre_failures });
      return { kind: "stop", reason: "pre_hook_failures", exitCode: EXIT.preHooks };
    }
    await status.set({ state: "idle" });
    await ctx.pause(config.backoff.initial_delay_secs * 1e3);
    return { kind: "again" };
  }
  tally.preFailures = 0;
  for (let retries = 0; ; retries++) {
    const record = await dispatchSession(ctx, vars);
    ctx.spend = addSpend(ctx.spend, spendOf(record.verdict.metrics));
    const event = (extra) => sessionEvent({
      iteration: position.iteration,
      record,
      retries,
      fields: ctx.work?.eventFields ?? {},
      extra
    });
    if (record.outcome === "empty") await completeMetrics(ctx, record);
    if (record.outcome === "cancelled") {
      ctx.log("warn", { status: "cancelled", output_bytes: record.result.outputBytes });
      await ctx.emit(event({ committed: false }));
      const reason = ctx.stop.forcedBy ?? "forced";
      return { kind: "stop", reason, exitCode: reason === "time_budget" ? EXIT.ok : EXIT.forced };
    }
    if (record.outcome === "empty") {
      await ctx.emit(event({ committed: false }));
      await endFailureStreak(ctx, tally);
      if (retries >= config.retry.max_empty_retries) {
        ctx.log("error", { status: "skipped", reason: "empty", retries });
        await ctx.emit({
          event: "iteration_skipped",
          iteration: position.iteration,
          global: position.global,
          reason: "empty",
          retries
        });
        return { kind: "done", productive: false };
      }
      ctx.log("warn", {
        retry: `${retries + 1}/${config.retry.max_empty_retries}`,
        output_bytes: record.result.outputBytes
      });
      await ctx.emit({
        event: "empty_retry",
        iteration: position.iteration,
        global: position.global,
        retry: retries + 1,
        output_bytes: record.result.outputBytes
      });
      await status.set({ state: "retrying" });
      await ctx.pause(config.retry.retry_delay_secs * 1e3);
      if (await checkStop(ctx)) return { kind: "again" };
      continue;
    }
    const commit = await findCommit(ctx, record);
    await runPostHooks(ctx, record, commit, vars);
    await ctx.emit(
      event({
        committed: commit.committed,
        commit_evidence: commit.evidence,
        commit_pattern: commit.pattern,
        commit_text: commit.patternText,
        commit_branches: commit.branchesMoved,
        head_before: record.gitBefore?.head ?? null,
        head_after: commit.headAfter
      })
    );
    await status.set({
      last_completed_iteration: record.global,
      last_committed: commit.committed,
      last_commit_evidence: describeCommitEvidence({
        evidence: commit.evidence,
        committed: commit.committed,
        pattern: commit.pattern,
        branches: commit.branchesMoved
      }),
      last_outcome: record.outcome
    });
    if (record.outcome === "failed") return onFailure(ctx, record, tally);
    await endFailureStreak(ctx, tally);
    if (record.outcome === "rate_limited") return onRateLimit(ctx, record, tally);
    ctx.log("info", {
      status: "completed",
      output_bytes: record.result.outputBytes,
      exit_code: record.result.reportedExitCode,
      committed: commit.committed
    });
    tally.rateLimits = 0;
    await status.set({ consecutive_rate_limits: 0 });
    return { kind: "done", productive: true };
  }
}
async function runPostHooks(ctx, record, commit, vars) {
  const { config, status, position } = ctx;
  await status.set({ state: "post_hooks" });
  const { result } = record;
  const failure = await runHooks(
    config.hooks.post_session,
    ctx.shellOptions(
      ctx.env({
        ...vars,
        HARNESS_GLOBAL_ITERATION: record.global,
        HARNESS_OUTPUT_FILE: record.transcript,
        HARNESS_EXIT_CODE: result.reportedExitCode,
        HARNESS_OUTPUT_BYTES: result.outputBytes,
        HARNESS_SESSION_DURATION: Math.round((result.endedAt - result.startedAt) / 1e3),
        HARNESS_COMMITTED: commit.committed,
        HARNESS_OUTCOME: record.outcome,
        HARNESS_COMMIT_EVIDENCE: commit.evidence ?? "none"
      })
    )
  );
  if (failure && !failure.interrupted) {
    ctx.log("error", {
      hook: "post_session",
      failed: failure.command,
      exit_code: failure.exitCode,
      timed_out: failure.timedOut
    });
    await ctx.emit({
      event: "hook_failed",
      phase: "post_session",
      iteration: position.iteration,
      global: record.global,
      ...failure
    });
  }
}
async function onRateLimit(ctx, record, tally) {
  const { config, platform, status, position } = ctx;
  tally.rateLimits++;
  await status.set({ consecutive_rate_limits: tally.rateLimits });
  const info = record.verdict.rate_limit;
  const base = {
    event: "rate_limited",
    iteration: position.iteration,
    global: record.global,
    consecutive: tally.rateLimits,
    source: info?.source ?? null
  };
  if (tally.rateLimits >= config.backoff.max_consecutive_rate_limits) {
    ctx.log("error", { rate_limited: true, consecutive: tally.rateLimits, stop: "rate_limits_exhausted" });
    await ctx.emit({ ...base, wait_ms: 0 });
    return { kind: "stop", reason: "rate_limits_exhausted", exitCode: EXIT.rateLimited };
  }
  const wait = rateLimitWait({
    consecutive: tally.rateLimits,
    initialSecs: config.backoff.initial_delay_secs,
    maxDelaySecs: config.backoff.max_delay_secs,
    maxWaitSecs: config.rate_limit.max_wait_secs,
    resetsAtMs: info?.resets_at_ms ?? null,
    nowMs: platform.clock.now()
  });
  ctx.log("warn", {
    rate_limited: true,
    consecutive: tally.rateLimits,
    source: info?.source ?? null,
    wait_secs: round(wait.delayMs / 1e3, 1),
    basis: wait.basis
  });
  await ctx.emit({
    ...base,
    resets_at: info?.resets_at_ms ? new Date(info.resets_at_ms).toISOString() : null,
    wait_ms: wait.delayMs,
    basis: wait.basis
  });
  await status.set({
    state: "rate_limited_backoff",
    backoff_until: new Date(platform.clock.now() + wait.delayMs).toISOString()
  });
  await ctx.pause(wait.delayMs);
  await status.set({ backoff_until: null });
  return { kind: "again" };
}
async function endFailureStreak(ctx, tally) {
  if (tally.failures === 0) return;
  tally.failures = 0;
  await ctx.status.set({ consecutive_failures: 0, last_failure: null });
}
async function onFailure(ctx, record, tally) {
  const { config, platform, status, position } = ctx;
  const failure = record.failure ?? {
    kind: "error",
    reason: "error_result",
    source: "result",
    detail: record.verdict.result_text ?? ""
  };
  tally.failures++;
  tally.failedTotal++;
  const described = `${failure.kind}/${failure.reason}: ${failure.detail}`.slice(0, 500);
  await status.set({ consecutive_failures: tally.failures, last_failure: described });
  const base = {
    event: "session_failed",
    iteration: position.iteration,
    global: record.global,
    consecutive: tally.failures,
    kind: failure.kind,
    reason: failure.reason,
    source: failure.source,
    detail: failure.detail
  };
  if (failure.kind === "fatal") {
    const fix = fatalAdvice(failure.reason);
    const message = `the agent failed fatally (${failure.reason}): ${fix}${failure.detail ? ` \u2014 ${failure.detail}` : ""}`;
    ctx.log("error", {
      failed: failure.reason,
      kind: "fatal",
      stop: "agent_fatal",
      fix,
      detail: failure.detail.slice(0, 300) || null
    });
    await ctx.emit({ ...base, wait_ms: 0, fix });
    return { kind: "stop", reason: "agent_fatal", exitCode: EXIT.agentFatal, error: message };
  }
  if (tally.failures >= config.retry.max_consecutive_failures) {
    ctx.log("error", {
      failed: failure.reason,
      kind: failure.kind,
      consecutive: tally.failures,
      stop: "failures_exhausted"
    });
    await ctx.emit({ ...base, wait_ms: 0 });
    return {
      kind: "stop",
      reason: "failures_exhausted",
      exitCode: EXIT.failuresExhausted,
      error: `${tally.failures} failed sessions in a row (retry.max_consecutive_failures); the last: ${failure.kind}/${failure.reason}${failure.detail ? ` \u2014 ${failure.detail}` : ""}`
    };
  }
  const delayMs = backoffMs(tally.failures, config.backoff.initial_delay_secs, config.backoff.max_delay_secs);
  ctx.log("warn", {
    failed: failure.reason,
    kind: failure.kind,
    consecutive: tally.failures,
    wait_secs: round(delayMs / 1e3, 1),
    detail: failure.detail.slice(0, 300) || null
  });
  await ctx.emit({ ...base, wait_ms: delayMs });
  await status.set({
    state: "failure_backoff",
    backoff_until: new Date(platform.clock.now() + delayMs).toISOString()
  });
  await ctx.pause(delayMs);
  await status.set({ backoff_until: null });
  return { kind: "again" };
}

const run = promisify(execFile);
async function systemctl(...args) {
  try {
    return (await run("systemctl", ["--user", ...args], { timeout: 1e4 })).stdout;
  } catch {
    return "";
  }
}
async function harnessScopes() {
  const out = await systemctl(
    "list-units",
    "--all",
    "--plain",
    "--no-legend",
    "--full",
    `agent-harness-run-*`
  );
  return out.split("\n").map((line) => line.trim().split(/\s+/)[0] ?? "").filter((unit) => parseScopeUnit(unit) !== null);
}
async function endScope(unit, mount, graceMs, clock) {
  const path = (await systemctl("show", "--property=ControlGroup", "--value", unit)).trim();
  const dir = mount !== null && path !== "" ? cgroupDir(mount, path) : null;
  let result = { count: 0, how: "gone" };
  if (dir !== null) result = await endCgroup(dir, graceMs, clock);
  else if (path !== "") {
    await systemctl("kill", "--signal=SIGKILL", unit);
    result = { count: 0, how: "kill" };
  }
  await systemctl("stop", unit);
  return result;
}
async function openScopes(owner, mount, options) {
  const swept = [];
  const units = await harnessScopes();
  const byRun = /* @__PURE__ */ new Map();
  for (const unit of units) {
    const of = runName(parseScopeUnit(unit));
    byRun.set(of, [...byRun.get(of) ?? [], unit]);
  }
  const stillRunning = (pid, start) => processStart(pid) === start;
  for (const orphan of orphanRuns([...byRun.keys()], owner.pidns, stillRunning)) {
    for (const unit of byRun.get(orphan.name) ?? []) {
      const { count } = await endScope(unit, mount, options.graceMs, options.clock);
      swept.push({ where: unit, previousPid: orphan.owner.pid, count });
    }
  }
  const made = /* @__PURE__ */ new Set();
  const containment = { kind: "systemd-scope" };
  return {
    swept,
    run: {
      containment,
      path: null,
      session(global) {
        const unit = scopeUnit(owner, global);
        made.add(unit);
        return scopeSession(unit, mount, () => made.delete(unit));
      },
      async close(clock) {
        let count = 0;
        for (const unit of made) count += (await endScope(unit, mount, 0, clock)).count;
        return count;
      }
    }
  };
}
function scopeSession(unit, mount, removed) {
  return {
    where: unit,
    placementError: null,
    wrap: (command, args) => inScope(unit, command, args),
    spawnInside: (spawn) => spawn(),
    end: (graceMs, clock) => endScope(unit, mount, graceMs, clock),
    remove: async () => {
      await systemctl("stop", unit);
      removed();
      return true;
    }
  };
}

function runOwner(cookie) {
  return { pidns: pidNamespace(), pid: process.pid, start: processStart(process.pid) ?? "0", cookie };
}
const stillRunning = (pid, start) => processStart(pid) === start;
async function openContainment(options) {
  const facts = readFacts(options.env);
  const containment = chooseContainment(facts);
  const owner = runOwner(options.cookie);
  if (containment.kind === "systemd-scope") return openScopes(owner, facts.mount, options);
  if (containment.kind === "none") return { run: uncontained(containment), swept: [] };
  const base = join(containment.parent, BASE_NAME);
  const swept = [];
  for (const orphan of orphanRuns(subdirectories(base), owner.pidns, stillRunning)) {
    const dir2 = join(base, orphan.name);
    const { count } = await endCgroup(dir2, options.graceMs, options.clock);
    removeCgroup(dir2);
    swept.push({ where: dir2, previousPid: orphan.owner.pid, count });
  }
  const home = facts.own.dir;
  const dir = join(base, runName(owner));
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const reason = `cannot make the cgroup ${dir}: ${error.message}`;
    return { run: uncontained({ kind: "none", reason }), swept };
  }
  return { run: new CgroupRun(containment, dir, home, options.cookie), swept };
}
function uncontained(containment) {
  return { containment, path: null, session: () => null, close: () => Promise.resolve(0) };
}
class CgroupRun {
  constructor(containment, path, home, cookie) {
    this.containment = containment;
    this.path = path;
    this.home = home;
    this.cookie = cookie;
  }
  containment;
  path;
  home;
  cookie;
  session(global) {
    const dir = join(this.path, sessionName(this.cookie, global));
    mkdirSync(dir, { recursive: true });
    return new CgroupSession(dir, this.home);
  }
  async close(clock) {
    returnHome(this.home);
    const { count } = await endCgroup(this.path, 0, clock);
    removeCgroup(this.path);
    return count;
  }
}
function returnHome(home) {
  try {
    moveInto(home, process.pid);
    return true;
  } catch {
    return false;
  }
}
class CgroupSession {
  constructor(where, home) {
    this.where = where;
    this.home = home;
  }
  where;
  home;
  placementError = null;
  wrap(command, args) {
    return { command, args: [...args] };
  }
  spawnInside(spawn) {
    try {
      moveInto(this.where, process.pid);
    } catch (error) {
      this.placementError = `cannot move into ${this.where}: ${error.message}`;
      return spawn();
    }
    try {
      return spawn();
    } finally {
      if (!returnHome(this.home))
        this.placementError = `cannot move the harness back into ${this.home} after the spawn`;
    }
  }
  async end(graceMs, clock) {
    returnHome(this.home);
    return endCgroup(this.where, graceMs, clock);
  }
  remove() {
    return Promise.resolve(!isPopulated(this.where) && removeCgroup(this.where));
  }
}

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

const HARNESS_IDENTITY = { name: "agent-harness", email: "agent-harness@localhost" };
function checkRevision$1(rev) {
  if (rev === "" || rev.startsWith("-")) throw new Error(`not a valid revision: ${JSON.stringify(rev)}`);
}
async function headCommit(cwd) {
  const args = ["rev-parse", "--verify", "-q", "HEAD"];
  const result = await runGit(cwd, args);
  if (result.code === 0) return result.stdout.trim() || null;
  if (result.code === 1 && result.stderr.trim() === "") return null;
  throw gitFailure(cwd, args, result);
}
async function commitExists(cwd, hash) {
  if (hash.trim() === "" || hash.startsWith("-")) return false;
  const args = ["cat-file", "-t", hash];
  const result = await runGit(cwd, args);
  if (result.code === 0) return result.stdout.trim() === "commit";
  if (/not a git repository/i.test(result.stderr)) throw gitFailure(cwd, args, result);
  return false;
}
const NO_HARNESS_FILES = { pathspecs: [], excludes: [], ignorePatterns: [] };
const userFiles = (harness) => [":/", ...harness.excludes];
async function repoPrefix(cwd) {
  return (await git(cwd, ["rev-parse", "--show-prefix"])).trim();
}
async function hasUncommittedChanges(cwd, harness = NO_HARNESS_FILES) {
  const out = await git(cwd, ["status", "--porcelain", "--untracked-files=all", "--", ...userFiles(harness)]);
  return out.trim() !== "";
}
const FIELD = "";
const RECORD = "";
async function logSince(cwd, base) {
  checkRevision$1(base);
  const out = await git(cwd, ["log", `--format=%H${FIELD}%s${FIELD}%B${RECORD}`, `${base}..HEAD`, "--"]);
  return out.split(RECORD).map((record) => record.replace(/^\n+/, "")).filter((record) => record !== "").map((record) => {
    const [hash = "", subject = "", message = ""] = record.split(FIELD);
    return { hash, subject, message };
  });
}
function mentionsTask(message, taskId) {
  const escaped = taskId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(message);
}
async function taskCommitsSince(cwd, base, taskId) {
  return (await logSince(cwd, base)).filter((commit) => mentionsTask(commit.message, taskId)).map(({ hash, subject }) => ({ hash, subject }));
}
async function changedFilesSince(cwd, base, harness = NO_HARNESS_FILES) {
  checkRevision$1(base);
  const out = await git(cwd, ["diff", "--name-only", base, "--", ...userFiles(harness)]);
  return out.split("\n").filter((line) => line !== "");
}
async function unstage(cwd, pathspecs) {
  const from = pathspecs[0]?.startsWith("--pathspec-from-file=") ? [...pathspecs] : ["--", ...pathspecs];
  if (await headCommit(cwd) !== null) await git(cwd, ["reset", "-q", "HEAD", ...from]);
  else await git(cwd, ["rm", "-r", "-q", "--cached", "--ignore-unmatch", ...from]);
}
async function gitDirPath(cwd, name) {
  const where = (await git(cwd, ["rev-parse", "--git-path", name])).trim();
  return isAbsolute(where) ? where : join(cwd, where);
}
let pathspecFiles = 0;
async function withPathspecFile(cwd, pathspecs, use) {
  const file = await gitDirPath(cwd, `agent-harness/pathspecs-${process.pid}-${pathspecFiles++}.tmp`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, pathspecs.map((p) => `${p}\0`).join(""));
  try {
    return await use([`--pathspec-from-file=${file}`, "--pathspec-file-nul"]);
  } finally {
    await unlink(file).catch(() => void 0);
  }
}
async function configValue(cwd, key) {
  const result = await runGit(cwd, ["config", "--get", key]);
  return result.code === 0 ? result.stdout.trim() : "";
}
async function commitAll(cwd, message, harness = NO_HARNESS_FILES, leaveOut = []) {
  await git(cwd, ["add", "-A", "--", ":/"]);
  if (harness.pathspecs.length > 0) await unstage(cwd, harness.pathspecs);
  if (leaveOut.length > 0) await withPathspecFile(cwd, leaveOut, (file) => unstage(cwd, file));
  const staged = await runGit(cwd, ["diff", "--cached", "--quiet"]);
  if (staged.code === 0) return null;
  if (staged.code !== 1) throw gitFailure(cwd, ["diff", "--cached", "--quiet"], staged);
  const identity = [];
  if (await configValue(cwd, "user.email") === "") {
    identity.push("-c", `user.name=${HARNESS_IDENTITY.name}`, "-c", `user.email=${HARNESS_IDENTITY.email}`);
  } else if (await configValue(cwd, "user.name") === "") {
    identity.push("-c", `user.name=${HARNESS_IDENTITY.name}`);
  }
  await git(cwd, [...identity, "commit", "-q", "-m", message]);
  return headCommit(cwd);
}
async function stashList(cwd) {
  const out = await git(cwd, ["stash", "list"]);
  return out.split("\n").filter((line) => line !== "");
}
const BLOCK_START = "# >>> agent-harness: its own files (written by the harness; do not edit) >>>";
const BLOCK_END = "# <<< agent-harness <<<";
async function excludeLocally(cwd, patterns) {
  const where = (await git(cwd, ["rev-parse", "--git-path", "info/exclude"])).trim();
  const path = isAbsolute(where) ? where : join(cwd, where);
  let current = "";
  try {
    current = await readInputText(path, { what: "git exclude file" });
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
  const start = current.indexOf(BLOCK_START);
  const end = current.indexOf(BLOCK_END, start);
  const outside = start >= 0 && end >= 0 ? current.slice(0, start) + current.slice(end + BLOCK_END.length).replace(/^\n/, "") : current;
  const block = patterns.length === 0 ? "" : [BLOCK_START, ...patterns, BLOCK_END].join("\n") + "\n";
  const next = block === "" ? outside : `${outside}${outside === "" || outside.endsWith("\n") ? "" : "\n"}${block}`;
  if (next === current) return false;
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, next);
  return true;
}
async function currentBranch(cwd) {
  const result = await runGit(cwd, ["symbolic-ref", "-q", "--short", "HEAD"]);
  if (result.code === 0) return result.stdout.trim() || null;
  if (result.code === 1) return null;
  throw gitFailure(cwd, ["symbolic-ref", "-q", "--short", "HEAD"], result);
}
async function returnToBranch(cwd, branch, base) {
  const now = await currentBranch(cwd);
  if (now === branch) return null;
  const ref = `refs/heads/${branch}`;
  if (branch.startsWith("-") || (await runGit(cwd, ["check-ref-format", ref])).code !== 0) {
    throw new Error(`not a valid branch name: ${JSON.stringify(branch)}`);
  }
  const where = now === null ? `detached at ${(await headCommit(cwd) ?? "nothing").slice(0, 7)}` : `on ${now}`;
  let recreated = "";
  if ((await runGit(cwd, ["rev-parse", "--verify", "-q", ref])).code !== 0) {
    if (base === null) throw new Error(`branch ${branch} no longer exists and no base commit is recorded`);
    checkRevision$1(base);
    await git(cwd, ["update-ref", ref, base]);
    recreated = ` (it had been deleted; made again at ${base.slice(0, 7)})`;
  }
  await git(cwd, ["symbolic-ref", "HEAD", ref]);
  await git(cwd, ["reset", "-q"]);
  return `agent left branch ${branch} (HEAD was ${where}); back on ${branch}${recreated}, working tree kept`;
}

const split$1 = (out) => out.split("\0").filter((line) => line !== "");
async function listUntracked(cwd, harness, flags = []) {
  const args = ["ls-files", "-z", "--others", "--exclude-standard", "--full-name", ...flags];
  return split$1(await git(cwd, [...args, "--", ":/", ...harness.excludes]));
}
async function snapshotTree(cwd, harness) {
  return {
    untracked: await listUntracked(cwd, harness),
    untrackedDirs: await listUntracked(cwd, harness, ["--directory"]),
    ignored: await listUntracked(cwd, harness, ["--ignored", "--directory"])
  };
}
const covers = (entry, path) => entry === path || entry.endsWith("/") && (path.startsWith(entry) || `${path}/` === entry);
function existedBefore(snapshot) {
  const exact = /* @__PURE__ */ new Set([...snapshot.untracked, ...snapshot.ignored]);
  const dirs = [...snapshot.untracked, ...snapshot.ignored].filter((e) => e.endsWith("/"));
  return (path) => exact.has(path) || dirs.some((d) => covers(d, path));
}
function dirsBefore(snapshot) {
  const dirs = /* @__PURE__ */ new Set();
  for (const entry of [...snapshot.untracked, ...snapshot.untrackedDirs, ...snapshot.ignored]) {
    const parts = entry.split("/");
    for (let i = 1; i < parts.length; i++) dirs.add(`${parts.slice(0, i).join("/")}/`);
  }
  return dirs;
}
function placeOf(cwd, prefix) {
  const depth = prefix.split("/").filter(Boolean).length;
  return { cwd, prefix, top: depth === 0 ? cwd : resolve(cwd, ...Array(depth).fill("..")) };
}
function inRepo(place, path) {
  const rel = relative(place.cwd, resolve(place.cwd, path));
  if (isAbsolute(rel)) return null;
  const joined = join(place.prefix, rel).split(sep).join("/");
  return joined === "" || joined === "." || joined.startsWith("../") || joined === ".." ? null : joined;
}
function protectedPaths(place, files) {
  const paths = [
    files.configFile ?? null,
    files.promptFile ?? null,
    ...(files.configNames ?? []).map((name) => join(place.cwd, name)),
    join(place.cwd, "harness-init.sh")
  ].filter((p) => p !== null).map((p) => inRepo(place, p)).filter((p) => p !== null);
  const dirs = [join(place.cwd, ".harness"), join(place.top, ".harness")].map((p) => inRepo(place, p)).filter((p) => p !== null).map((p) => `${p}/`);
  return [.../* @__PURE__ */ new Set([...paths, ...dirs])];
}
const literalSpecs = (paths, magic = "top,literal") => paths.map((p) => `:(${magic})${p.replace(/\/$/, "")}`);
const claimFile = (cwd, task) => gitDirPath(cwd, `agent-harness/claims/${task}.json`);
async function writeClaim(cwd, record) {
  const path = await claimFile(cwd, record.task);
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, `${JSON.stringify(record)}
`, { durable: true });
}
const isStrings = (v) => Array.isArray(v) && v.every((s) => typeof s === "string");
async function readClaim(cwd, task) {
  try {
    const text = await readInputText(await claimFile(cwd, task), {
      what: "claim record",
      maxBytes: 64 << 20
    });
    const record = JSON.parse(text);
    const { tree } = record;
    if (record.version !== 1 || record.task !== task || !tree) return null;
    if (!isStrings(tree.untracked) || !isStrings(tree.untrackedDirs) || !isStrings(tree.ignored)) return null;
    return record;
  } catch {
    return null;
  }
}
async function removeClaim(cwd, task) {
  await unlink(await claimFile(cwd, task)).catch((error) => {
    if (error.code !== "ENOENT") throw error;
  });
}
async function claimedTasks(cwd) {
  try {
    const dir = dirname(await claimFile(cwd, "x"));
    return (await readdir(dir)).filter((n) => /^task-\d+\.json$/.test(n)).map((n) => n.slice(0, -5));
  } catch {
    return [];
  }
}
function someNames(paths, max = 5) {
  const shown = paths.slice(0, max).join(", ");
  return paths.length > max ? `${shown} (+${paths.length - max} more)` : shown;
}

const oneLine = (text) => text.replace(/\r\n|[\r\n\u2028\u2029]/g, " ");
function formatProgressLine(entry) {
  const parts = [`[${entry.ts.replace(/\.\d+Z$/, "Z")}]`, `[SESSION-${entry.session}]`, entry.type];
  if (entry.taskId !== void 0 && entry.taskId !== "") parts.push(`[${entry.taskId}]`);
  if (entry.category !== void 0) parts.push(`[${entry.category}]`);
  if (entry.message !== "") parts.push(entry.message);
  return oneLine(parts.join(" "));
}
class ProgressLog {
  constructor(path, now = Date.now) {
    this.path = path;
    this.now = now;
  }
  path;
  now;
  /** Appends one line; `ts` defaults to now. */
  async append(entry) {
    const line = formatProgressLine({ ...entry, ts: entry.ts ?? isoSeconds(this.now()) });
    await namingFile(this.path, () => appendFile(this.path, `${line}
`, { flag: APPEND_FLAGS }));
  }
  /** The last `n` lines (without newlines), oldest first; [] when the log does not exist. */
  async tail(n, blockSize = 64 * 1024) {
    if (n <= 0) return [];
    let handle;
    try {
      handle = await openInputFile(this.path, { what: "progress log", maxBytes: Infinity });
    } catch (error) {
      if (error.code === "ENOENT") return [];
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const blocks = [];
      let position = size;
      let newlines = 0;
      while (position > 0 && newlines <= n) {
        const length = Math.min(blockSize, position);
        position -= length;
        const block = Buffer.alloc(length);
        let read = 0;
        while (read < length) {
          const { bytesRead } = await handle.read(block, read, length - read, position + read);
          if (bytesRead === 0) break;
          read += bytesRead;
        }
        blocks.unshift(block.subarray(0, read));
        for (let i = 0; i < read; i++) if (block[i] === 10) newlines++;
      }
      const lines = Buffer.concat(blocks).toString("utf8").split("\n");
      if (lines.at(-1) === "") lines.pop();
      if (position > 0) lines.shift();
      return lines.slice(-n).map((line) => line.replace(/\r$/, ""));
    } finally {
      await handle.close();
    }
  }
}
const shortHash = (hash) => hash.trim().slice(0, 7);
const quoted = (text) => JSON.stringify(oneLine(text));
function startingMessage(task, base) {
  return `${task.title} (base=${shortHash(base)})`;
}
function completedMessage(hash) {
  return `(commit ${shortHash(hash)})`;
}
function checkpointMessage(step, total, description) {
  return `step=${step}/${total} ${quoted(description)}`;
}
function lockAcquired(pid) {
  return `acquired (pid=${pid})`;
}
function lockReleased() {
  return "released";
}

function checkRevision(rev) {
  if (rev === "" || rev.startsWith("-")) throw new Error(`not a valid revision: ${JSON.stringify(rev)}`);
}
async function rollback(cwd, base, harness = NO_HARNESS_FILES, options = {}) {
  checkRevision(base);
  const protect = options.protect ?? [];
  const restore = [
    "restore",
    "-q",
    `--source=${base}`,
    "--staged",
    "--worktree",
    "--",
    ...userFiles(harness),
    ...literalSpecs(protect, "top,exclude,literal")
  ];
  const restored = await runGit(cwd, restore);
  if (restored.code !== 0 && !/did not match any file/.test(restored.stderr)) {
    throw gitFailure(cwd, restore, restored);
  }
  if (protect.length > 0) {
    const stripped = protect.map((p) => p.replace(/\/$/, ""));
    const inBase = (await git(cwd, ["ls-tree", "-r", "-z", "--name-only", "--full-tree", base, "--", ...stripped])).split("\0").filter((p) => p !== "");
    if (inBase.length > 0) {
      await withPathspecFile(
        cwd,
        literalSpecs(inBase),
        (file) => git(cwd, ["restore", "-q", `--source=${base}`, "--staged", "--worktree", ...file])
      );
    }
  }
  await git(cwd, ["reset", "-q", "--soft", base]);
  const indexToBase = [...harness.pathspecs, ...literalSpecs(protect)];
  if (indexToBase.length > 0) await git(cwd, ["reset", "-q", base, "--", ...indexToBase]);
  if (options.clean !== false) {
    await git(cwd, ["clean", "-fdq", ...harness.ignorePatterns.flatMap((p) => ["-e", p])]);
  }
}

const split = (out) => out.split("\0").filter((line) => line !== "");
const identity = ["-c", `user.name=${HARNESS_IDENTITY.name}`, "-c", `user.email=${HARNESS_IDENTITY.email}`];
async function firstFreeRef(cwd, task) {
  for (let n = 1; ; n++) {
    const ref = `refs/agent-harness/stash/${task}${n === 1 ? "" : `-${n}`}`;
    if ((await runGit(cwd, ["rev-parse", "--verify", "-q", ref])).code !== 0) return ref;
  }
}
async function keepAside(cwd, task, harness, protect) {
  const base = await headCommit(cwd);
  if (base === null) return null;
  const tmp = await gitDirPath(cwd, `agent-harness/index-${task}.tmp`);
  await mkdir(dirname(tmp), { recursive: true });
  try {
    const real = await gitDirPath(cwd, "index");
    await copyFile(real, tmp);
    const { atime, mtime } = await stat(real);
    await utimes(tmp, atime, mtime);
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  const env = { ...process.env, GIT_INDEX_FILE: tmp };
  const run = async (args) => {
    const result = await runGit(cwd, args, void 0, env);
    if (result.code !== 0) throw gitFailure(cwd, args, result);
    return result.stdout.trim();
  };
  let index;
  let tree;
  try {
    if (harness.pathspecs.length > 0) await run(["reset", "-q", base, "--", ...harness.pathspecs]);
    index = await run(["write-tree"]);
    await run(["add", "-u", "--", ":/"]);
    if (harness.pathspecs.length > 0) await run(["reset", "-q", base, "--", ...harness.pathspecs]);
    tree = await run(["write-tree"]);
  } finally {
    await unlink(tmp).catch(() => void 0);
  }
  const names = async (t) => split(await git(cwd, ["diff-tree", "-r", "-z", "--name-only", base, t]));
  const paths = [.../* @__PURE__ */ new Set([...await names(index), ...await names(tree)])].sort();
  if (paths.length === 0) return null;
  const commitTree = async (t, parents, message) => (await git(cwd, [
    ...identity,
    "commit-tree",
    "--no-gpg-sign",
    ...parents.flatMap((p) => ["-p", p]),
    "-m",
    message,
    t
  ])).trim();
  const indexCommit = await commitTree(index, [base], `index on ${task}: kept aside by agent-harness`);
  const commit = await commitTree(
    tree,
    [base, indexCommit],
    `WIP before ${task}: tracked changes kept aside by agent-harness`
  );
  const ref = await firstFreeRef(cwd, task);
  await git(cwd, ["update-ref", "-m", `agent-harness: tracked changes before ${task}`, ref, commit]);
  const cleared = paths.filter((p) => !protect.some((entry) => covers(entry, p)));
  return { ref, commit, index: indexCommit, base, paths, cleared };
}
async function clearKeptAside(cwd, stash) {
  if (stash.cleared.length === 0) return;
  await withPathspecFile(
    cwd,
    literalSpecs(stash.cleared),
    (file) => git(cwd, ["restore", `--source=${stash.base}`, "--staged", "--worktree", ...file])
  );
}
async function giveBack(cwd, stash, options) {
  const specs = literalSpecs(stash.paths);
  const differs = async (rev) => new Set(split(await git(cwd, ["diff", "-z", "--name-only", rev, "--", ...specs])));
  const notBack = await differs(stash.commit);
  const changedSinceBase = options.force ? /* @__PURE__ */ new Set() : await differs(stash.base);
  const conflicts = stash.paths.filter((p) => notBack.has(p) && changedSinceBase.has(p));
  const todo = stash.paths.filter((p) => notBack.has(p) && !changedSinceBase.has(p));
  const restore = options.force ? stash.paths : todo;
  if (restore.length > 0) {
    const inIndex = new Set(
      split(await git(cwd, ["diff-tree", "-r", "-z", "--name-only", stash.base, stash.index]))
    );
    const staged = restore.filter((p) => inIndex.has(p));
    if (staged.length > 0) {
      await withPathspecFile(
        cwd,
        literalSpecs(staged),
        (file) => git(cwd, ["restore", `--source=${stash.index}`, "--staged", ...file])
      );
    }
    const inTree = new Set(
      split(
        await git(cwd, ["ls-tree", "-r", "-z", "--name-only", "--full-tree", stash.commit, "--", ...restore])
      )
    );
    const present = restore.filter((p) => inTree.has(p));
    if (present.length > 0) {
      await withPathspecFile(
        cwd,
        literalSpecs(present),
        (file) => git(cwd, ["restore", `--source=${stash.commit}`, "--worktree", ...file])
      );
    }
    const place = (await git(cwd, ["rev-parse", "--show-cdup"])).trim();
    for (const gone of restore.filter((p) => !inTree.has(p))) {
      await unlink(join(cwd, place, gone)).catch(() => void 0);
    }
  }
  if (conflicts.length === 0) await git(cwd, ["update-ref", "-d", stash.ref]);
  return { restored: options.force ? stash.paths : todo, conflicts };
}

const parentsOf = (path) => {
  const parts = path.replace(/\/$/, "").split("/");
  return parts.slice(1).map((_, i) => `${parts.slice(0, parts.length - 1 - i).join("/")}/`);
};
async function removeEmpty(abs) {
  let entries;
  try {
    entries = await readdir(abs, { withFileTypes: true });
  } catch {
    return false;
  }
  let empty = true;
  for (const entry of entries) {
    if (!entry.isDirectory() || !await removeEmpty(join(abs, entry.name))) empty = false;
  }
  if (!empty) return false;
  try {
    await rmdir(abs);
    return true;
  } catch {
    return false;
  }
}
async function removeNewUntracked(place, harness, before, protect) {
  const existed = existedBefore(before);
  const hadDirs = dirsBefore(before);
  const kept = [];
  const spared = [];
  const removed = [];
  const isProtected = (path) => protect.some((p) => covers(p, path));
  const inCwd = (path) => path.startsWith(place.prefix);
  const abs = (path) => join(place.top, path);
  const candidates = /* @__PURE__ */ new Set();
  for (const path of await listUntracked(place.cwd, harness)) {
    if (path.endsWith("/") || existed(path) || !inCwd(path)) {
      kept.push(path);
      continue;
    }
    if (isProtected(path)) {
      spared.push(path);
      continue;
    }
    await unlink(abs(path)).catch((error) => {
      if (error.code !== "ENOENT") throw error;
    });
    removed.push(path);
    for (const dir of parentsOf(path)) candidates.add(dir);
  }
  for (const entry of await listUntracked(place.cwd, harness, ["--directory"])) {
    if (entry.endsWith("/")) candidates.add(entry);
  }
  const deepestFirst = [...candidates].sort((a, b) => b.split("/").length - a.split("/").length);
  for (const dir of deepestFirst) {
    if (hadDirs.has(dir) || before.untrackedDirs.includes(dir) || existed(dir) || isProtected(dir)) continue;
    if (!inCwd(dir) || dir === place.prefix) continue;
    if (await removeEmpty(abs(dir))) removed.push(dir);
  }
  const dirs = removed.filter((p) => p.endsWith("/"));
  const folded = removed.filter((p) => !dirs.some((d) => d !== p && p.startsWith(d)));
  return { removed: folded.sort(), kept, spared };
}

async function claimTree(tree, task, now) {
  const { cwd } = tree.place;
  const snapshot = await snapshotTree(cwd, tree.harness);
  const stash = await keepAside(cwd, task, tree.harness, tree.protect);
  const record = { version: 1, task, claimed_at: now, tree: snapshot, stash };
  await writeClaim(cwd, record);
  if (stash) await clearKeptAside(cwd, stash);
  return record;
}
function claimNote(record) {
  const stash = record.stash;
  if (!stash) return null;
  const stayed = stash.paths.filter((p) => !stash.cleared.includes(p));
  return `tracked changes present at claim (${stash.paths.length} path(s): ${someNames(stash.paths)}) kept aside in ${stash.ref}; given back after the task` + (stayed.length > 0 ? `; ${someNames(stayed)} stay in the tree, left out of the task's commit` : "");
}
function notTheTask(record) {
  const stash = record.stash;
  const stayed = stash ? stash.paths.filter((p) => !stash.cleared.includes(p)) : [];
  return literalSpecs([...record.tree.untracked, ...record.tree.ignored, ...stayed]);
}
async function taskHasChanges(tree, record) {
  const { cwd } = tree.place;
  if (!record) return hasUncommittedChanges(cwd, tree.harness);
  const stash = record.stash;
  const stayed = stash ? stash.paths.filter((p) => !stash.cleared.includes(p)) : [];
  const status = await git(cwd, [
    "status",
    "--porcelain",
    "--untracked-files=no",
    "--",
    ...userFiles(tree.harness),
    ...literalSpecs(stayed, "top,exclude,literal")
  ]);
  if (status.trim() !== "") return true;
  const existed = existedBefore(record.tree);
  return (await listUntracked(cwd, tree.harness)).some((p) => !existed(p));
}
function commitTask(tree, message, record) {
  return commitAll(tree.place.cwd, message, tree.harness, record ? notTheTask(record) : []);
}
async function rollbackTask(tree, base, record) {
  await rollback(tree.place.cwd, base, tree.harness, { protect: tree.protect, clean: false });
  if (!record) {
    return {
      removed: [],
      kept: await listUntracked(tree.place.cwd, tree.harness),
      spared: [],
      unknown: true
    };
  }
  const outcome = await removeNewUntracked(tree.place, tree.harness, record.tree, tree.protect);
  return { ...outcome, unknown: false };
}
function rollbackLine(base, report) {
  const parts = [`git reset --hard ${shortHash(base)}`];
  if (report.unknown) {
    parts.push(
      `no untracked path removed: no record of what existed at the claim` + (report.kept.length > 0 ? ` (kept ${report.kept.length}: ${someNames(report.kept)})` : "")
    );
    return parts.join("; ");
  }
  parts.push(
    report.removed.length > 0 ? `removed ${report.removed.length} untracked path(s) the task made: ${someNames(report.removed)}` : "removed no untracked path"
  );
  if (report.kept.length > 0) {
    parts.push(
      `kept ${report.kept.length} untracked path(s) from before the task: ${someNames(report.kept)}`
    );
  }
  if (report.spared.length > 0) {
    parts.push(`kept ${report.spared.length} the harness never removes: ${someNames(report.spared)}`);
  }
  return parts.join("; ");
}
async function settleClaim(tree, record, options) {
  const lines = [];
  const stash = record.stash;
  if (stash) {
    const back = await giveBack(tree.place.cwd, stash, options);
    const given = back.restored.filter((p) => !back.conflicts.includes(p));
    if (given.length > 0 || back.conflicts.length === 0) {
      lines.push(`tracked changes from before the task given back (${someNames(stash.paths)})`);
    }
    if (back.conflicts.length > 0) {
      lines.push(
        `tracked changes from before the task to ${someNames(back.conflicts)} not given back: the task changed them too; they are as the task left them, yours are in ${stash.ref} (git stash apply --index ${stash.ref})`
      );
    }
  }
  await removeClaim(tree.place.cwd, record.task);
  return lines;
}

function blockedEntries(graph) {
  const { n, order, rev, completed, depEntry, permFailed, tasks } = graph;
  const entries = [];
  const queue = new Int32Array(n);
  const queued = new Uint8Array(n);
  let head = 0;
  let tail = 0;
  for (const i of order) {
    if (permFailed[i]) {
      queue[tail++] = i;
      queued[i] = 1;
    }
  }
  while (head < tail) {
    const f = queue[head++];
    for (let e = rev.start[f]; e < rev.start[f + 1]; e++) {
      const t = rev.targets[e];
      if (completed[t] || depEntry[t]) continue;
      depEntry[t] = 1;
      permFailed[t] = 1;
      entries.push({ node: t, message: `${DEPENDENCY_TAG} Blocked by failed ${tasks[f].id}` });
      if (!queued[t]) {
        queued[t] = 1;
        queue[tail++] = t;
      }
    }
  }
  return entries;
}
function remainingWork(tasks) {
  const dependents = /* @__PURE__ */ new Map();
  const queue = [];
  const doomed = /* @__PURE__ */ new Set();
  for (const task of tasks) {
    if (task.status === "completed") continue;
    for (const dep of task.depends_on) {
      const list = dependents.get(dep);
      if (list) list.push(task);
      else dependents.set(dep, [task]);
    }
    if (isPermanentlyFailed(task)) {
      doomed.add(task.id);
      queue.push(task.id);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    for (const task of dependents.get(queue[head]) ?? []) {
      if (doomed.has(task.id)) continue;
      doomed.add(task.id);
      queue.push(task.id);
    }
  }
  return tasks.some((task) => task.status !== "completed" && !doomed.has(task.id));
}

function idNumber(id) {
  const match = /(\d+)$/.exec(id);
  if (!match) return null;
  return match[1].replace(/^0+(?=\d)/, "");
}
function compareNumberStrings(a, b) {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function compareTaskIds(a, b) {
  const na = idNumber(a);
  const nb = idNumber(b);
  if (na !== null && nb !== null) {
    const byNumber = compareNumberStrings(na, nb);
    if (byNumber !== 0) return byNumber;
  } else if (na !== null) return -1;
  else if (nb !== null) return 1;
  return compareStrings(a, b);
}
function sortedById(tasks) {
  const numbers = tasks.map((t) => idNumber(t.id));
  return Array.from({ length: tasks.length }, (_, i) => i).sort((a, b) => {
    const na = numbers[a];
    const nb = numbers[b];
    if (na !== null && nb !== null) {
      const byNumber = compareNumberStrings(na, nb);
      if (byNumber !== 0) return byNumber;
    } else if (na !== null) return -1;
    else if (nb !== null) return 1;
    return compareStrings(tasks[a].id, tasks[b].id);
  });
}
function nextTaskId(tasks) {
  let max = 0n;
  for (const task of tasks) {
    const match = /^task-(\d+)$/.exec(task.id);
    if (!match) continue;
    const value = BigInt(match[1]);
    if (value > max) max = value;
  }
  return `task-${String(max + 1n).padStart(3, "0")}`;
}

const PRIORITY_RANK = { P0: 0, P1: 1, P2: 2 };
function priorityRank(priority) {
  return PRIORITY_RANK[priority] ?? 3;
}
function statusById(tasks) {
  const map = /* @__PURE__ */ new Map();
  for (const task of tasks) if (!map.has(task.id)) map.set(task.id, task.status);
  return map;
}
function depsCompleted(task, status) {
  return task.depends_on.every((dep) => status.get(dep) === "completed");
}
function comparePending(a, b) {
  return priorityRank(a.priority) - priorityRank(b.priority) || compareTaskIds(a.id, b.id);
}
function failedAtMs(task) {
  if (task.failed_at === null || task.failed_at === void 0) return -Infinity;
  const ms = Date.parse(task.failed_at);
  return Number.isNaN(ms) ? -Infinity : ms;
}
function compareRetry(a, b) {
  const byPriority = priorityRank(a.priority) - priorityRank(b.priority);
  if (byPriority !== 0) return byPriority;
  const fa = failedAtMs(a);
  const fb = failedAtMs(b);
  if (fa !== fb) return fa < fb ? -1 : 1;
  return compareTaskIds(a.id, b.id);
}
function readyTasks(tasks) {
  const status = statusById(tasks);
  const fresh = tasks.filter((t) => t.status === "pending" && depsCompleted(t, status)).sort(comparePending);
  const retries = tasks.filter((t) => isRetryable(t) && depsCompleted(t, status)).sort(compareRetry);
  return [...fresh, ...retries];
}
function selectNextTask(tasks) {
  const status = statusById(tasks);
  let best = null;
  for (const task of tasks) {
    if (task.status !== "pending" || !depsCompleted(task, status)) continue;
    if (best === null || comparePending(task, best) < 0) best = task;
  }
  if (best !== null) return best;
  for (const task of tasks) {
    if (!isRetryable(task) || !depsCompleted(task, status)) continue;
    if (best === null || compareRetry(task, best) < 0) best = task;
  }
  return best;
}

function buildCsr(n, count, fill) {
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i] + count[i];
  const targets = new Int32Array(start[n]);
  const cursor = start.slice(0, n);
  fill((from, to) => {
    targets[cursor[from]++] = to;
  });
  return { start, targets };
}
function buildDependencyGraph(tasks) {
  const n = tasks.length;
  const indexById = /* @__PURE__ */ new Map();
  for (let i = 0; i < n; i++) if (!indexById.has(tasks[i].id)) indexById.set(tasks[i].id, i);
  const order = sortedById(tasks);
  const rank = new Int32Array(n);
  order.forEach((v, k) => rank[v] = k);
  const completed = new Uint8Array(n);
  const depEntry = new Uint8Array(n);
  const permFailed = new Uint8Array(n);
  const selfLoop = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const task = tasks[i];
    completed[i] = task.status === "completed" ? 1 : 0;
    depEntry[i] = hasDependencyError(task) ? 1 : 0;
    permFailed[i] = isPermanentlyFailed(task) ? 1 : 0;
  }
  const outCount = new Int32Array(n);
  const inCount = new Int32Array(n);
  const depIndex = (dep) => indexById.get(dep) ?? -1;
  for (let i = 0; i < n; i++) {
    if (completed[i]) continue;
    for (const dep of tasks[i].depends_on) {
      const j = depIndex(dep);
      if (j < 0) continue;
      inCount[j]++;
      if (completed[j]) continue;
      outCount[i]++;
      if (j === i) selfLoop[i] = 1;
    }
  }
  const out = buildCsr(n, outCount, (emit) => {
    for (let i = 0; i < n; i++) {
      if (completed[i]) continue;
      for (const dep of tasks[i].depends_on) {
        const j = depIndex(dep);
        if (j >= 0 && !completed[j]) emit(i, j);
      }
    }
  });
  const rev = buildCsr(n, inCount, (emit) => {
    for (const i of order) {
      if (completed[i]) continue;
      for (const dep of tasks[i].depends_on) {
        const j = depIndex(dep);
        if (j >= 0) emit(j, i);
      }
    }
  });
  return { tasks, n, order, rank, completed, depEntry, permFailed, selfLoop, out, rev };
}
function bfs(start, graph, allowed, visit) {
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head];
    for (let e = graph.start[v]; e < graph.start[v + 1]; e++) {
      const w = graph.targets[e];
      if (allowed(w) && visit(v, w)) queue.push(w);
    }
  }
}

const PATH_MAX_IDS = 20;
const PATH_HEAD = 8;
const PATH_TAIL = 8;
function cycleEntries(graph) {
  const { n, order, completed, out, rev, selfLoop, rank, depEntry, tasks } = graph;
  const comp = new Int32Array(n).fill(-1);
  const components = tarjan(n, order, completed, out, comp);
  const entries = [];
  for (const members of components) {
    if (members.length === 1 && !selfLoop[members[0]]) continue;
    const toMark = members.filter((v) => !depEntry[v]);
    if (toMark.length === 0) continue;
    const paths = cyclePaths(members, toMark, comp, out, rev, selfLoop, rank, tasks);
    for (let k = 0; k < toMark.length; k++)
      entries.push({
        node: toMark[k],
        message: `${DEPENDENCY_TAG} Circular dependency detected: ${paths[k]}`
      });
  }
  return entries.sort((a, b) => rank[a.node] - rank[b.node]);
}
function tarjan(n, order, completed, out, comp) {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  const callStack = new Int32Array(n);
  const edgeCursor = new Int32Array(n);
  const components = [];
  let sp = 0;
  let next = 0;
  for (const root of order) {
    if (completed[root] || index[root] !== -1) continue;
    let csp = 0;
    const enter = (v) => {
      index[v] = low[v] = next++;
      stack[sp++] = v;
      onStack[v] = 1;
      edgeCursor[v] = out.start[v];
      callStack[csp++] = v;
    };
    enter(root);
    while (csp > 0) {
      const v = callStack[csp - 1];
      if (edgeCursor[v] < out.start[v + 1]) {
        const w = out.targets[edgeCursor[v]++];
        if (index[w] === -1) enter(w);
        else if (onStack[w] && index[w] < low[v]) low[v] = index[w];
        continue;
      }
      csp--;
      if (csp > 0) {
        const parent = callStack[csp - 1];
        if (low[v] < low[parent]) low[parent] = low[v];
      }
      if (low[v] === index[v]) {
        const members = [];
        let w;
        do {
          w = stack[--sp];
          onStack[w] = 0;
          comp[w] = components.length;
          members.push(w);
        } while (w !== v);
        components.push(members);
      }
    }
  }
  return components;
}
function cyclePaths(members, toMark, comp, out, rev, selfLoop, rank, tasks) {
  const id = (v) => tasks[v].id;
  const c = comp[members[0]];
  const inComp = (w) => comp[w] === c;
  let r = members[0];
  for (const v of members) if (rank[v] < rank[r]) r = v;
  const fParent = /* @__PURE__ */ new Map([[r, r]]);
  const rNext = /* @__PURE__ */ new Map([[r, r]]);
  const rDist = /* @__PURE__ */ new Map([[r, 0]]);
  bfs(r, out, inComp, (from, to) => {
    if (fParent.has(to)) return false;
    fParent.set(to, from);
    return true;
  });
  bfs(r, rev, inComp, (from, to) => {
    if (rNext.has(to)) return false;
    rNext.set(to, from);
    rDist.set(to, rDist.get(from) + 1);
    return true;
  });
  const cycle = [r];
  if (!selfLoop[r]) {
    let best = -1;
    for (let e = out.start[r]; e < out.start[r + 1]; e++) {
      const s = out.targets[e];
      if (s === r || !inComp(s)) continue;
      if (best < 0 || rDist.get(s) < rDist.get(best)) best = s;
    }
    for (let x = best; x !== r; x = rNext.get(x)) cycle.push(x);
  }
  const onCycle = /* @__PURE__ */ new Map();
  cycle.forEach((v, k) => onCycle.set(v, k));
  return toMark.map((v) => {
    if (selfLoop[v]) return `${id(v)} -> ${id(v)}`;
    const at = onCycle.get(v);
    if (at !== void 0) {
      const len = cycle.length;
      return formatPath(len + 1, (k) => id(cycle[(at + k) % len]));
    }
    const walk = [];
    for (let x = v; x !== r; x = rNext.get(x)) walk.push(x);
    const back = [];
    for (let x = v; x !== r; x = fParent.get(x)) back.push(x);
    walk.push(r);
    for (let k = back.length - 1; k >= 1; k--) walk.push(back[k]);
    const path = [];
    const position = /* @__PURE__ */ new Map();
    for (const x of walk) {
      const seen = position.get(x);
      if (seen !== void 0) {
        for (let k = seen + 1; k < path.length; k++) position.delete(path[k]);
        path.length = seen + 1;
      } else {
        position.set(x, path.length);
        path.push(x);
      }
    }
    path.push(v);
    return formatPath(path.length, (k) => id(path[k]));
  });
}
function formatPath(length, idAt) {
  if (length <= PATH_MAX_IDS) return Array.from({ length }, (_, k) => idAt(k)).join(" -> ");
  const head = Array.from({ length: PATH_HEAD }, (_, k) => idAt(k));
  const tail = Array.from({ length: PATH_TAIL }, (_, k) => idAt(length - PATH_TAIL + k));
  return [...head, `... ${length - PATH_HEAD - PATH_TAIL} more ...`, ...tail].join(" -> ");
}

function validateDependencies(tasks, nowIso) {
  const graph = buildDependencyGraph(tasks);
  const added = new Array(graph.n);
  const changes = [];
  for (const { node, message } of cycleEntries(graph)) {
    added[node] = message;
    graph.depEntry[node] = 1;
    graph.permFailed[node] = 1;
    changes.push({ id: tasks[node].id, kind: "cycle", message });
  }
  for (const { node, message } of blockedEntries(graph)) {
    added[node] = message;
    changes.push({ id: tasks[node].id, kind: "blocked", message });
  }
  const result = tasks.map((task, i) => {
    const message = added[i];
    if (message === void 0) return task;
    return {
      ...task,
      status: "failed",
      error_log: [...task.error_log, message],
      failed_at: task.status === "failed" ? task.failed_at : nowIso
    };
  });
  return { tasks: result, changes };
}

function readTextOrNull(path) {
  try {
    return readInputTextSync(path, { what: "task lock file" });
  } catch {
    return null;
  }
}
function ownerRecord(pid) {
  return processIdentity(pid);
}
function parseOwner(text) {
  try {
    const data = JSON.parse(text);
    const str = (v) => typeof v === "string" && v !== "" ? v : null;
    if (typeof data.pid !== "number" || !Number.isSafeInteger(data.pid) || data.pid <= 0) return null;
    return { pid: data.pid, start: str(data.start), boot: str(data.boot) };
  } catch {
    return null;
  }
}
async function readLockOwner(dir) {
  try {
    return parseOwner(await readInputText(join(dir, "owner"), { what: "task lock file" }));
  } catch {
    return null;
  }
}
const sameOwner = (a, b) => a !== null && a.pid === b.pid && a.start === b.start && a.boot === b.boot;

class LockHeldError extends HarnessError {
  constructor(message, lockDir, holderPid) {
    super(message, EXIT.alreadyRunning);
    this.lockDir = lockDir;
    this.holderPid = holderPid;
  }
  lockDir;
  holderPid;
  name = "LockHeldError";
}
const DEFAULT_FRESH_MS = 2e3;
function defaultLockTmpDir() {
  return process.platform === "win32" ? tmpdir() : "/tmp";
}
function lockDirFor(cwd, tmpDir = defaultLockTmpDir()) {
  const hash = createHash("sha256").update(resolve(cwd)).digest("hex").slice(0, 8);
  return join(tmpDir, `harness-${hash}.lock`);
}
async function readLockPid(dir) {
  let text;
  try {
    text = await readInputText(join(dir, "pid"), { what: "task lock file" });
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      return await exists(dir) ? "missing" : "gone";
    }
    throw error;
  }
  const trimmed = text.trim();
  if (trimmed === "") return "missing";
  return /^\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed)) && Number(trimmed) > 0 ? Number(trimmed) : "garbage";
}
async function acquireLock(cwd, options = {}) {
  const dir = lockDirFor(cwd, options.tmpDir);
  const pid = options.pid ?? process.pid;
  const freshMs = options.freshMs ?? DEFAULT_FRESH_MS;
  const pollMs = options.pollMs ?? 25;
  const passes = Math.ceil(freshMs / pollMs) + 100;
  for (let pass = 0; pass < passes; pass++) {
    if (await tryMkdir(dir)) return finishAcquire(dir, pid, null);
    const before = await statDir(dir);
    if (before === null) continue;
    const holder = await readLockPid(dir);
    if (holder === "gone") continue;
    const owner = await readLockOwner(dir);
    const verdict = judge(cwd, before, holder, owner);
    if (verdict?.held) {
      const live = verdict.pid;
      throw new LockHeldError(`another harness session is active (pid=${live}); lock ${dir}`, dir, live);
    }
    const age = Date.now() - before.mtimeMs;
    if (verdict === null && age > -1e3 && age < freshMs) {
      await sleep(pollMs);
      continue;
    }
    const why = verdict?.why ?? (age < 0 ? "its directory is dated in the future" : "it has had no pid for too long");
    await reclaim(dir, pid, holder, before.ino);
    if (!await tryMkdir(dir)) throw new LockHeldError(`lock contention on ${dir}`, dir, null);
    return finishAcquire(dir, pid, { from: verdict?.pid ?? null, why });
  }
  throw new LockHeldError(`lock contention on ${dir}: it kept changing while we looked`, dir, null);
}
async function reclaim(dir, pid, seen, ino) {
  const stale = `${dir}.stale.${pid}`;
  await rm(stale, { recursive: true, force: true });
  try {
    await rename(dir, stale);
  } catch {
    throw new LockHeldError(`another agent reclaimed the lock ${dir}`, dir, null);
  }
  const moved = await statDir(stale);
  const movedPid = await readLockPid(stale);
  if (moved === null || moved.ino !== ino || movedPid !== seen) {
    await rename(stale, dir).catch(() => void 0);
    const holder = typeof movedPid === "number" ? movedPid : null;
    throw new LockHeldError(
      `another agent reclaimed the lock ${dir}${holder === null ? "" : ` (pid=${holder})`}`,
      dir,
      holder
    );
  }
  await rm(stale, { recursive: true, force: true });
}
async function finishAcquire(dir, pid, stale) {
  const owner = ownerRecord(pid);
  try {
    await writeFileAtomic(join(dir, "owner"), `${JSON.stringify(owner)}
`);
    await writeFileAtomic(join(dir, "pid"), `${pid}
`);
  } catch (error) {
    if (error.code === "ENOENT") {
      throw new LockHeldError(`another agent reclaimed the lock ${dir}`, dir, null);
    }
    await rm(dir, { recursive: true, force: true }).catch(() => void 0);
    throw error;
  }
  let released = false;
  const onExit = () => {
    released = true;
    const ours = readTextOrNull(join(dir, "pid"))?.trim() === String(pid) || sameOwner(parseOwner(readTextOrNull(join(dir, "owner")) ?? ""), owner);
    if (ours) rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", onExit);
  return {
    dir,
    pid,
    reclaimed: stale !== null,
    reclaimedFrom: stale?.from ?? null,
    reclaimedWhy: stale?.why ?? null,
    async release() {
      if (released) return;
      released = true;
      process.removeListener("exit", onExit);
      if (await readLockPid(dir) === pid || sameOwner(await readLockOwner(dir), owner)) {
        await rm(dir, { recursive: true, force: true });
      }
    }
  };
}
async function tryMkdir(dir) {
  try {
    await mkdir(dir, { mode: 493 });
    return true;
  } catch (error) {
    if (error.code === "EEXIST") return false;
    throw error;
  }
}
async function statDir(dir) {
  try {
    return await stat(dir);
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
}
async function exists(path) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
function judge(cwd, dir, holder, owner) {
  const place = { workDir: resolve(cwd), ownerUid: process.platform === "win32" ? null : dir.uid };
  if (owner !== null && owner.start !== null)
    return judgeLockHolder({ pid: owner.pid, record: owner }, place);
  if (typeof holder === "number") return judgeLockHolder({ pid: holder, record: null }, place);
  if (owner !== null) return judgeLockHolder({ pid: owner.pid, record: null }, place);
  if (holder === "garbage") return { held: false, pid: null, why: "its pid file holds no pid" };
  return null;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const VARIABLE = /\{\{\s*(task_id|task_title|task_validation|task_errors|task_checkpoints|task_attempt|task_max_attempts|checkpoint_command)\s*\}\}/g;
function taskVariables(task, checkpointCommand) {
  const errors = task.error_log.slice(-3);
  return {
    task_id: task.id,
    task_title: task.title,
    task_validation: task.validation.command ?? "(none: the task completes when the session ends)",
    task_errors: errors.length > 0 ? errors.map((e) => `- ${e}`).join("\n") : "(none)",
    task_checkpoints: task.checkpoints.length > 0 ? task.checkpoints.map((c) => `- step ${c.step}/${c.total}: ${c.description}`).join("\n") : "(none)",
    task_attempt: String(task.attempts + 1),
    task_max_attempts: String(task.max_attempts),
    checkpoint_command: `${checkpointCommand} ${task.id} --step M/N "what was done"`
  };
}
function renderTaskPrompt(assembled, task, checkpointCommand) {
  const vars = taskVariables(task, checkpointCommand);
  if (VARIABLE.test(assembled)) {
    VARIABLE.lastIndex = 0;
    return assembled.replace(VARIABLE, (_, name) => vars[name] ?? "");
  }
  const block = [
    `## Current task: ${vars.task_id} \u2014 ${vars.task_title}`,
    "",
    `Attempt ${vars.task_attempt} of ${vars.task_max_attempts}. Work only on this task and commit your work with the`,
    `task id (${vars.task_id}) in the commit message. The harness runs the validation command after this session;`,
    "the task is complete only if it passes. If it fails, your changes are rolled back and the task is retried.",
    "",
    `Validation: ${vars.task_validation}`,
    "",
    "Errors from earlier attempts:",
    vars.task_errors,
    "",
    "Checkpoints recorded so far:",
    vars.task_checkpoints,
    "",
    `Record a checkpoint after each significant step: ${vars.checkpoint_command}`
  ].join("\n");
  return `${assembled.trimEnd()}

---
${block}
`;
}

const SHELL_BUILTINS = /* @__PURE__ */ new Set([
  ":",
  ".",
  "[",
  "!",
  "{",
  "(",
  "alias",
  "bg",
  "break",
  "case",
  "cd",
  "command",
  "continue",
  "echo",
  "eval",
  "exec",
  "exit",
  "export",
  "false",
  "fg",
  "for",
  "getopts",
  "hash",
  "if",
  "jobs",
  "kill",
  "printf",
  "pwd",
  "read",
  "readonly",
  "return",
  "set",
  "shift",
  "test",
  "times",
  "trap",
  "true",
  "type",
  "ulimit",
  "umask",
  "unalias",
  "unset",
  "until",
  "wait",
  "while"
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
function commandBinary(command) {
  const words = command.trim().split(/\s+/);
  for (const word of words) {
    if (word === "") return null;
    if (ASSIGNMENT.test(word)) continue;
    let binary = word;
    const quoted = /^(['"])(.*)\1$/.exec(binary);
    if (quoted) binary = quoted[2] ?? "";
    binary = binary.replace(/[;&|<>].*$/, "");
    if (binary === "") return null;
    if (/[$`*?~]/.test(binary) || binary.startsWith("(") || binary.startsWith("{")) return null;
    return binary;
  }
  return null;
}
function lastLine$1(text) {
  const lines = text.split("\n").map((line) => line.trim());
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i] !== "") return lines[i];
  return "";
}
async function runValidation(task, options) {
  const command = task.validation.command;
  if (command === null || command.trim() === "") {
    return {
      result: "skipped",
      category: null,
      message: "no validation command",
      exitCode: null,
      output: ""
    };
  }
  const binary = commandBinary(command);
  if (binary !== null && !SHELL_BUILTINS.has(binary) && !findExecutable(binary, options.cwd, options.env)) {
    return {
      result: "missing",
      category: "ENV_SETUP",
      message: `command not found: ${binary}`,
      exitCode: null,
      output: ""
    };
  }
  const timeoutSeconds = task.validation.timeout_seconds;
  const result = await runShell(`exec 1>&2
${command}`, {
    cwd: options.cwd,
    env: options.env,
    timeoutMs: timeoutSeconds * 1e3,
    clock: options.clock ?? systemClock,
    spawn: options.spawn ?? spawn,
    ...options.cookie !== void 0 ? { cookie: options.cookie } : {},
    ...options.signal !== void 0 ? { signal: options.signal } : {}
  });
  const output = result.stderrTail.slice(-2048);
  if (result.interrupted) {
    return {
      result: "interrupted",
      category: null,
      message: `validation interrupted by a stop request: ${command}`,
      exitCode: null,
      output
    };
  }
  if (result.timedOut) {
    return {
      result: "timeout",
      category: "TIMEOUT",
      message: `validation timed out after ${timeoutSeconds}s: ${command}`,
      exitCode: null,
      output
    };
  }
  if (result.exitCode === 0) {
    return { result: "pass", category: null, message: "validation passed", exitCode: 0, output };
  }
  const last = lastLine$1(output);
  return {
    result: "fail",
    category: "TEST_FAIL",
    message: `validation failed (exit ${result.exitCode})${last === "" ? "" : `: ${last}`}`,
    exitCode: result.exitCode,
    output
  };
}

function decideRecovery(facts) {
  if (facts.uncommitted && facts.taskCommits > 0) return { kind: "commit_then_validate" };
  if (facts.uncommitted) return { kind: "validate_with_uncommitted" };
  if (facts.taskCommits > 0) return { kind: "validate" };
  if (facts.checkpoints === 0) return { kind: "fail_no_progress" };
  return facts.checkpointFilesPresent === true ? { kind: "resume_from_checkpoint" } : { kind: "fail_work_lost" };
}
const PATH_EXTENSION = /^[\w.-]*[\w-]\.[A-Za-z][A-Za-z0-9]{0,9}$/;
function namedPaths(descriptions) {
  const names = /* @__PURE__ */ new Set();
  for (const description of descriptions) {
    for (const raw of description.split(/\s+/)) {
      const word = raw.replace(/^[`'"([{<]+/, "").replace(/[`'")\]}>,;:!?.]+$/, "");
      if (word === "" || /^[a-z]+:\/\//i.test(word)) continue;
      if (/^[\w.-]+(\/[\w.-]+)+\/?$/.test(word) || PATH_EXTENSION.test(word)) {
        names.add(word.replace(/^\.\//, "").replace(/\/$/, ""));
      }
    }
  }
  return [...names];
}
function matchesPath(name, path) {
  return path === name || path.endsWith(`/${name}`) || path.startsWith(`${name}/`);
}
async function checkpointProgressPresent(cwd, base, checkpoints, harness = NO_HARNESS_FILES) {
  const changed = await changedFilesSince(cwd, base, harness);
  if (changed.length === 0) return false;
  const relevant = namedPaths(checkpoints.map((c) => c.description)).filter(
    (name) => existsSync(join(cwd, name)) || changed.some((path) => matchesPath(name, path))
  );
  if (relevant.length === 0) return true;
  return relevant.some((name) => changed.some((path) => matchesPath(name, path)));
}
function quote(text) {
  return text.replace(/"/g, "'").replace(/\s+/g, " ").trim();
}
function describeFacts(facts) {
  const parts = [
    facts.uncommitted ? "uncommitted changes" : "no uncommitted changes",
    facts.taskCommits > 0 ? `${facts.taskCommits} task commit(s)` : "no task commits",
    facts.checkpoints > 0 ? `${facts.checkpoints} checkpoint(s)` : "no checkpoints"
  ];
  if (facts.checkpointFilesPresent !== null) {
    parts.push(
      facts.checkpointFilesPresent ? "files reflect checkpoints" : "files do not reflect checkpoints"
    );
  }
  return parts.join(", ");
}
async function recoverInterruptedTask(task, options) {
  const { cwd, log, now } = options;
  const harness = options.harness ?? NO_HARNESS_FILES;
  const id = task.id;
  const recovery = (action2, reason2) => log({ type: "RECOVERY", message: `[${id}] action="${quote(action2)}" reason="${quote(reason2)}"` });
  const error = (category, message) => log({ type: "ERROR", message: `[${id}] [${category}] ${message}`, category });
  const failed = (category, message, attempts2) => ({
    task: {
      ...structuredClone(task),
      status: "failed",
      attempts: attempts2,
      error_log: [...task.error_log, `[${category}] ${message}`],
      failed_at: now()
    },
    outcome: "failed"
  });
  const base = task.started_at_commit;
  if (base === null || !await commitExists(cwd, base)) {
    const message = base === null ? "started_at_commit is not recorded; cannot roll back" : `started_at_commit ${base} does not exist; cannot roll back`;
    recovery("mark_failed_at_max_attempts", message);
    error("TASK_EXEC", message);
    return failed("TASK_EXEC", message, Math.max(task.attempts, task.max_attempts));
  }
  if (task.started_on_branch) {
    const moved = await returnToBranch(cwd, task.started_on_branch, base).catch(
      (e) => `could not return to branch ${task.started_on_branch}: ${e.message}`
    );
    if (moved !== null) log({ type: "WARN", message: `[${id}] ${moved}` });
  }
  const touch = options.touch;
  const uncommitted = touch ? await taskHasChanges(touch.tree, touch.claim) : await hasUncommittedChanges(cwd, harness);
  const commitWork = (message) => touch ? commitTask(touch.tree, message, touch.claim) : commitAll(cwd, message, harness);
  const taskCommits = (await taskCommitsSince(cwd, base, id)).length;
  const checkpoints = task.checkpoints.length;
  const checkpointFilesPresent = !uncommitted && taskCommits === 0 && checkpoints > 0 ? await checkpointProgressPresent(cwd, base, task.checkpoints, harness) : null;
  const facts = { uncommitted, taskCommits, checkpoints, checkpointFilesPresent };
  const stashes = await stashList(cwd);
  const reason = describeFacts(facts) + (stashes.length > 0 ? `; ${stashes.length} stash entr(ies) left untouched` : "");
  const action = decideRecovery(facts);
  const attempts = task.attempts + 1;
  switch (action.kind) {
    case "fail_no_progress": {
      recovery("mark_failed", reason);
      error("SESSION_TIMEOUT", "No progress detected");
      return failed("SESSION_TIMEOUT", "No progress detected", attempts);
    }
    case "fail_work_lost": {
      const last = task.checkpoints[task.checkpoints.length - 1];
      const message = `Work lost: checkpoint step=${last?.step ?? "?"}/${last?.total ?? "?"} not reflected in the files`;
      recovery("mark_failed", reason);
      error("SESSION_TIMEOUT", message);
      return failed("SESSION_TIMEOUT", message, attempts);
    }
    case "resume_from_checkpoint": {
      const last = task.checkpoints[task.checkpoints.length - 1];
      recovery("resume_from_checkpoint", `${reason}; last step=${last?.step ?? "?"}/${last?.total ?? "?"}`);
      return { task: structuredClone(task), outcome: "resume" };
    }
    case "validate":
    case "validate_with_uncommitted":
    case "commit_then_validate": {
      recovery(action.kind, reason);
      const commitMessage = `[${id}] ${task.title} (recovered after an interrupted session)`;
      if (action.kind === "commit_then_validate") await commitWork(commitMessage);
      const outcome = await runValidation(task, {
        cwd,
        env: options.env,
        ...options.cookie !== void 0 ? { cookie: options.cookie } : {},
        ...options.signal !== void 0 ? { signal: options.signal } : {}
      });
      if (outcome.result === "interrupted") {
        recovery("none", "validation interrupted by a stop request; the next start recovers the task");
        return { task: structuredClone(task), outcome: "interrupted" };
      }
      const lastValidation = recordValidation(outcome, now);
      if (outcome.result === "pass" || outcome.result === "skipped") {
        const commit = action.kind === "validate_with_uncommitted" ? await commitWork(commitMessage) : null;
        const at = now();
        recovery(
          "mark_completed",
          `validation ${outcome.result}${commit === null ? "" : `; commit ${commit}`}`
        );
        return {
          task: {
            ...structuredClone(task),
            status: "completed",
            completed_at: at,
            ...lastValidation === void 0 ? {} : { last_validation: lastValidation }
          },
          outcome: "completed"
        };
      }
      const category = outcome.category ?? "TEST_FAIL";
      error(category, outcome.message);
      if (touch) {
        const report = await rollbackTask(touch.tree, base, touch.claim);
        log({ type: "ROLLBACK", message: `[${id}] ${rollbackLine(base, report)}` });
      } else {
        await rollback(cwd, base, harness);
        log({ type: "ROLLBACK", message: `[${id}] git reset --hard ${base} && git clean -fd` });
      }
      recovery("mark_failed", `validation ${outcome.result}; rolled back to ${base}`);
      const result = { ...failed(category, outcome.message, attempts), rolledBack: true };
      if (lastValidation !== void 0) result.task.last_validation = lastValidation;
      return result;
    }
  }
}
function recordValidation(outcome, now) {
  if (outcome.result === "skipped" || outcome.result === "interrupted") return void 0;
  return { result: outcome.result, at: now(), exit_code: outcome.exitCode };
}

const INIT_SCRIPT = "harness-init.sh";
const INTERRUPTED = "interrupted";
class TaskSession {
  constructor(file, session, lock, progress, options, tree) {
    this.file = file;
    this.session = session;
    this.lock = lock;
    this.progress = progress;
    this.options = options;
    this.tree = tree;
  }
  file;
  session;
  lock;
  progress;
  options;
  tree;
  current = null;
  tasksThisSession = 0;
  /** Whether this session has been counted in session_count (on its first claim). */
  counted = false;
  get path() {
    return join(this.options.cwd, TASK_FILE);
  }
  now() {
    return new Date(this.options.clock.now()).toISOString().replace(/\.\d{3}Z$/, "Z");
  }
  async note(entry) {
    await this.progress.append({ ...entry, session: this.session });
  }
  /**
   * Session start: read the task file (restoring a corrupt one from its backup), take the lock, recover tasks
   * a dead session left in progress, run harness-init.sh, count the session. Null when there is no task file.
   */
  static async open(options) {
    const path = join(options.cwd, TASK_FILE);
    await sweepStaleTemps(options.cwd);
    const progress = new ProgressLog(join(options.cwd, PROGRESS_FILE), options.clock.now);
    let read;
    try {
      read = await readTaskFile(path, { now: options.clock.now });
    } catch (error) {
      if (error instanceof TaskFileError) {
        await progress.append({ session: 0, type: "ERROR", category: "ENV_SETUP", message: error.message });
      }
      throw error;
    }
    if (read === null) return null;
    const lock = await acquireLock(options.cwd, options.lockTmpDir ? { tmpDir: options.lockTmpDir } : {});
    let file = read.file;
    const session = file.session_count + 1;
    try {
      const tree = await TaskSession.taskTree(options, lock.dir);
      const self = new TaskSession(file, session, lock, progress, options, tree);
      if (read.restoredFromBackup) {
        await self.note({
          type: "WARN",
          message: `harness-tasks.json unparseable (${read.problem}); restored from backup`
        });
      }
      if (lock.reclaimed)
        await self.note({
          type: "WARN",
          message: `Removed stale lock from pid=${lock.reclaimedFrom ?? "?"}: ${lock.reclaimedWhy ?? "stale"}`
        });
      await self.note({ type: "LOCK", message: lockAcquired(lock.pid) });
      for (const task of file.tasks.filter((t) => t.status === "in_progress")) {
        const claim = await readClaim(options.cwd, task.id);
        const recovered = await recoverInterruptedTask(task, {
          cwd: options.cwd,
          env: options.env,
          ...self.containment(),
          now: () => self.now(),
          harness: tree.harness,
          touch: { tree, claim },
          // The line's message already carries the task id and the category.
          log: (line) => {
            self.progress.append({ session, type: line.type, message: line.message }).catch(
              (error) => options.log("warn", {
                event: "progress log not written",
                path: self.progress.path,
                error: String(error)
              })
            );
          }
        });
        file = { ...file, tasks: file.tasks.map((t) => t.id === task.id ? recovered.task : t) };
        if (claim && (recovered.outcome === "completed" || recovered.outcome === "failed")) {
          await self.settle(task.id, claim, recovered.rolledBack === true);
        }
        await options.emit({ event: "task_recovered", task_id: task.id, outcome: recovered.outcome });
      }
      for (const id of await claimedTasks(options.cwd)) {
        if (file.tasks.some((t) => t.id === id && t.status === "in_progress")) continue;
        const claim = await readClaim(options.cwd, id);
        if (claim) await self.settle(id, claim, false);
      }
      if (file !== read.file) await self.save(file);
      self.file = file;
      const init = options.signal?.aborted ? { stop: INTERRUPTED } : await self.runInitScript();
      if (init) {
        await self.close(init.stop);
        return init;
      }
      if (session > file.session_config.max_sessions) {
        await self.close("max_sessions");
        return { stop: "max_sessions" };
      }
      return self;
    } catch (error) {
      await lock.release();
      throw error;
    }
  }
  /**
   * The harness's files as git sees them and the user's files never removed; outside a repository, none (the
   * protocol's git steps then fail on their own). The untracked harness files also go into the repository's
   * local exclude file, so the agent's own `git add -A` and `git clean -fd` leave them alone too.
   */
  static async taskTree(options, lockDir) {
    let prefix;
    try {
      prefix = await repoPrefix(options.cwd);
    } catch {
      return { place: placeOf(options.cwd, ""), harness: NO_HARNESS_FILES, protect: [] };
    }
    const place = placeOf(options.cwd, prefix);
    const view = harnessGitView(harnessFiles(options.paths, { lockDir }), options.cwd, prefix);
    await excludeLocally(options.cwd, view.ignorePatterns).catch(
      (error) => options.log("warn", { git_exclude: `could not update the local exclude file: ${error.message}` })
    );
    const protect = protectedPaths(place, {
      configFile: options.configFile ?? null,
      promptFile: options.paths.promptFile,
      configNames: CONFIG_FILE_NAMES
    });
    return { place, harness: view, protect };
  }
  /** The kept-aside changes given back and the claim record removed; the lines it says go to the progress log. */
  async settle(taskId, claim, force) {
    for (const message of await settleClaim(this.tree, claim, { force })) {
      await this.note({ type: "WARN", taskId, message });
    }
  }
  /** harness-init.sh, if present; a failure is retried once, a second failure is ENV_SETUP and stops. */
  async runInitScript() {
    const script = join(this.options.cwd, INIT_SCRIPT);
    if (!existsSync(script)) return null;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const result = await runShell(`sh ${JSON.stringify(script)}`, {
        cwd: this.options.cwd,
        env: this.options.env,
        timeoutMs: 6e5,
        clock: this.options.clock,
        spawn: this.options.spawn,
        ...this.containment()
      });
      if (result.interrupted) return { stop: INTERRUPTED };
      if (result.exitCode === 0) {
        await this.note({ type: "INIT", message: "Environment health check: PASS" });
        return null;
      }
      await this.note({
        type: "ERROR",
        category: "ENV_SETUP",
        message: `harness-init.sh failed (exit ${result.exitCode}, attempt ${attempt}/2): ${lastLine(result.stderrTail)}`
      });
    }
    return { stop: "env_setup", exitCode: EXIT.taskEnvironment };
  }
  async begin() {
    if (!this.current) {
      const validated = validateDependencies(this.file.tasks, this.now());
      for (const change of validated.changes) {
        await this.note({
          type: "ERROR",
          taskId: change.id,
          category: "DEPENDENCY",
          message: change.message.replace(/^\[DEPENDENCY\]\s*/, "")
        });
      }
      if (validated.changes.length > 0) await this.save({ ...this.file, tasks: validated.tasks });
      const candidates = this.options.onlyTask ? this.file.tasks.filter((t) => t.id === this.options.onlyTask) : this.file.tasks;
      const next = selectNextTask(candidates);
      if (!next) {
        const stop = { stop: remainingWork(this.file.tasks) ? "no_eligible_tasks" : "tasks_done" };
        return stop;
      }
      const base = await headCommit(this.options.cwd);
      const branch = await currentBranch(this.options.cwd);
      const claim = this.tree.harness === NO_HARNESS_FILES ? null : await claimTree(this.tree, next.id, this.now());
      const claimed = {
        ...next,
        status: "in_progress",
        started_at_commit: base,
        started_on_branch: branch
      };
      let file = this.withTask(claimed);
      if (!this.counted) {
        file = { ...file, session_count: this.session, last_session: this.now() };
        this.counted = true;
      }
      await this.save(file);
      await this.note({ type: "Starting", taskId: next.id, message: startingMessage(next, base ?? "none") });
      const dirty = claim ? claimNote(claim) : null;
      if (dirty) await this.note({ type: "WARN", taskId: next.id, message: dirty });
      await this.options.emit({ event: "task_started", task_id: next.id, attempt: next.attempts + 1, base });
      this.current = { task: claimed, previous: next, claim };
    }
    const task = this.current.task;
    const command = this.options.checkpointCommand ?? "agent-harness tasks checkpoint";
    return {
      prompt: (assembled) => renderTaskPrompt(assembled, this.fresh(task.id) ?? task, command),
      eventFields: { task_id: task.id },
      logFields: { task: task.id },
      // Lets the agent's `tasks checkpoint` write while this session holds the lock.
      env: { HARNESS_TASK_ID: task.id, HARNESS_TASK_LOCK_PID: String(this.lock.pid) }
    };
  }
  /** After the iteration: the validation command decides, never the agent. */
  async finish() {
    if (!this.current) return null;
    await this.takeCheckpoints(this.current.task.id);
    const task = this.fresh(this.current.task.id) ?? this.current.task;
    const claim = this.current.claim;
    this.current = null;
    const { cwd, env } = this.options;
    await this.backOnBranch(task);
    const outcome = await runValidation(task, {
      cwd,
      env,
      clock: this.options.clock,
      spawn: this.options.spawn,
      ...this.containment()
    });
    if (outcome.result === "interrupted") {
      this.options.log("warn", { task: task.id, validation: "interrupted" });
      return null;
    }
    const at = this.now();
    const lastValidation = {
      result: outcome.result === "skipped" ? "pass" : outcome.result,
      at,
      exit_code: outcome.exitCode
    };
    if (outcome.result === "pass" || outcome.result === "skipped") {
      const message = `${task.id}: ${task.title} (work left uncommitted by the agent)`;
      const commit = await commitTask(this.tree, message, claim) ?? await headCommit(cwd);
      if (claim) await this.settle(task.id, claim, false);
      await this.save(
        this.withTask({ ...task, status: "completed", completed_at: at, last_validation: lastValidation })
      );
      await this.note({ type: "Completed", taskId: task.id, message: completedMessage(commit ?? "none") });
      await this.options.emit({
        event: "task_completed",
        task_id: task.id,
        commit,
        validation: outcome.result
      });
      this.options.log("info", { task: task.id, task_status: "completed", validation: outcome.result });
    } else {
      await this.fail(task, claim, outcome.category ?? "TEST_FAIL", outcome.message, lastValidation);
      if (outcome.category === "ENV_SETUP") return { stop: "env_setup", exitCode: EXIT.taskEnvironment };
    }
    this.tasksThisSession++;
    if (this.tasksThisSession >= this.file.session_config.max_tasks_per_session) {
      return { stop: "max_tasks_per_session" };
    }
    return null;
  }
  async fail(task, claim, category, message, lastValidation) {
    const { cwd } = this.options;
    const entry = `[${category}] ${message}`;
    let failed = {
      ...task,
      status: "failed",
      attempts: task.attempts + 1,
      error_log: [...task.error_log, entry],
      failed_at: this.now(),
      last_validation: lastValidation ?? null
    };
    await this.note({ type: "ERROR", taskId: task.id, category, message });
    const base = task.started_at_commit;
    if (!base || !await commitExists(cwd, base)) {
      failed = { ...failed, attempts: Math.max(failed.attempts, failed.max_attempts) };
      await this.note({
        type: "WARN",
        taskId: task.id,
        message: `started_at_commit ${base ?? "null"} not found; no rollback, no retry`
      });
      if (claim) await this.settle(task.id, claim, false);
    } else {
      const report = await rollbackTask(this.tree, base, claim);
      await this.note({ type: "ROLLBACK", taskId: task.id, message: rollbackLine(base, report) });
      if (claim) await this.settle(task.id, claim, true);
      if (task.on_failure.cleanup) {
        const cleanup = await runShell(task.on_failure.cleanup, {
          cwd,
          env: this.options.env,
          timeoutMs: 6e5,
          clock: this.options.clock,
          spawn: this.options.spawn,
          ...this.containment()
        });
        if (cleanup.exitCode !== 0) {
          await this.note({
            type: "WARN",
            taskId: task.id,
            message: `cleanup failed (exit ${cleanup.exitCode})`
          });
        }
      }
    }
    await this.save(this.withTask(failed));
    await this.options.emit({
      event: "task_failed",
      task_id: task.id,
      category,
      message,
      attempts: failed.attempts
    });
    this.options.log("warn", {
      task: task.id,
      task_status: "failed",
      category,
      attempts: `${failed.attempts}/${failed.max_attempts}`
    });
  }
  /** Session end: a task claimed but never worked on goes back to what it was; STATS; the lock is released. */
  async close(reason) {
    try {
      if (this.current) {
        const { task, previous, claim } = this.current;
        await this.backOnBranch(task);
        const untouched = await headCommit(this.options.cwd) === task.started_at_commit && !await taskHasChanges(this.tree, claim);
        if (untouched) {
          if (claim) await this.settle(task.id, claim, false);
          let file = this.withTask(previous);
          if (this.counted && this.tasksThisSession === 0) {
            file = { ...file, session_count: this.session - 1 };
            this.counted = false;
          }
          await this.save(file);
        }
        this.current = null;
      }
      await this.writeStats(reason);
    } finally {
      await this.lock.release();
    }
  }
  /** HEAD back on the branch the task started on, if the agent left it; noted in the progress log. */
  async backOnBranch(task) {
    if (!task.started_on_branch) return;
    const moved = await returnToBranch(
      this.options.cwd,
      task.started_on_branch,
      task.started_at_commit
    ).catch((error) => `could not return to branch ${task.started_on_branch}: ${error.message}`);
    if (moved !== null) await this.note({ type: "WARN", taskId: task.id, message: moved });
  }
  async writeStats(reason) {
    const stats = taskStats(this.file.tasks);
    await this.note({ type: "STATS", message: formatStats(stats) });
    await this.note({ type: "LOCK", message: lockReleased() });
    await this.options.emit({ event: "task_stats", reason, ...stats });
  }
  /**
   * The agent records checkpoints in the task file while the session runs (`tasks checkpoint`). Only those are
   * taken from disk: statuses, attempts and everything else stay as the harness holds them, so an agent that
   * edits the file cannot complete its own task.
   */
  async takeCheckpoints(id) {
    const onDisk = await readTaskFile(this.path).catch(() => null);
    const theirs = onDisk?.file.tasks.find((t) => t.id === id)?.checkpoints ?? [];
    const ours = this.fresh(id);
    if (ours && theirs.length > ours.checkpoints.length) {
      this.file = this.withTask({ ...ours, checkpoints: theirs });
    }
  }
  containment() {
    const { cookie, signal } = this.options;
    return { ...cookie !== void 0 ? { cookie } : {}, ...signal !== void 0 ? { signal } : {} };
  }
  fresh(id) {
    return this.file.tasks.find((t) => t.id === id);
  }
  withTask(task) {
    return { ...this.file, tasks: this.file.tasks.map((t) => t.id === task.id ? task : t) };
  }
  async save(file) {
    this.file = file;
    await writeTaskFile(this.path, file);
  }
}
function lastLine(text) {
  return text.trim().split("\n").at(-1) ?? "";
}

async function announceContainment(opened, logger, emit) {
  for (const swept of opened.swept) {
    if (swept.count === 0) {
      logger.log("debug", {
        recovery: "orphan_cgroup",
        cgroup: swept.where,
        previous_pid: swept.previousPid
      });
      continue;
    }
    logger.log("warn", {
      recovery: "orphan_cgroup",
      cgroup: swept.where,
      count: swept.count,
      previous_pid: swept.previousPid
    });
    await emit({ event: "orphan_processes_killed", count: swept.count, previous_pid: swept.previousPid });
  }
  const { containment, path } = opened.run;
  if (containment.kind === "none")
    logger.log("warn", { containment: "none", reason: containment.reason, escapes: escapes(containment) });
  else logger.log("info", { containment: containment.kind, ...path !== null ? { cgroup: path } : {} });
}

async function protectLoopFiles(config, paths, logger) {
  let prefix;
  try {
    prefix = await repoPrefix(paths.cwd);
  } catch {
    return;
  }
  const patterns = config.output.git_exclude ? harnessGitView(harnessFiles(paths), paths.cwd, prefix).ignorePatterns : [];
  await excludeLocally(paths.cwd, patterns).catch(
    (error) => logger.log("warn", { git_exclude: `could not update the local exclude file: ${error.message}` })
  );
}

function earlyStopExit(stop, driverStop) {
  return stop.forced && stop.forcedBy !== "time_budget" ? EXIT.forced : driverStop.exitCode ?? EXIT.ok;
}

function loopFacts(event, context) {
  const ended = context.endedAtMs;
  return {
    key: loopKey(context.run, event.global),
    source: "loop",
    started_at: new Date(ended - event.duration_secs * 1e3).toISOString(),
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
    phase: event.phase ?? null
  };
}

const CLAUDE_TYPES = /* @__PURE__ */ new Set([
  "system",
  "assistant",
  "user",
  "stream_event",
  "rate_limit_event"
]);
const GEMINI_TYPES = /* @__PURE__ */ new Set(["init", "message", "tool_use", "tool_result"]);
const CODEX_PREFIXES = ["thread.", "turn.", "item."];
const WORKER_TYPES = /* @__PURE__ */ new Set(["start", "iteration"]);
const MAX_LINES = 50;
const TYPE_HEAD = /^\{"type":"([a-z_.]+)"/;
function formatOfType(type, event) {
  if (CLAUDE_TYPES.has(type)) return "claude";
  if (GEMINI_TYPES.has(type)) return "gemini";
  if (CODEX_PREFIXES.some((p) => type.startsWith(p))) return "codex";
  if (WORKER_TYPES.has(type)) return "json-actions";
  if (type === "result" && event !== null) {
    if ("task_id" in event) return "json-actions";
    if ("subtype" in event || "is_error" in event) return "claude";
    if ("status" in event || "stats" in event) return "gemini";
  }
  return null;
}
function detectFormat(firstLines) {
  let seen = 0;
  for (const raw of firstLines.split("\n")) {
    if (seen++ >= MAX_LINES) break;
    const line = raw.trim();
    if (!line.startsWith("{")) continue;
    let event = null;
    try {
      const value = JSON.parse(line);
      if (typeof value === "object" && value !== null && !Array.isArray(value))
        event = value;
    } catch {
    }
    const type = event === null ? TYPE_HEAD.exec(line)?.[1] ?? null : event.type;
    if (typeof type !== "string") continue;
    const format = formatOfType(type, event);
    if (format !== null) return format;
  }
  return "text";
}

const DETECT_BYTES = 64 * 1024;
const READ_CHUNK = 1024 * 1024;
const INFLATE_CHUNK = 256 * 1024;
async function readDecompressed(path, consume) {
  const source = createReadStream(path, { highWaterMark: READ_CHUNK });
  if (compressionOf(path) === null) return pipeline(source, consume);
  return pipeline(source, decompressorFor(path, { chunkSize: INFLATE_CHUNK }), consume);
}
class TailWindow {
  constructor(limit) {
    this.limit = limit;
  }
  limit;
  chunks = [];
  bytes = 0;
  push(chunk) {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.chunks.length > 1 && this.bytes - (this.chunks[0]?.length ?? 0) >= this.limit) {
      this.bytes -= this.chunks.shift()?.length ?? 0;
    }
  }
  /** The last `n` bytes held. */
  last(n) {
    const all = Buffer.concat(this.chunks, this.bytes);
    return all.length > n ? all.subarray(all.length - n) : all;
  }
}
function counting(inner) {
  let live = inner.wanted();
  let after = 0;
  const scan = {
    block: (text) => live && inner.block(text),
    line(raw, mayMatch, cut) {
      if (live) live = inner.line(raw, mayMatch, cut);
      else after++;
      return true;
    },
    wanted: () => true,
    result: () => inner.result()
  };
  return { scan, lines: () => inner.result().lines + after };
}
function startScan(reading, format, options) {
  const adapter = adapterFor(format);
  const scan = createLineScan({
    patterns: options.commitPatterns,
    agentText: adapter.agentText,
    toolCalls: adapter.toolCalls,
    turnShape: adapter.turnShape
  });
  const wrapped = counting(scan);
  const splitter = lineSplitter(wrapped.scan);
  Object.assign(reading, { format, scan, splitter, lines: wrapped.lines });
  return splitter;
}
function detectAndStart(reading, options) {
  const first = Buffer.concat(reading.head, reading.headBytes);
  reading.head = [];
  const splitter = startScan(reading, detectFormat(first.toString("utf8")), options);
  splitter.push(first);
  return splitter;
}
async function extractTranscript(path, options) {
  const hash = createHash("sha256");
  const tail = new TailWindow(WIDE_TAIL_BYTES);
  let bytes = 0;
  const reading = {
    format: null,
    scan: null,
    splitter: null,
    lines: () => 0,
    head: [],
    headBytes: 0
  };
  if (options.format !== void 0) startScan(reading, options.format, options);
  await readDecompressed(path, async (input) => {
    for await (const chunk of input) {
      bytes += chunk.length;
      hash.update(chunk);
      tail.push(chunk);
      if (reading.splitter !== null) {
        reading.splitter.push(chunk);
        continue;
      }
      reading.head.push(chunk);
      reading.headBytes += chunk.length;
      if (reading.headBytes >= DETECT_BYTES) detectAndStart(reading, options);
    }
  });
  (reading.splitter ?? detectAndStart(reading, options)).end();
  const format = reading.format ?? "text";
  const adapter = adapterFor(format);
  const scanned = reading.scan?.result() ?? null;
  const [tailString, complete] = tailText(tail, bytes);
  const verdict = adapter.classify(tailString, complete, {
    patterns: options.rateLimitPatterns,
    now_ms: options.nowMs
  });
  let metrics = verdict.metrics;
  if (metrics.tool_calls === null && scanned !== null && scanned.toolCalls !== null)
    metrics = { ...metrics, tool_calls: scanned.toolCalls };
  metrics = withTurnShape(metrics, scanned?.turns ?? null, adapter.reportsTurns);
  const decision = classifyOutcome({
    endReason: "exited",
    outputBytes: bytes,
    minOutputBytes: options.minOutputBytes,
    verdict
  });
  const pattern = scanned?.matchedPattern ?? null;
  return {
    sha256: bytes === 0 ? null : hash.digest("hex"),
    bytes,
    lines: reading.lines(),
    format,
    model: metrics.model,
    turns: metrics.turns,
    narration_turns: metrics.narration_turns,
    parallel_turns: metrics.parallel_turns,
    tool_calls: metrics.tool_calls,
    input_tokens: metrics.input_tokens,
    output_tokens: metrics.output_tokens,
    cache_read_tokens: metrics.cache_read_tokens,
    cache_write_tokens: metrics.cache_write_tokens,
    cost_usd: metrics.cost_usd,
    agent_duration_ms: metrics.agent_duration_ms,
    // `cancelled` needs a forced end, which a file never shows.
    outcome: decision.outcome === "cancelled" ? "failed" : decision.outcome,
    failure_kind: decision.failure?.kind ?? null,
    failure_reason: decision.failure?.reason ?? null,
    committed: pattern !== null,
    commit_evidence: pattern === null ? null : "pattern",
    commit_pattern: pattern
  };
}
function tailText(tail, bytes) {
  const narrow = tail.last(TAIL_BYTES);
  const complete = narrow.length === bytes;
  const text = decodeTail(narrow, !complete);
  if (complete || text.trimEnd().includes("\n")) return [text, complete];
  const wide = tail.last(WIDE_TAIL_BYTES);
  return [decodeTail(wide, wide.length < bytes), wide.length === bytes];
}

function compact(n) {
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (abs >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
const usd = (n) => `$${n.toFixed(2)}`;
function duration(secs) {
  const s = Math.round(secs);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor(s % 3600 / 60)).padStart(2, "0")}m`;
}
const when = (iso) => iso.replace("T", " ").slice(0, 16);
function num(n) {
  const rounded = Math.round(n * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}
function table(header, rows, left = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells) => cells.map((c, i) => i < left ? c.padEnd(widths[i]) : c.padStart(widths[i])).join("  ").trimEnd();
  return [line(header), ...rows.map(line)];
}

function sessionNumberOf(fileName) {
  const match = /(?:^|[-_.])(\d+)\.jsonl(?:\.gz|\.zst)?$/.exec(fileName);
  return match === null ? null : Number(match[1]);
}
function transcriptNumber(fileName, prefix) {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`^(?:${escaped}-)?(\\d+)\\.jsonl(?:\\.gz|\\.zst)?$`).exec(fileName);
  return match === null ? null : Number(match[1]);
}
const inRange = (n, from, to) => (from === void 0 || n >= from) && (to === void 0 || n <= to);
const plural = (n, what) => `${n} ${what}${n === 1 ? "" : "s"}`;
function ingestLine(result) {
  switch (result.kind) {
    case "recorded": {
      const f = result.facts;
      const tokens = f.input_tokens === null && f.output_tokens === null ? null : (f.input_tokens ?? 0) + (f.output_tokens ?? 0);
      const parts = [
        f.global === null ? null : `session ${f.global}`,
        f.format,
        f.outcome,
        f.turns === null ? null : plural(f.turns, "turn"),
        f.tool_calls === null ? null : plural(f.tool_calls, "tool call"),
        tokens === null ? null : `${compact(tokens)} tokens`,
        f.cost_usd === null ? null : usd(f.cost_usd),
        f.committed === null ? null : f.committed ? "committed" : "no commit"
      ].filter((p) => p !== null);
      return `recorded ${result.file}: ${parts.join(", ")}`;
    }
    case "already":
      return result.sameAs === void 0 ? `already recorded ${result.file}` : `already recorded ${result.file} (the same content as ${result.sameAs})`;
    case "skipped":
      return `skipped ${result.file}: 0 bytes, nothing to record`;
    case "error":
      return `error ${result.file}: ${result.message}`;
  }
}
function ingestSummary(results) {
  const n = (kind) => results.filter((r) => r.kind === kind).length;
  const errors = n("error");
  return `${results.length} file${results.length === 1 ? "" : "s"}: ${n("recorded")} recorded, ${n("already")} already recorded, ${n("skipped")} skipped (0 bytes), ${errors} error${errors === 1 ? "" : "s"}`;
}

function transcriptCounters(facts) {
  return {
    format: facts.format,
    model: facts.model,
    turns: facts.turns,
    narration_turns: facts.narration_turns,
    parallel_turns: facts.parallel_turns,
    tool_calls: facts.tool_calls,
    input_tokens: facts.input_tokens,
    output_tokens: facts.output_tokens,
    cache_read_tokens: facts.cache_read_tokens,
    cache_write_tokens: facts.cache_write_tokens,
    cost_usd: facts.cost_usd
  };
}
function rebuildFacts(row, facts) {
  if (facts.sha256 === null || row.sha256 !== null && facts.sha256 !== row.sha256) return null;
  const counters = transcriptCounters(facts);
  if (row.source === "loop" || row.outcome === CUT_SHORT) return counters;
  return {
    ...counters,
    outcome: facts.outcome,
    failure_kind: facts.failure_kind,
    failure_reason: facts.failure_reason,
    duration_secs: facts.agent_duration_ms === null ? null : facts.agent_duration_ms / 1e3,
    output_bytes: facts.bytes,
    committed: facts.committed,
    commit_evidence: facts.commit_evidence
  };
}

const ingestKey = (name, sha256) => `file:${transcriptName(name)}:${sha256}`;
function ingestFacts(facts, file) {
  const ended = new Date(file.mtimeMs);
  const durationSecs = facts.agent_duration_ms === null ? null : facts.agent_duration_ms / 1e3;
  return {
    key: ingestKey(file.name, facts.sha256),
    source: "ingest",
    started_at: durationSecs === null ? null : new Date(ended.getTime() - durationSecs * 1e3).toISOString(),
    ended_at: ended.toISOString(),
    transcript: file.path,
    sha256: facts.sha256,
    global: sessionNumberOf(file.name),
    iteration: null,
    run: null,
    ...transcriptCounters(facts),
    outcome: facts.outcome,
    failure_kind: facts.failure_kind,
    failure_reason: facts.failure_reason,
    duration_secs: durationSecs,
    output_bytes: facts.bytes,
    exit_code: null,
    committed: facts.committed,
    commit_evidence: facts.commit_evidence,
    task_id: null,
    plan_id: null,
    phase: null
  };
}
function cutShortFacts(facts, file, context) {
  const ended = new Date(file.mtimeMs);
  const durationSecs = facts.agent_duration_ms === null ? null : facts.agent_duration_ms / 1e3;
  return {
    key: loopKey(context.run, file.global),
    source: context.source,
    started_at: durationSecs === null ? null : new Date(ended.getTime() - durationSecs * 1e3).toISOString(),
    ended_at: ended.toISOString(),
    transcript: file.path,
    sha256: facts.sha256,
    global: file.global,
    iteration: null,
    run: context.run,
    ...transcriptCounters(facts),
    outcome: CUT_SHORT,
    failure_kind: null,
    failure_reason: null,
    duration_secs: durationSecs,
    output_bytes: facts.bytes,
    exit_code: null,
    committed: facts.committed ? true : null,
    commit_evidence: facts.commit_evidence,
    task_id: null,
    plan_id: null,
    phase: null
  };
}

const UNKNOWN_RUN = "unknown";
function logView() {
  const view = { runs: [], completed: [] };
  return {
    view,
    add(line) {
      const start = line.includes('"loop_start"');
      if (!start && !line.includes('"session_complete"')) return;
      const parsed = parseEventLine(line);
      if (parsed.kind !== "event") return;
      const event = parsed.event;
      if (event.event === "loop_start") {
        if (typeof event.global !== "number") return;
        view.runs.push({ id: `pid${event.pid ?? "?"}@${event.ts ?? "?"}`, first: event.global });
        return;
      }
      if (event.event !== "session_complete" || event.v !== EVENT_LOG_VERSION) return;
      const { ts, v: _v, ...rest } = event;
      view.completed.push({ event: rest, ts, run: view.runs.at(-1)?.id ?? null });
    }
  };
}
function runOf(runs, global) {
  let found = null;
  for (const run of runs) if (run.first <= global) found = run.id;
  return found;
}
function findUnrecorded(input) {
  const { log, files, known } = input;
  const bySlot = new Map(files.map((file) => [transcriptSlot(file.global, file.path), file]));
  const logged = /* @__PURE__ */ new Set();
  const found = [];
  for (const { event, ts, run } of log.completed) {
    const slot = transcriptSlot(event.global, event.output_file);
    if (logged.has(slot)) continue;
    logged.add(slot);
    if (known.has(slot)) continue;
    found.push({ kind: "completed", event, ts, run: run ?? UNKNOWN_RUN, file: bySlot.get(slot) ?? null });
  }
  const hint = input.hint ?? null;
  for (const [slot, file] of bySlot) {
    if (known.has(slot) || logged.has(slot)) continue;
    const hinted = hint !== null && transcriptSlot(hint.global, hint.output_file) === slot;
    const run = hinted ? hint.run : runOf(log.runs, file.global);
    if (run !== null) found.push({ kind: "cut_short", file, run });
  }
  return found;
}

async function readLogView(path) {
  const view = logView();
  if (path === null) return view.view;
  try {
    if (!(await stat(path)).isFile()) return view.view;
    const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
    for await (const line of lines) view.add(line);
  } catch {
  }
  return view.view;
}
async function pendingSessions(store, input) {
  const [log, files] = await Promise.all([
    readLogView(input.eventLog),
    transcriptFiles(input.outputDir, input.prefix)
  ]);
  return findUnrecorded({ log, files, known: store.sessionTranscripts(), hint: input.hint ?? null });
}
const stateOf = (file) => file === null ? "plain" : compressionOf(file.path) ?? "plain";
async function pendingFacts(entry, input, source) {
  if (entry.kind === "cut_short") {
    const extracted = await extractTranscript(entry.file.path, input.extract);
    return {
      facts: cutShortFacts(extracted, entry.file, { run: entry.run, source }),
      transcript: { path: entry.file.path, bytes: extracted.bytes, state: stateOf(entry.file) }
    };
  }
  const { event, file } = entry;
  const sha256 = file !== null && event.output_bytes > 0 ? await sha256File(
    file.path,
    compressionOf(file.path) === null ? void 0 : decompressorFor(file.path)
  ) : null;
  const facts = loopFacts(event, {
    sha256,
    run: entry.run,
    format: input.format,
    endedAtMs: Date.parse(entry.ts)
  });
  return {
    facts,
    transcript: { path: file?.path ?? event.output_file, bytes: event.output_bytes, state: stateOf(file) }
  };
}
async function recordPending(store, input) {
  const report = { completed: 0, cutShort: 0, problems: [] };
  for (const entry of await pendingSessions(store, input)) {
    let pending;
    try {
      pending = await pendingFacts(entry, input, "loop");
    } catch (error) {
      const path = entry.kind === "cut_short" ? entry.file.path : entry.file?.path ?? entry.event.output_file;
      report.problems.push({ path, why: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const tags = ["recovered", entry.kind === "cut_short" ? "cut_short" : "event_log"];
    if (store.record(pending.facts, "loop", { ...pending.transcript, tags }) === "recorded") {
      if (entry.kind === "cut_short") report.cutShort++;
      else report.completed++;
    }
  }
  return report;
}

const DAY_MS = 24 * 60 * 60 * 1e3;
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
function retentionPlan(input) {
  const { storage, nowMs } = input;
  const compressing = storage.keep_last > 0 || storage.keep_days > 0;
  const deleting = storage.delete_after_days > 0;
  const plan = { actions: [], unrecorded: [] };
  if (!compressing && !deleting) return plan;
  const newestFirst = [...input.files].sort((a, b) => b.global - a.global);
  newestFirst.forEach((file, index) => {
    if (input.running.has(file.path)) return;
    const ageMs = nowMs - file.mtimeMs;
    const kept = storage.keep_last > 0 && index < storage.keep_last || storage.keep_days > 0 && ageMs < storage.keep_days * DAY_MS;
    if (kept) return;
    const wantsDelete = deleting && ageMs >= storage.delete_after_days * DAY_MS;
    const wantsCompress = compressing && file.compression === null;
    if (!wantsDelete && !wantsCompress) return;
    if (file.bytes === 0 && file.compression === null) {
      if (wantsDelete) plan.actions.push({ kind: "delete", file, sha256: EMPTY_SHA256 });
      return;
    }
    const sha256 = input.recorded(file);
    if (sha256 === null) {
      plan.unrecorded.push(file);
      return;
    }
    if (wantsDelete) plan.actions.push({ kind: "delete", file, sha256 });
    else plan.actions.push({ kind: "compress", file, sha256, compression: input.compression });
  });
  return plan;
}

const retentionEnabled = (storage) => storage.keep_last > 0 || storage.keep_days > 0 || storage.delete_after_days > 0;
function recordedLookup(records) {
  const byPath = /* @__PURE__ */ new Map();
  const byName = /* @__PURE__ */ new Map();
  for (const record of records) {
    if (record.state === "deleted") continue;
    byPath.set(record.path, record);
    byName.set(record.name, [...byName.get(record.name) ?? [], record]);
  }
  return (file) => {
    const exact = byPath.get(file.path);
    if (exact) return exact.sha256;
    if (file.compression !== null) return null;
    const named = byName.get(file.name)?.find((r) => r.bytes === file.bytes && r.state === "plain");
    return named?.sha256 ?? null;
  };
}
async function applyRetention(input) {
  const report = { compressed: [], deleted: [], unrecorded: [], problems: [] };
  if (!retentionEnabled(input.storage)) return report;
  const files = await transcriptFiles(input.outputDir, input.prefix);
  const compression = input.storage.compression === "zstd" && !zstdAvailable() ? "gzip" : input.storage.compression;
  const plan = retentionPlan({
    files,
    storage: input.storage,
    nowMs: input.nowMs,
    recorded: recordedLookup(input.store.transcripts()),
    running: new Set(input.running ?? []),
    compression
  });
  report.unrecorded = plan.unrecorded.map((f) => f.path);
  for (const action of plan.actions) {
    const { file, sha256 } = action;
    try {
      if (action.kind === "delete") {
        await unlink(file.path);
        input.store.markTranscript(sha256, file.name, "deleted", file.path);
        report.deleted.push(file.path);
        continue;
      }
      const result = await compressFile(file.path, action.compression, sha256);
      if (result.kind === "changed") {
        report.problems.push({
          path: file.path,
          why: "its bytes changed since it was recorded: left as it is"
        });
        continue;
      }
      input.store.markTranscript(sha256, file.name, action.compression, result.path);
      report.compressed.push(result.path);
    } catch (error) {
      report.problems.push({ path: file.path, why: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}

function extractOptions(config, nowMs = Date.now()) {
  return {
    commitPatterns: config.commit_detection.patterns.map((p) => compilePattern(p)),
    minOutputBytes: config.watchdog.min_output_bytes,
    rateLimitPatterns: config.rate_limit.patterns.map((p) => compilePattern(p)),
    nowMs
  };
}

const LATER = "the event log keeps the session; the next start with room on the disk records it (or `agent-harness metrics ingest`)";
function openSessionRecorder(input) {
  const { config, paths, run, clock, logger } = input;
  const database = paths.metricsDb;
  if (database === null) return null;
  if (sqliteModule() === null) {
    logger.log("warn", {
      metrics: "off",
      why: `this Node (${process.version}) has no node:sqlite; sessions are not recorded (Node >= 22.13 has it)`
    });
    return null;
  }
  const others = [
    paths.outputDir,
    dirname(paths.status),
    dirname(paths.counter),
    ...paths.eventLog === null ? [] : [dirname(paths.eventLog)]
  ];
  const reconcile = {
    eventLog: paths.eventLog,
    outputDir: paths.outputDir,
    prefix: paths.outputPrefix,
    format: config.agent.format,
    extract: extractOptions(config, clock.now())
  };
  let store = null;
  let behind = false;
  const storeWithRoom = (global) => {
    const room = historyRoom(database, others);
    if (!room.ok) {
      logger.log("warn", {
        metrics: "deferred",
        ...global === null ? {} : { global },
        why: roomMessage(room),
        fix: LATER
      });
      return null;
    }
    if (store !== null) return store;
    try {
      store = MetricsStore.open(database);
    } catch (error) {
      if (!isSpaceError(error)) throw error;
      logger.log("warn", { metrics: "deferred", why: message(error), fix: LATER });
      return null;
    }
    for (const note of store.notes) logger.log("warn", { metrics: "migrated", note });
    return store;
  };
  if (storeWithRoom(null) === null) behind = true;
  const catchUp = async () => {
    const open = storeWithRoom(null);
    if (open === null) return;
    const report = await recordPending(open, { ...reconcile, hint: await runningHint(paths.status) });
    if (report.completed > 0 || report.cutShort > 0)
      logger.log("warn", {
        metrics: "recorded_later",
        from_event_log: report.completed,
        cut_short: report.cutShort
      });
    for (const problem of report.problems)
      logger.log("warn", { metrics: "not_recorded", file: problem.path, why: problem.why, fix: LATER });
    truncateWal(open);
    behind = false;
  };
  const record = async (event) => {
    const open = storeWithRoom(event.global);
    if (open === null) {
      behind = true;
      return;
    }
    const sha256 = event.output_bytes > 0 ? await sha256File(event.output_file).catch(() => null) : null;
    const facts = loopFacts(event, { sha256, run, format: config.agent.format, endedAtMs: clock.now() });
    try {
      open.record(facts, "loop", { path: event.output_file, bytes: event.output_bytes });
    } finally {
      truncateWal(open);
    }
    if (behind) await catchUp();
  };
  const retain = async () => {
    if (store === null || !retentionEnabled(config.storage)) return;
    const report = await applyRetention({
      store,
      storage: config.storage,
      outputDir: paths.outputDir,
      prefix: paths.outputPrefix,
      nowMs: clock.now()
    });
    if (report.compressed.length > 0 || report.deleted.length > 0)
      logger.log("info", {
        retention: "done",
        compressed: report.compressed.length,
        deleted: report.deleted.length
      });
    if (report.unrecorded.length > 0)
      logger.log("warn", {
        retention: "not_recorded",
        left: report.unrecorded.length,
        fix: "record them with `agent-harness metrics ingest FILE...`"
      });
    for (const problem of report.problems)
      logger.log("warn", { retention: "left", file: problem.path, why: problem.why });
  };
  return {
    wrap: (sink) => ({
      emit: async (event) => {
        if (event.event !== "session_complete") return sink.emit(event);
        await safely(event, "not_recorded", () => record(event));
        await sink.emit(event);
        await safely(event, "retention_failed", retain);
      }
    }),
    catchUp: async () => {
      try {
        await catchUp();
      } catch (error) {
        logger.log("warn", { metrics: "not_recorded", error: message(error), fix: LATER });
      }
    },
    close: () => store?.close()
  };
  async function safely(event, what, work) {
    try {
      await work();
    } catch (error) {
      if (what === "not_recorded") behind = true;
      logger.log("warn", {
        metrics: what,
        global: event.global,
        error: message(error),
        ...what === "not_recorded" ? { fix: LATER } : {}
      });
    }
  }
}
const message = (error) => error instanceof Error ? error.message : String(error);
function truncateWal(store) {
  try {
    store.checkpoint();
  } catch {
  }
}
async function runningHint(statusPath) {
  try {
    const status = await readStatus(statusPath);
    if (status === null || status.state === "stopped" || !status.output_file || !status.cookie) return null;
    return { run: status.cookie, global: status.global_iteration, output_file: status.output_file };
  } catch {
    return null;
  }
}

async function runHarness(options) {
  const { config, cwd, clock, spawn, stop } = options;
  preflight(config, cwd, { promptFile: options.driver === void 0, self: options.self !== void 0 });
  const paths = resolvePaths(config, cwd);
  const cookie = newCookie();
  const lock = await acquireInstanceLock(paths.lock, { cookie, workDir: cwd });
  const reaper = startReaper(cookie, config.watchdog.kill_grace_secs * 1e3, spawn);
  let ports = null;
  let recorder = null;
  let containment = null;
  try {
    ports = await options.start({ config, cwd, paths, cookie, lock });
    const { logger } = ports;
    if (lock.reclaimedWhy !== null) {
      const from = lock.reclaimedFrom;
      const previous = from === null || from === "unreadable" ? "unreadable" : from.pid;
      logger.log("warn", { recovery: "stale_lock", previous_pid: previous, reason: lock.reclaimedWhy });
    }
    recorder = openSessionRecorder({ config, paths, run: cookie, clock, logger });
    const events = recorder ? recorder.wrap(ports.events) : ports.events;
    await recoverPreviousRun(paths.status, {
      clock,
      logger,
      emit: (event) => events.emit(event),
      killGraceMs: config.watchdog.kill_grace_secs * 1e3,
      staleLock: lock.reclaimedFrom
    });
    await recorder?.catchUp();
    const opened = await openContainment({
      cookie,
      env: options.env,
      clock,
      graceMs: config.watchdog.kill_grace_secs * 1e3
    });
    containment = opened.run;
    reaper.watch({ cgroup: containment.path });
    await announceContainment(opened, logger, (event) => events.emit(event));
    const tasks = options.driver ?? await TaskSession.open({
      cwd,
      paths,
      env: options.env,
      clock,
      spawn,
      emit: (event) => events.emit(event),
      log: (level, fields) => logger.log(level, fields),
      ...options.onlyTask !== void 0 ? { onlyTask: options.onlyTask } : {},
      cookie,
      signal: stop.interrupt,
      configFile: options.configFile ?? null
    });
    if (tasks !== null && "stop" in tasks) {
      logger.summary(`Task session not started: ${tasks.stop}`);
      const { next } = await resumeNumbering(paths, config.session.output_prefix);
      return {
        exitCode: earlyStopExit(stop, tasks),
        stopReason: tasks.stop,
        productive: 0,
        iterations: 0,
        trailingRateLimits: 0,
        global: next,
        started: false
      };
    }
    if (tasks === null) await protectLoopFiles(config, paths, logger);
    const budget = ports.budget?.();
    const summary = await runLoop({
      ...tasks ? { driver: tasks } : {},
      ...budget ? { budget } : {},
      config,
      cwd,
      stop,
      cookie,
      containment,
      reaper,
      previousRunRecovered: true,
      ...options.self ? { self: options.self } : {},
      ...options.configFile ? { configFile: options.configFile } : {},
      ...ports.stopSources ? { stopSources: ports.stopSources } : {},
      platform: { clock, logger, events, spawn }
    });
    return { ...summary, started: true };
  } finally {
    const inCgroups = await containment?.close(clock) ?? 0;
    if (inCgroups > 0) ports?.logger.log("warn", { run: "leftover_processes", by_cgroup: inCgroups });
    await endCarriers(cookie, 0, clock);
    recorder?.close();
    ports?.dispose?.();
    reaper.close();
    await lock.release();
  }
}

const LLM_FAILURE_KINDS = [
  "unreachable",
  "timeout",
  "http_error",
  "rate_limited",
  "authentication",
  "model_not_found",
  "bad_response",
  "command_failed",
  "cancelled"
];
class LlmError extends HarnessError {
  constructor(message, kind, status = null, retryAfterMs = null) {
    super(message, EXIT.modelUnreachable);
    this.kind = kind;
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
  kind;
  status;
  retryAfterMs;
  name = "LlmError";
}
function renderPrompt(messages) {
  return messages.map((message) => message.content).join("\n\n");
}
const NO_USAGE = { input_tokens: null, output_tokens: null };

class WorkerStateError extends HarnessError {
  constructor(file, problem, advice = "fix or restore it by hand (it is left as it is), or create a new task with `agent-harness worker new`") {
    super(`${file}: ${problem}; ${advice}`, EXIT.workerState);
    this.file = file;
  }
  file;
  name = "WorkerStateError";
}

function appendFileNamed(path, data) {
  try {
    appendFileSync(path, data);
  } catch (error) {
    throw new HarnessFileError(path, error);
  }
}
function removeFileNamed(path) {
  try {
    unlinkSync(path);
  } catch (error) {
    if (error.code !== "ENOENT")
      throw new HarnessFileError(path, error, "cannot remove");
  }
}
function readText(path, { what = "worker file", maxBytes = INPUT_MAX_BYTES } = {}) {
  try {
    return { text: readInputTextSync(path, { what, maxBytes }) };
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const e = error;
    return { code: e.code ?? "EIO", message: e.message };
  }
}

const TASK_FILES = {
  task: "task.json",
  state: "state.json",
  heartbeat: "heartbeat.json",
  actions: "actions.jsonl",
  pending: "pending.json",
  lock: "worker.lock",
  artifacts: "artifacts"
};
const WORKER_STATUSES = ["pending", "running", "stopped", "completed", "failed"];
const TERMINATION_REASONS = ["max_iterations", "timeout", "stopped", "interrupted", "fatal"];
const isoString = datetime({ offset: true, error: "must be an ISO 8601 timestamp" });
const count = number().int().nonnegative();
const taskSpecSchema = object({
  task_id: string().min(1),
  prompt: string(),
  constraints: object({
    max_iterations: number().int().positive(),
    timeout_seconds: number().positive(),
    allowed_paths: array(string().min(1)).min(1)
  }),
  created_at: isoString
});
const workerStateSchema = looseObject({
  status: _enum(WORKER_STATUSES),
  iteration: count,
  started_at: isoString.nullable(),
  updated_at: isoString,
  termination_reason: _enum(TERMINATION_REASONS).nullable(),
  error: object({ kind: string(), message: string() }).nullable().default(null),
  elapsed_ms: count.default(0),
  security_violations: count.default(0)
});
const taskFile = (dir, name) => join(dir, TASK_FILES[name]);
function readJson(path, what) {
  const read = readText(path, { what: what.replace(/^the /, "") });
  if ("code" in read) {
    if (read.code === "ENOENT")
      throw new WorkerStateError(
        path,
        `missing (${what})`,
        "is this a task directory? Create one with `agent-harness worker new`"
      );
    throw new WorkerStateError(path, `cannot be read (${read.code})`);
  }
  try {
    return JSON.parse(read.text);
  } catch (error) {
    throw new WorkerStateError(path, `is not valid JSON (${error.message})`);
  }
}
function validated(path, what, schema, value) {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 5).map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(top level)"}: ${issue.message}`);
  throw new WorkerStateError(path, `is not a valid ${what} (${problems.join("; ")})`);
}
function readTask(dir) {
  const path = taskFile(dir, "task");
  return validated(path, "task definition", taskSpecSchema, readJson(path, "the task definition"));
}
function readState(dir) {
  const path = taskFile(dir, "state");
  return validated(path, "task state", workerStateSchema, readJson(path, "the task state"));
}
function pendingState(now) {
  return {
    status: "pending",
    iteration: 0,
    started_at: null,
    updated_at: now,
    termination_reason: null,
    error: null,
    elapsed_ms: 0,
    security_violations: 0
  };
}
function adoptTaskDefinition(dir, now) {
  const path = taskFile(dir, "state");
  if (existsSync(path)) return false;
  readTask(dir);
  if (["actions", "heartbeat", "pending"].some((name) => existsSync(taskFile(dir, name))))
    return false;
  mkdirSync(join(dir, "artifacts"), { recursive: true });
  const aside = `${path}.${process.pid}.adopt`;
  writeFileSync(aside, `${JSON.stringify(pendingState(now), null, 2)}
`, { mode: 420 });
  try {
    linkSync(aside, path);
    return true;
  } catch (error) {
    if (error.code === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}
function writeState(dir, state) {
  writeFileAtomicSync(taskFile(dir, "state"), `${JSON.stringify(state, null, 2)}
`);
}
function writeHeartbeat(dir, heartbeat) {
  writeFileAtomicSync(taskFile(dir, "heartbeat"), `${JSON.stringify(heartbeat)}
`);
}
function readHeartbeat(dir) {
  try {
    const read = readText(taskFile(dir, "heartbeat"));
    if (!("text" in read)) return null;
    const value = JSON.parse(read.text);
    if (typeof value?.timestamp !== "string" || typeof value.iteration !== "number") return null;
    return value;
  } catch {
    return null;
  }
}
function writePending(dir, pending) {
  writeFileAtomicSync(taskFile(dir, "pending"), `${JSON.stringify(pending)}
`);
}
function appendPendingResult(dir, index, result) {
  appendFileNamed(taskFile(dir, "pending"), `${JSON.stringify({ action: index, result })}
`);
}
function readPending(dir) {
  const read = readText(taskFile(dir, "pending"), { what: "pending iteration", maxBytes: Infinity });
  if (!("text" in read)) return null;
  const [first = "", ...rest] = read.text.split("\n");
  let pending;
  try {
    const value = JSON.parse(first);
    if (value === null || !Number.isSafeInteger(value.iteration) || typeof value.llm_response !== "object" || !Array.isArray(value.results))
      return null;
    pending = value;
  } catch {
    return null;
  }
  for (const raw of rest) {
    if (raw === "") break;
    let entry;
    try {
      entry = JSON.parse(raw);
    } catch {
      break;
    }
    if (entry?.action !== pending.results.length || typeof entry.result !== "object" || entry.result === null)
      break;
    pending.results.push(entry.result);
  }
  return pending;
}
function removePending(dir) {
  removeFileNamed(taskFile(dir, "pending"));
}
function readActionLog(dir) {
  const read = readText(taskFile(dir, "actions"), { what: "action log", maxBytes: Infinity });
  if ("code" in read) {
    if (read.code === "ENOENT") return { lines: [], torn: false };
    throw new WorkerStateError(taskFile(dir, "actions"), `cannot be read (${read.message})`);
  }
  const text = read.text;
  const lines = [];
  for (const raw of text.split("\n")) {
    if (raw.trim() === "") continue;
    try {
      const value = JSON.parse(raw);
      if (value !== null && typeof value === "object" && Number.isSafeInteger(value.iteration))
        lines.push(value);
    } catch {
    }
  }
  return { lines, torn: text.length > 0 && !text.endsWith("\n") };
}
function appendActionLine(dir, line, torn = false) {
  appendFileNamed(taskFile(dir, "actions"), `${torn ? "\n" : ""}${JSON.stringify(line)}
`);
}

export { workerDenied as $, inRange as A, renderPrompt as B, taskFile as C, writeState as D, pendingState as E, writePending as F, appendPendingResult as G, readState as H, INIT_SCRIPT as I, writeHeartbeat as J, appendActionLine as K, LlmError as L, readTask as M, NO_USAGE as N, adoptTaskDefinition as O, ProgressLog as P, readActionLog as Q, readPending as R, StopController as S, TASK_FILES as T, removePending as U, WORKER_SETTINGS_ENV as V, WorkerStateError as W, exitForError as X, WORKER_TASK_ENV as Y, WORKER_DENIED_ENV as Z, readHeartbeat as _, acquireLock as a, startReaper as a0, configJsonSchema as a1, runHarness as a2, LLM_FAILURE_KINDS as a3, HARNESS_IDENTITY as a4, repoPrefix as a5, closestMatch as a6, addSpend as a7, NO_SPEND as a8, spendOf as a9, runShell as aa, excludeLocally as ab, lockDirFor as b, checkpointMessage as c, readyTasks as d, loadConfig as e, compact as f, num as g, duration as h, installSignalHandlers as i, extractOptions as j, extractTranscript as k, leafKeyPaths as l, ingestFacts as m, nextTaskId as n, pendingSessions as o, pendingFacts as p, rebuildFacts as q, readLockPid as r, sessionNumberOf as s, table as t, usd as u, validateDependencies as v, when as w, ingestLine as x, ingestSummary as y, transcriptNumber as z };
