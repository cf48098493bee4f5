import { stat, readFile, mkdir, rename, chmod, writeFile, readdir, lstat, readlink, unlink, statfs, open, rm, appendFile } from 'node:fs/promises';
import { extname, resolve, join, relative, isAbsolute, basename, dirname } from 'node:path';
import { al as _isoDateTime, am as ZodISODateTime, $ as toJSONSchema, a9 as configSchema, an as ConfigError, ao as formatValue, ap as tomlSyntaxHint, aq as PHASES, ar as DEFAULT_AGENT_ARGS, as as formatProblem, at as unknownKeyProblem, au as formatKeyPath, v as valueAt, av as mismatchProblem, ag as TIMER_LIMIT_REASON, r as resolvePaths, aw as findExecutable, ax as cgroupSetting, ay as CGROUP_VAR, az as parseObject, aA as asString, aB as asObject, aC as lastJsonEvent, aD as lastChars, aE as tailRecords, aF as truncate, aG as asNumber, aH as asText, aI as TEXT_WINDOW_CHARS, aJ as findEmbeddedObjects, aK as parseLineLenient, aL as RESULT_TEXT_CHARS, aM as errorMessages, aN as tailLines, aO as lastNonEmptyLine, aP as lastLines, aQ as runGit, U as within, aR as sweepLeftIsolations, aS as startRunRecord, aT as agentUserName, aU as createAgentUser, aV as grantTree, aW as removeAgentUser, aX as endAgentProcesses, aY as handBack, aZ as asAgentUser, a_ as OWNER_PLACES, a$ as agentEnvironment, b0 as agentUserEnv, b1 as probePrivilege, b2 as harnessFiles, b3 as inFamily, b4 as revokeTree, I as withCookie, J as terminateGroup, L as endCarriers, a1 as HarnessFileError, b5 as AgentProcesses, b6 as terminateAgent, b7 as endCarriersSaying, b8 as strongerEnd, T as TASK_FILE, P as PROGRESS_FILE, b9 as writeCounter, O as namingFile, ba as readTail, D as TAIL_BYTES, W as WIDE_TAIL_BYTES, x as isoSeconds, bb as writeStatus, ak as resumeNumbering, aa as newCookie, bc as recoverPreviousRun, a6 as sweepStaleTemps, bd as runName, be as parseScopeUnit, bf as orphanRuns, bg as scopeUnit, bh as cgroupDir, bi as endCgroup, bj as inScope, bk as processStart, bl as readFacts, bm as chooseContainment, bn as BASE_NAME, bo as subdirectories, bp as removeCgroup, bq as pidNamespace, br as sessionName, bs as moveInto, bt as isPopulated, ac as git, f as writeFileAtomic, bu as gitFailure, i as isPermanentlyFailed, bv as DEPENDENCY_TAG, bw as isRetryable, bx as hasDependencyError, by as processIdentity, bz as judgeLockHolder, s as systemClock, e as readTaskFile, bA as TaskFileError, bB as harnessGitView, t as taskStats, bC as formatStats, w as writeTaskFile, bD as escapes, bE as transcriptFiles, bF as zstdAvailable, bG as compressFile, bH as sqliteModule, M as MetricsStore, H as sha256File, a2 as acquireInstanceLock, bI as writeFileAtomicSync, ad as object, Z as array, o as string$1, k as number, g as looseObject, bJ as _enum } from './layout-DpojAxA-.js';
import require$$0 from 'process';
import require$$0__default from 'buffer';
import { H as HarnessError, E as EXIT, L as LoopError } from './exit-codes-CXhDj5n2.js';
import { statSync, readdirSync, readSync, closeSync, fstatSync, openSync, mkdirSync, readFileSync, rmSync, existsSync, unlinkSync, appendFileSync, writeFileSync, linkSync } from 'node:fs';
import { tmpdir, constants } from 'node:os';
import { randomBytes, createHash } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

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
      return `list of ${plural(typeLabel(asSchema(node["items"])))}`;
    case "object":
      if (node["properties"]) return "table of settings";
      return `table of ${plural(typeLabel(asSchema(node["additionalProperties"])))}`;
    default:
      return "value";
  }
}
const plural = (label) => /^(string|integer|number|boolean)$/.test(label) ? `${label}s` : label;
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

var dist = {};

var composer = {};

var directives = {};

var identity = {};

var hasRequiredIdentity;

function requireIdentity () {
	if (hasRequiredIdentity) return identity;
	hasRequiredIdentity = 1;

	const ALIAS = Symbol.for('yaml.alias');
	const DOC = Symbol.for('yaml.document');
	const MAP = Symbol.for('yaml.map');
	const PAIR = Symbol.for('yaml.pair');
	const SCALAR = Symbol.for('yaml.scalar');
	const SEQ = Symbol.for('yaml.seq');
	const NODE_TYPE = Symbol.for('yaml.node.type');
	const isAlias = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === ALIAS;
	const isDocument = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === DOC;
	const isMap = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === MAP;
	const isPair = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === PAIR;
	const isScalar = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === SCALAR;
	const isSeq = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === SEQ;
	function isCollection(node) {
	    if (node && typeof node === 'object')
	        switch (node[NODE_TYPE]) {
	            case MAP:
	            case SEQ:
	                return true;
	        }
	    return false;
	}
	function isNode(node) {
	    if (node && typeof node === 'object')
	        switch (node[NODE_TYPE]) {
	            case ALIAS:
	            case MAP:
	            case SCALAR:
	            case SEQ:
	                return true;
	        }
	    return false;
	}
	const hasAnchor = (node) => (isScalar(node) || isCollection(node)) && !!node.anchor;

	identity.ALIAS = ALIAS;
	identity.DOC = DOC;
	identity.MAP = MAP;
	identity.NODE_TYPE = NODE_TYPE;
	identity.PAIR = PAIR;
	identity.SCALAR = SCALAR;
	identity.SEQ = SEQ;
	identity.hasAnchor = hasAnchor;
	identity.isAlias = isAlias;
	identity.isCollection = isCollection;
	identity.isDocument = isDocument;
	identity.isMap = isMap;
	identity.isNode = isNode;
	identity.isPair = isPair;
	identity.isScalar = isScalar;
	identity.isSeq = isSeq;
	return identity;
}

var visit = {};

var hasRequiredVisit;

function requireVisit () {
	if (hasRequiredVisit) return visit;
	hasRequiredVisit = 1;

	var identity = requireIdentity();

	const BREAK = Symbol('break visit');
	const SKIP = Symbol('skip children');
	const REMOVE = Symbol('remove node');
	/**
	 * Apply a visitor to an AST node or document.
	 *
	 * Walks through the tree (depth-first) starting from `node`, calling a
	 * `visitor` function with three arguments:
	 *   - `key`: For sequence values and map `Pair`, the node's index in the
	 *     collection. Within a `Pair`, `'key'` or `'value'`, correspondingly.
	 *     `null` for the root node.
	 *   - `node`: The current node.
	 *   - `path`: The ancestry of the current node.
	 *
	 * The return value of the visitor may be used to control the traversal:
	 *   - `undefined` (default): Do nothing and continue
	 *   - `visit.SKIP`: Do not visit the children of this node, continue with next
	 *     sibling
	 *   - `visit.BREAK`: Terminate traversal completely
	 *   - `visit.REMOVE`: Remove the current node, then continue with the next one
	 *   - `Node`: Replace the current node, then continue by visiting it
	 *   - `number`: While iterating the items of a sequence or map, set the index
	 *     of the next step. This is useful especially if the index of the current
	 *     node has changed.
	 *
	 * If `visitor` is a single function, it will be called with all values
	 * encountered in the tree, including e.g. `null` values. Alternatively,
	 * separate visitor functions may be defined for each `Map`, `Pair`, `Seq`,
	 * `Alias` and `Scalar` node. To define the same visitor function for more than
	 * one node type, use the `Collection` (map and seq), `Value` (map, seq & scalar)
	 * and `Node` (alias, map, seq & scalar) targets. Of all these, only the most
	 * specific defined one will be used for each node.
	 */
	function visit$1(node, visitor) {
	    const visitor_ = initVisitor(visitor);
	    if (identity.isDocument(node)) {
	        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
	        if (cd === REMOVE)
	            node.contents = null;
	    }
	    else
	        visit_(null, node, visitor_, Object.freeze([]));
	}
	// Without the `as symbol` casts, TS declares these in the `visit`
	// namespace using `var`, but then complains about that because
	// `unique symbol` must be `const`.
	/** Terminate visit traversal completely */
	visit$1.BREAK = BREAK;
	/** Do not visit the children of the current node */
	visit$1.SKIP = SKIP;
	/** Remove the current node */
	visit$1.REMOVE = REMOVE;
	function visit_(key, node, visitor, path) {
	    const ctrl = callVisitor(key, node, visitor, path);
	    if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
	        replaceNode(key, path, ctrl);
	        return visit_(key, ctrl, visitor, path);
	    }
	    if (typeof ctrl !== 'symbol') {
	        if (identity.isCollection(node)) {
	            path = Object.freeze(path.concat(node));
	            for (let i = 0; i < node.items.length; ++i) {
	                const ci = visit_(i, node.items[i], visitor, path);
	                if (typeof ci === 'number')
	                    i = ci - 1;
	                else if (ci === BREAK)
	                    return BREAK;
	                else if (ci === REMOVE) {
	                    node.items.splice(i, 1);
	                    i -= 1;
	                }
	            }
	        }
	        else if (identity.isPair(node)) {
	            path = Object.freeze(path.concat(node));
	            const ck = visit_('key', node.key, visitor, path);
	            if (ck === BREAK)
	                return BREAK;
	            else if (ck === REMOVE)
	                node.key = null;
	            const cv = visit_('value', node.value, visitor, path);
	            if (cv === BREAK)
	                return BREAK;
	            else if (cv === REMOVE)
	                node.value = null;
	        }
	    }
	    return ctrl;
	}
	/**
	 * Apply an async visitor to an AST node or document.
	 *
	 * Walks through the tree (depth-first) starting from `node`, calling a
	 * `visitor` function with three arguments:
	 *   - `key`: For sequence values and map `Pair`, the node's index in the
	 *     collection. Within a `Pair`, `'key'` or `'value'`, correspondingly.
	 *     `null` for the root node.
	 *   - `node`: The current node.
	 *   - `path`: The ancestry of the current node.
	 *
	 * The return value of the visitor may be used to control the traversal:
	 *   - `Promise`: Must resolve to one of the following values
	 *   - `undefined` (default): Do nothing and continue
	 *   - `visit.SKIP`: Do not visit the children of this node, continue with next
	 *     sibling
	 *   - `visit.BREAK`: Terminate traversal completely
	 *   - `visit.REMOVE`: Remove the current node, then continue with the next one
	 *   - `Node`: Replace the current node, then continue by visiting it
	 *   - `number`: While iterating the items of a sequence or map, set the index
	 *     of the next step. This is useful especially if the index of the current
	 *     node has changed.
	 *
	 * If `visitor` is a single function, it will be called with all values
	 * encountered in the tree, including e.g. `null` values. Alternatively,
	 * separate visitor functions may be defined for each `Map`, `Pair`, `Seq`,
	 * `Alias` and `Scalar` node. To define the same visitor function for more than
	 * one node type, use the `Collection` (map and seq), `Value` (map, seq & scalar)
	 * and `Node` (alias, map, seq & scalar) targets. Of all these, only the most
	 * specific defined one will be used for each node.
	 */
	async function visitAsync(node, visitor) {
	    const visitor_ = initVisitor(visitor);
	    if (identity.isDocument(node)) {
	        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
	        if (cd === REMOVE)
	            node.contents = null;
	    }
	    else
	        await visitAsync_(null, node, visitor_, Object.freeze([]));
	}
	// Without the `as symbol` casts, TS declares these in the `visit`
	// namespace using `var`, but then complains about that because
	// `unique symbol` must be `const`.
	/** Terminate visit traversal completely */
	visitAsync.BREAK = BREAK;
	/** Do not visit the children of the current node */
	visitAsync.SKIP = SKIP;
	/** Remove the current node */
	visitAsync.REMOVE = REMOVE;
	async function visitAsync_(key, node, visitor, path) {
	    const ctrl = await callVisitor(key, node, visitor, path);
	    if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
	        replaceNode(key, path, ctrl);
	        return visitAsync_(key, ctrl, visitor, path);
	    }
	    if (typeof ctrl !== 'symbol') {
	        if (identity.isCollection(node)) {
	            path = Object.freeze(path.concat(node));
	            for (let i = 0; i < node.items.length; ++i) {
	                const ci = await visitAsync_(i, node.items[i], visitor, path);
	                if (typeof ci === 'number')
	                    i = ci - 1;
	                else if (ci === BREAK)
	                    return BREAK;
	                else if (ci === REMOVE) {
	                    node.items.splice(i, 1);
	                    i -= 1;
	                }
	            }
	        }
	        else if (identity.isPair(node)) {
	            path = Object.freeze(path.concat(node));
	            const ck = await visitAsync_('key', node.key, visitor, path);
	            if (ck === BREAK)
	                return BREAK;
	            else if (ck === REMOVE)
	                node.key = null;
	            const cv = await visitAsync_('value', node.value, visitor, path);
	            if (cv === BREAK)
	                return BREAK;
	            else if (cv === REMOVE)
	                node.value = null;
	        }
	    }
	    return ctrl;
	}
	function initVisitor(visitor) {
	    if (typeof visitor === 'object' &&
	        (visitor.Collection || visitor.Node || visitor.Value)) {
	        return Object.assign({
	            Alias: visitor.Node,
	            Map: visitor.Node,
	            Scalar: visitor.Node,
	            Seq: visitor.Node
	        }, visitor.Value && {
	            Map: visitor.Value,
	            Scalar: visitor.Value,
	            Seq: visitor.Value
	        }, visitor.Collection && {
	            Map: visitor.Collection,
	            Seq: visitor.Collection
	        }, visitor);
	    }
	    return visitor;
	}
	function callVisitor(key, node, visitor, path) {
	    if (typeof visitor === 'function')
	        return visitor(key, node, path);
	    if (identity.isMap(node))
	        return visitor.Map?.(key, node, path);
	    if (identity.isSeq(node))
	        return visitor.Seq?.(key, node, path);
	    if (identity.isPair(node))
	        return visitor.Pair?.(key, node, path);
	    if (identity.isScalar(node))
	        return visitor.Scalar?.(key, node, path);
	    if (identity.isAlias(node))
	        return visitor.Alias?.(key, node, path);
	    return undefined;
	}
	function replaceNode(key, path, node) {
	    const parent = path[path.length - 1];
	    if (identity.isCollection(parent)) {
	        parent.items[key] = node;
	    }
	    else if (identity.isPair(parent)) {
	        if (key === 'key')
	            parent.key = node;
	        else
	            parent.value = node;
	    }
	    else if (identity.isDocument(parent)) {
	        parent.contents = node;
	    }
	    else {
	        const pt = identity.isAlias(parent) ? 'alias' : 'scalar';
	        throw new Error(`Cannot replace node with ${pt} parent`);
	    }
	}

	visit.visit = visit$1;
	visit.visitAsync = visitAsync;
	return visit;
}

var hasRequiredDirectives;

function requireDirectives () {
	if (hasRequiredDirectives) return directives;
	hasRequiredDirectives = 1;

	var identity = requireIdentity();
	var visit = requireVisit();

	const escapeChars = {
	    '!': '%21',
	    ',': '%2C',
	    '[': '%5B',
	    ']': '%5D',
	    '{': '%7B',
	    '}': '%7D'
	};
	const escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, ch => escapeChars[ch]);
	class Directives {
	    constructor(yaml, tags) {
	        /**
	         * The directives-end/doc-start marker `---`. If `null`, a marker may still be
	         * included in the document's stringified representation.
	         */
	        this.docStart = null;
	        /** The doc-end marker `...`.  */
	        this.docEnd = false;
	        this.yaml = Object.assign({}, Directives.defaultYaml, yaml);
	        this.tags = Object.assign({}, Directives.defaultTags, tags);
	    }
	    clone() {
	        const copy = new Directives(this.yaml, this.tags);
	        copy.docStart = this.docStart;
	        return copy;
	    }
	    /**
	     * During parsing, get a Directives instance for the current document and
	     * update the stream state according to the current version's spec.
	     */
	    atDocument() {
	        const res = new Directives(this.yaml, this.tags);
	        switch (this.yaml.version) {
	            case '1.1':
	                this.atNextDocument = true;
	                break;
	            case '1.2':
	                this.atNextDocument = false;
	                this.yaml = {
	                    explicit: Directives.defaultYaml.explicit,
	                    version: '1.2'
	                };
	                this.tags = Object.assign({}, Directives.defaultTags);
	                break;
	        }
	        return res;
	    }
	    /**
	     * @param onError - May be called even if the action was successful
	     * @returns `true` on success
	     */
	    add(line, onError) {
	        if (this.atNextDocument) {
	            this.yaml = { explicit: Directives.defaultYaml.explicit, version: '1.1' };
	            this.tags = Object.assign({}, Directives.defaultTags);
	            this.atNextDocument = false;
	        }
	        const parts = line.trim().split(/[ \t]+/);
	        const name = parts.shift();
	        switch (name) {
	            case '%TAG': {
	                if (parts.length !== 2) {
	                    onError(0, '%TAG directive should contain exactly two parts');
	                    if (parts.length < 2)
	                        return false;
	                }
	                const [handle, prefix] = parts;
	                this.tags[handle] = prefix;
	                return true;
	            }
	            case '%YAML': {
	                this.yaml.explicit = true;
	                if (parts.length !== 1) {
	                    onError(0, '%YAML directive should contain exactly one part');
	                    return false;
	                }
	                const [version] = parts;
	                if (version === '1.1' || version === '1.2') {
	                    this.yaml.version = version;
	                    return true;
	                }
	                else {
	                    const isValid = /^\d+\.\d+$/.test(version);
	                    onError(6, `Unsupported YAML version ${version}`, isValid);
	                    return false;
	                }
	            }
	            default:
	                onError(0, `Unknown directive ${name}`, true);
	                return false;
	        }
	    }
	    /**
	     * Resolves a tag, matching handles to those defined in %TAG directives.
	     *
	     * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
	     *   `'!local'` tag, or `null` if unresolvable.
	     */
	    tagName(source, onError) {
	        if (source === '!')
	            return '!'; // non-specific tag
	        if (source[0] !== '!') {
	            onError(`Not a valid tag: ${source}`);
	            return null;
	        }
	        if (source[1] === '<') {
	            const verbatim = source.slice(2, -1);
	            if (verbatim === '!' || verbatim === '!!') {
	                onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
	                return null;
	            }
	            if (source[source.length - 1] !== '>')
	                onError('Verbatim tags must end with a >');
	            return verbatim;
	        }
	        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
	        if (!suffix)
	            onError(`The ${source} tag has no suffix`);
	        const prefix = this.tags[handle];
	        if (prefix) {
	            try {
	                return prefix + decodeURIComponent(suffix);
	            }
	            catch (error) {
	                onError(String(error));
	                return null;
	            }
	        }
	        if (handle === '!')
	            return source; // local tag
	        onError(`Could not resolve tag: ${source}`);
	        return null;
	    }
	    /**
	     * Given a fully resolved tag, returns its printable string form,
	     * taking into account current tag prefixes and defaults.
	     */
	    tagString(tag) {
	        for (const [handle, prefix] of Object.entries(this.tags)) {
	            if (tag.startsWith(prefix))
	                return handle + escapeTagName(tag.substring(prefix.length));
	        }
	        return tag[0] === '!' ? tag : `!<${tag}>`;
	    }
	    toString(doc) {
	        const lines = this.yaml.explicit
	            ? [`%YAML ${this.yaml.version || '1.2'}`]
	            : [];
	        const tagEntries = Object.entries(this.tags);
	        let tagNames;
	        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
	            const tags = {};
	            visit.visit(doc.contents, (_key, node) => {
	                if (identity.isNode(node) && node.tag)
	                    tags[node.tag] = true;
	            });
	            tagNames = Object.keys(tags);
	        }
	        else
	            tagNames = [];
	        for (const [handle, prefix] of tagEntries) {
	            if (handle === '!!' && prefix === 'tag:yaml.org,2002:')
	                continue;
	            if (!doc || tagNames.some(tn => tn.startsWith(prefix)))
	                lines.push(`%TAG ${handle} ${prefix}`);
	        }
	        return lines.join('\n');
	    }
	}
	Directives.defaultYaml = { explicit: false, version: '1.2' };
	Directives.defaultTags = { '!!': 'tag:yaml.org,2002:' };

	directives.Directives = Directives;
	return directives;
}

var Document = {};

var Alias = {};

var anchors = {};

var hasRequiredAnchors;

function requireAnchors () {
	if (hasRequiredAnchors) return anchors;
	hasRequiredAnchors = 1;

	var identity = requireIdentity();
	var visit = requireVisit();

	/**
	 * Verify that the input string is a valid anchor.
	 *
	 * Will throw on errors.
	 */
	function anchorIsValid(anchor) {
	    if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
	        const sa = JSON.stringify(anchor);
	        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
	        throw new Error(msg);
	    }
	    return true;
	}
	function anchorNames(root) {
	    const anchors = new Set();
	    visit.visit(root, {
	        Value(_key, node) {
	            if (node.anchor)
	                anchors.add(node.anchor);
	        }
	    });
	    return anchors;
	}
	/** Find a new anchor name with the given `prefix` and a one-indexed suffix. */
	function findNewAnchor(prefix, exclude) {
	    for (let i = 1; true; ++i) {
	        const name = `${prefix}${i}`;
	        if (!exclude.has(name))
	            return name;
	    }
	}
	function createNodeAnchors(doc, prefix) {
	    const aliasObjects = [];
	    const sourceObjects = new Map();
	    let prevAnchors = null;
	    return {
	        onAnchor: (source) => {
	            aliasObjects.push(source);
	            prevAnchors ?? (prevAnchors = anchorNames(doc));
	            const anchor = findNewAnchor(prefix, prevAnchors);
	            prevAnchors.add(anchor);
	            return anchor;
	        },
	        /**
	         * With circular references, the source node is only resolved after all
	         * of its child nodes are. This is why anchors are set only after all of
	         * the nodes have been created.
	         */
	        setAnchors: () => {
	            for (const source of aliasObjects) {
	                const ref = sourceObjects.get(source);
	                if (typeof ref === 'object' &&
	                    ref.anchor &&
	                    (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
	                    ref.node.anchor = ref.anchor;
	                }
	                else {
	                    const error = new Error('Failed to resolve repeated object (this should not happen)');
	                    error.source = source;
	                    throw error;
	                }
	            }
	        },
	        sourceObjects
	    };
	}

	anchors.anchorIsValid = anchorIsValid;
	anchors.anchorNames = anchorNames;
	anchors.createNodeAnchors = createNodeAnchors;
	anchors.findNewAnchor = findNewAnchor;
	return anchors;
}

var Node = {};

var applyReviver = {};

var hasRequiredApplyReviver;

function requireApplyReviver () {
	if (hasRequiredApplyReviver) return applyReviver;
	hasRequiredApplyReviver = 1;

	/**
	 * Applies the JSON.parse reviver algorithm as defined in the ECMA-262 spec,
	 * in section 24.5.1.1 "Runtime Semantics: InternalizeJSONProperty" of the
	 * 2021 edition: https://tc39.es/ecma262/#sec-json.parse
	 *
	 * Includes extensions for handling Map and Set objects.
	 */
	function applyReviver$1(reviver, obj, key, val) {
	    if (val && typeof val === 'object') {
	        if (Array.isArray(val)) {
	            for (let i = 0, len = val.length; i < len; ++i) {
	                const v0 = val[i];
	                const v1 = applyReviver$1(reviver, val, String(i), v0);
	                // eslint-disable-next-line @typescript-eslint/no-array-delete
	                if (v1 === undefined)
	                    delete val[i];
	                else if (v1 !== v0)
	                    val[i] = v1;
	            }
	        }
	        else if (val instanceof Map) {
	            for (const k of Array.from(val.keys())) {
	                const v0 = val.get(k);
	                const v1 = applyReviver$1(reviver, val, k, v0);
	                if (v1 === undefined)
	                    val.delete(k);
	                else if (v1 !== v0)
	                    val.set(k, v1);
	            }
	        }
	        else if (val instanceof Set) {
	            for (const v0 of Array.from(val)) {
	                const v1 = applyReviver$1(reviver, val, v0, v0);
	                if (v1 === undefined)
	                    val.delete(v0);
	                else if (v1 !== v0) {
	                    val.delete(v0);
	                    val.add(v1);
	                }
	            }
	        }
	        else {
	            for (const [k, v0] of Object.entries(val)) {
	                const v1 = applyReviver$1(reviver, val, k, v0);
	                if (v1 === undefined)
	                    delete val[k];
	                else if (v1 !== v0)
	                    val[k] = v1;
	            }
	        }
	    }
	    return reviver.call(obj, key, val);
	}

	applyReviver.applyReviver = applyReviver$1;
	return applyReviver;
}

var toJS = {};

var hasRequiredToJS;

function requireToJS () {
	if (hasRequiredToJS) return toJS;
	hasRequiredToJS = 1;

	var identity = requireIdentity();

	/**
	 * Recursively convert any node or its contents to native JavaScript
	 *
	 * @param value - The input value
	 * @param arg - If `value` defines a `toJSON()` method, use this
	 *   as its first argument
	 * @param ctx - Conversion context, originally set in Document#toJS(). If
	 *   `{ keep: true }` is not set, output should be suitable for JSON
	 *   stringification.
	 */
	function toJS$1(value, arg, ctx) {
	    // eslint-disable-next-line @typescript-eslint/no-unsafe-return
	    if (Array.isArray(value))
	        return value.map((v, i) => toJS$1(v, String(i), ctx));
	    if (value && typeof value.toJSON === 'function') {
	        // eslint-disable-next-line @typescript-eslint/no-unsafe-call
	        if (!ctx || !identity.hasAnchor(value))
	            return value.toJSON(arg, ctx);
	        const data = { aliasCount: 0, count: 1, res: undefined };
	        ctx.anchors.set(value, data);
	        ctx.onCreate = res => {
	            data.res = res;
	            delete ctx.onCreate;
	        };
	        const res = value.toJSON(arg, ctx);
	        if (ctx.onCreate)
	            ctx.onCreate(res);
	        return res;
	    }
	    if (typeof value === 'bigint' && !ctx?.keep)
	        return Number(value);
	    return value;
	}

	toJS.toJS = toJS$1;
	return toJS;
}

var hasRequiredNode;

function requireNode () {
	if (hasRequiredNode) return Node;
	hasRequiredNode = 1;

	var applyReviver = requireApplyReviver();
	var identity = requireIdentity();
	var toJS = requireToJS();

	class NodeBase {
	    constructor(type) {
	        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
	    }
	    /** Create a copy of this node.  */
	    clone() {
	        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
	        if (this.range)
	            copy.range = this.range.slice();
	        return copy;
	    }
	    /** A plain JavaScript representation of this node. */
	    toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
	        if (!identity.isDocument(doc))
	            throw new TypeError('A document argument is required');
	        const ctx = {
	            anchors: new Map(),
	            doc,
	            keep: true,
	            mapAsMap: mapAsMap === true,
	            mapKeyWarned: false,
	            maxAliasCount: typeof maxAliasCount === 'number' ? maxAliasCount : 100
	        };
	        const res = toJS.toJS(this, '', ctx);
	        if (typeof onAnchor === 'function')
	            for (const { count, res } of ctx.anchors.values())
	                onAnchor(res, count);
	        return typeof reviver === 'function'
	            ? applyReviver.applyReviver(reviver, { '': res }, '', res)
	            : res;
	    }
	}

	Node.NodeBase = NodeBase;
	return Node;
}

var hasRequiredAlias;

function requireAlias () {
	if (hasRequiredAlias) return Alias;
	hasRequiredAlias = 1;

	var anchors = requireAnchors();
	var visit = requireVisit();
	var identity = requireIdentity();
	var Node = requireNode();
	var toJS = requireToJS();

	let Alias$1 = class Alias extends Node.NodeBase {
	    constructor(source) {
	        super(identity.ALIAS);
	        this.source = source;
	        Object.defineProperty(this, 'tag', {
	            set() {
	                throw new Error('Alias nodes cannot have tags');
	            }
	        });
	    }
	    /**
	     * Resolve the value of this alias within `doc`, finding the last
	     * instance of the `source` anchor before this node.
	     */
	    resolve(doc, ctx) {
	        if (ctx?.maxAliasCount === 0)
	            throw new ReferenceError('Alias resolution is disabled');
	        let nodes;
	        if (ctx?.aliasResolveCache) {
	            nodes = ctx.aliasResolveCache;
	        }
	        else {
	            nodes = [];
	            visit.visit(doc, {
	                Node: (_key, node) => {
	                    if (identity.isAlias(node) || identity.hasAnchor(node))
	                        nodes.push(node);
	                }
	            });
	            if (ctx)
	                ctx.aliasResolveCache = nodes;
	        }
	        let found = undefined;
	        for (const node of nodes) {
	            if (node === this)
	                break;
	            if (node.anchor === this.source)
	                found = node;
	        }
	        if (found && ctx) {
	            const { anchors, doc, maxAliasCount } = ctx;
	            let data = anchors.get(found);
	            if (!data) {
	                // Resolve anchors for Node.prototype.toJS()
	                toJS.toJS(found, null, ctx);
	                data = anchors.get(found);
	            }
	            /* istanbul ignore if */
	            if (data?.res === undefined) {
	                const msg = 'This should not happen: Alias anchor was not resolved?';
	                throw new ReferenceError(msg);
	            }
	            if (maxAliasCount >= 0) {
	                data.count += 1;
	                if (data.aliasCount === 0)
	                    data.aliasCount = getAliasCount(doc, found, anchors);
	                if (data.count * data.aliasCount > maxAliasCount) {
	                    const msg = 'Excessive alias count indicates a resource exhaustion attack';
	                    throw new ReferenceError(msg);
	                }
	            }
	        }
	        return found;
	    }
	    toJSON(_arg, ctx) {
	        if (!ctx)
	            return { source: this.source };
	        const source = this.resolve(ctx.doc, ctx);
	        if (!source) {
	            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
	            throw new ReferenceError(msg);
	        }
	        return ctx.anchors.get(source).res;
	    }
	    toString(ctx, _onComment, _onChompKeep) {
	        const src = `*${this.source}`;
	        if (ctx) {
	            anchors.anchorIsValid(this.source);
	            if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
	                const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
	                throw new Error(msg);
	            }
	            if (ctx.implicitKey)
	                return `${src} `;
	        }
	        return src;
	    }
	};
	function getAliasCount(doc, node, anchors) {
	    if (identity.isAlias(node)) {
	        const source = node.resolve(doc);
	        const anchor = anchors && source && anchors.get(source);
	        return anchor ? anchor.count * anchor.aliasCount : 0;
	    }
	    else if (identity.isCollection(node)) {
	        let count = 0;
	        for (const item of node.items) {
	            const c = getAliasCount(doc, item, anchors);
	            if (c > count)
	                count = c;
	        }
	        return count;
	    }
	    else if (identity.isPair(node)) {
	        const kc = getAliasCount(doc, node.key, anchors);
	        const vc = getAliasCount(doc, node.value, anchors);
	        return Math.max(kc, vc);
	    }
	    return 1;
	}

	Alias.Alias = Alias$1;
	return Alias;
}

var Collection = {};

var createNode = {};

var Scalar = {};

var hasRequiredScalar;

function requireScalar () {
	if (hasRequiredScalar) return Scalar;
	hasRequiredScalar = 1;

	var identity = requireIdentity();
	var Node = requireNode();
	var toJS = requireToJS();

	const isScalarValue = (value) => !value || (typeof value !== 'function' && typeof value !== 'object');
	let Scalar$1 = class Scalar extends Node.NodeBase {
	    constructor(value) {
	        super(identity.SCALAR);
	        this.value = value;
	    }
	    toJSON(arg, ctx) {
	        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
	    }
	    toString() {
	        return String(this.value);
	    }
	};
	Scalar$1.BLOCK_FOLDED = 'BLOCK_FOLDED';
	Scalar$1.BLOCK_LITERAL = 'BLOCK_LITERAL';
	Scalar$1.PLAIN = 'PLAIN';
	Scalar$1.QUOTE_DOUBLE = 'QUOTE_DOUBLE';
	Scalar$1.QUOTE_SINGLE = 'QUOTE_SINGLE';

	Scalar.Scalar = Scalar$1;
	Scalar.isScalarValue = isScalarValue;
	return Scalar;
}

var hasRequiredCreateNode;

function requireCreateNode () {
	if (hasRequiredCreateNode) return createNode;
	hasRequiredCreateNode = 1;

	var Alias = requireAlias();
	var identity = requireIdentity();
	var Scalar = requireScalar();

	const defaultTagPrefix = 'tag:yaml.org,2002:';
	function findTagObject(value, tagName, tags) {
	    if (tagName) {
	        const match = tags.filter(t => t.tag === tagName);
	        const tagObj = match.find(t => !t.format) ?? match[0];
	        if (!tagObj)
	            throw new Error(`Tag ${tagName} not found`);
	        return tagObj;
	    }
	    return tags.find(t => t.identify?.(value) && !t.format);
	}
	function createNode$1(value, tagName, ctx) {
	    if (identity.isDocument(value))
	        value = value.contents;
	    if (identity.isNode(value))
	        return value;
	    if (identity.isPair(value)) {
	        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
	        map.items.push(value);
	        return map;
	    }
	    if (value instanceof String ||
	        value instanceof Number ||
	        value instanceof Boolean ||
	        (typeof BigInt !== 'undefined' && value instanceof BigInt) // not supported everywhere
	    ) {
	        // https://tc39.es/ecma262/#sec-serializejsonproperty
	        value = value.valueOf();
	    }
	    const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
	    // Detect duplicate references to the same object & use Alias nodes for all
	    // after first. The `ref` wrapper allows for circular references to resolve.
	    let ref = undefined;
	    if (aliasDuplicateObjects && value && typeof value === 'object') {
	        ref = sourceObjects.get(value);
	        if (ref) {
	            ref.anchor ?? (ref.anchor = onAnchor(value));
	            return new Alias.Alias(ref.anchor);
	        }
	        else {
	            ref = { anchor: null, node: null };
	            sourceObjects.set(value, ref);
	        }
	    }
	    if (tagName?.startsWith('!!'))
	        tagName = defaultTagPrefix + tagName.slice(2);
	    let tagObj = findTagObject(value, tagName, schema.tags);
	    if (!tagObj) {
	        if (value && typeof value.toJSON === 'function') {
	            // eslint-disable-next-line @typescript-eslint/no-unsafe-call
	            value = value.toJSON();
	        }
	        if (!value || typeof value !== 'object') {
	            const node = new Scalar.Scalar(value);
	            if (ref)
	                ref.node = node;
	            return node;
	        }
	        tagObj =
	            value instanceof Map
	                ? schema[identity.MAP]
	                : Symbol.iterator in Object(value)
	                    ? schema[identity.SEQ]
	                    : schema[identity.MAP];
	    }
	    if (onTagObj) {
	        onTagObj(tagObj);
	        delete ctx.onTagObj;
	    }
	    const node = tagObj?.createNode
	        ? tagObj.createNode(ctx.schema, value, ctx)
	        : typeof tagObj?.nodeClass?.from === 'function'
	            ? tagObj.nodeClass.from(ctx.schema, value, ctx)
	            : new Scalar.Scalar(value);
	    if (tagName)
	        node.tag = tagName;
	    else if (!tagObj.default)
	        node.tag = tagObj.tag;
	    if (ref)
	        ref.node = node;
	    return node;
	}

	createNode.createNode = createNode$1;
	return createNode;
}

var hasRequiredCollection;

function requireCollection () {
	if (hasRequiredCollection) return Collection;
	hasRequiredCollection = 1;

	var createNode = requireCreateNode();
	var identity = requireIdentity();
	var Node = requireNode();

	function collectionFromPath(schema, path, value) {
	    let v = value;
	    for (let i = path.length - 1; i >= 0; --i) {
	        const k = path[i];
	        if (typeof k === 'number' && Number.isInteger(k) && k >= 0) {
	            const a = [];
	            a[k] = v;
	            v = a;
	        }
	        else {
	            v = new Map([[k, v]]);
	        }
	    }
	    return createNode.createNode(v, undefined, {
	        aliasDuplicateObjects: false,
	        keepUndefined: false,
	        onAnchor: () => {
	            throw new Error('This should not happen, please report a bug.');
	        },
	        schema,
	        sourceObjects: new Map()
	    });
	}
	// Type guard is intentionally a little wrong so as to be more useful,
	// as it does not cover untypable empty non-string iterables (e.g. []).
	const isEmptyPath = (path) => path == null ||
	    (typeof path === 'object' && !!path[Symbol.iterator]().next().done);
	let Collection$1 = class Collection extends Node.NodeBase {
	    constructor(type, schema) {
	        super(type);
	        Object.defineProperty(this, 'schema', {
	            value: schema,
	            configurable: true,
	            enumerable: false,
	            writable: true
	        });
	    }
	    /**
	     * Create a copy of this collection.
	     *
	     * @param schema - If defined, overwrites the original's schema
	     */
	    clone(schema) {
	        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
	        if (schema)
	            copy.schema = schema;
	        copy.items = copy.items.map(it => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
	        if (this.range)
	            copy.range = this.range.slice();
	        return copy;
	    }
	    /**
	     * Adds a value to the collection. For `!!map` and `!!omap` the value must
	     * be a Pair instance or a `{ key, value }` object, which may not have a key
	     * that already exists in the map.
	     */
	    addIn(path, value) {
	        if (isEmptyPath(path))
	            this.add(value);
	        else {
	            const [key, ...rest] = path;
	            const node = this.get(key, true);
	            if (identity.isCollection(node))
	                node.addIn(rest, value);
	            else if (node === undefined && this.schema)
	                this.set(key, collectionFromPath(this.schema, rest, value));
	            else
	                throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
	        }
	    }
	    /**
	     * Removes a value from the collection.
	     * @returns `true` if the item was found and removed.
	     */
	    deleteIn(path) {
	        const [key, ...rest] = path;
	        if (rest.length === 0)
	            return this.delete(key);
	        const node = this.get(key, true);
	        if (identity.isCollection(node))
	            return node.deleteIn(rest);
	        else
	            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
	    }
	    /**
	     * Returns item at `key`, or `undefined` if not found. By default unwraps
	     * scalar values from their surrounding node; to disable set `keepScalar` to
	     * `true` (collections are always returned intact).
	     */
	    getIn(path, keepScalar) {
	        const [key, ...rest] = path;
	        const node = this.get(key, true);
	        if (rest.length === 0)
	            return !keepScalar && identity.isScalar(node) ? node.value : node;
	        else
	            return identity.isCollection(node) ? node.getIn(rest, keepScalar) : undefined;
	    }
	    hasAllNullValues(allowScalar) {
	        return this.items.every(node => {
	            if (!identity.isPair(node))
	                return false;
	            const n = node.value;
	            return (n == null ||
	                (allowScalar &&
	                    identity.isScalar(n) &&
	                    n.value == null &&
	                    !n.commentBefore &&
	                    !n.comment &&
	                    !n.tag));
	        });
	    }
	    /**
	     * Checks if the collection includes a value with the key `key`.
	     */
	    hasIn(path) {
	        const [key, ...rest] = path;
	        if (rest.length === 0)
	            return this.has(key);
	        const node = this.get(key, true);
	        return identity.isCollection(node) ? node.hasIn(rest) : false;
	    }
	    /**
	     * Sets a value in this collection. For `!!set`, `value` needs to be a
	     * boolean to add/remove the item from the set.
	     */
	    setIn(path, value) {
	        const [key, ...rest] = path;
	        if (rest.length === 0) {
	            this.set(key, value);
	        }
	        else {
	            const node = this.get(key, true);
	            if (identity.isCollection(node))
	                node.setIn(rest, value);
	            else if (node === undefined && this.schema)
	                this.set(key, collectionFromPath(this.schema, rest, value));
	            else
	                throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
	        }
	    }
	};

	Collection.Collection = Collection$1;
	Collection.collectionFromPath = collectionFromPath;
	Collection.isEmptyPath = isEmptyPath;
	return Collection;
}

var Pair = {};

var stringifyPair = {};

var stringify = {};

var stringifyComment = {};

var hasRequiredStringifyComment;

function requireStringifyComment () {
	if (hasRequiredStringifyComment) return stringifyComment;
	hasRequiredStringifyComment = 1;

	/**
	 * Stringifies a comment.
	 *
	 * Empty comment lines are left empty,
	 * lines consisting of a single space are replaced by `#`,
	 * and all other lines are prefixed with a `#`.
	 */
	const stringifyComment$1 = (str) => str.replace(/^(?!$)(?: $)?/gm, '#');
	function indentComment(comment, indent) {
	    if (/^\n+$/.test(comment))
	        return comment.substring(1);
	    return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
	}
	const lineComment = (str, indent, comment) => str.endsWith('\n')
	    ? indentComment(comment, indent)
	    : comment.includes('\n')
	        ? '\n' + indentComment(comment, indent)
	        : (str.endsWith(' ') ? '' : ' ') + comment;

	stringifyComment.indentComment = indentComment;
	stringifyComment.lineComment = lineComment;
	stringifyComment.stringifyComment = stringifyComment$1;
	return stringifyComment;
}

var stringifyString = {};

var foldFlowLines = {};

var hasRequiredFoldFlowLines;

function requireFoldFlowLines () {
	if (hasRequiredFoldFlowLines) return foldFlowLines;
	hasRequiredFoldFlowLines = 1;

	const FOLD_FLOW = 'flow';
	const FOLD_BLOCK = 'block';
	const FOLD_QUOTED = 'quoted';
	/**
	 * Tries to keep input at up to `lineWidth` characters, splitting only on spaces
	 * not followed by newlines or spaces unless `mode` is `'quoted'`. Lines are
	 * terminated with `\n` and started with `indent`.
	 */
	function foldFlowLines$1(text, indent, mode = 'flow', { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
	    if (!lineWidth || lineWidth < 0)
	        return text;
	    if (lineWidth < minContentWidth)
	        minContentWidth = 0;
	    const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
	    if (text.length <= endStep)
	        return text;
	    const folds = [];
	    const escapedFolds = {};
	    let end = lineWidth - indent.length;
	    if (typeof indentAtStart === 'number') {
	        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
	            folds.push(0);
	        else
	            end = lineWidth - indentAtStart;
	    }
	    let split = undefined;
	    let prev = undefined;
	    let overflow = false;
	    let i = -1;
	    let escStart = -1;
	    let escEnd = -1;
	    if (mode === FOLD_BLOCK) {
	        i = consumeMoreIndentedLines(text, i, indent.length);
	        if (i !== -1)
	            end = i + endStep;
	    }
	    for (let ch; (ch = text[(i += 1)]);) {
	        if (mode === FOLD_QUOTED && ch === '\\') {
	            escStart = i;
	            switch (text[i + 1]) {
	                case 'x':
	                    i += 3;
	                    break;
	                case 'u':
	                    i += 5;
	                    break;
	                case 'U':
	                    i += 9;
	                    break;
	                default:
	                    i += 1;
	            }
	            escEnd = i;
	        }
	        if (ch === '\n') {
	            if (mode === FOLD_BLOCK)
	                i = consumeMoreIndentedLines(text, i, indent.length);
	            end = i + indent.length + endStep;
	            split = undefined;
	        }
	        else {
	            if (ch === ' ' &&
	                prev &&
	                prev !== ' ' &&
	                prev !== '\n' &&
	                prev !== '\t') {
	                // space surrounded by non-space can be replaced with newline + indent
	                const next = text[i + 1];
	                if (next && next !== ' ' && next !== '\n' && next !== '\t')
	                    split = i;
	            }
	            if (i >= end) {
	                if (split) {
	                    folds.push(split);
	                    end = split + endStep;
	                    split = undefined;
	                }
	                else if (mode === FOLD_QUOTED) {
	                    // white-space collected at end may stretch past lineWidth
	                    while (prev === ' ' || prev === '\t') {
	                        prev = ch;
	                        ch = text[(i += 1)];
	                        overflow = true;
	                    }
	                    // Account for newline escape, but don't break preceding escape
	                    const j = i > escEnd + 1 ? i - 2 : escStart - 1;
	                    // Bail out if lineWidth & minContentWidth are shorter than an escape string
	                    if (escapedFolds[j])
	                        return text;
	                    folds.push(j);
	                    escapedFolds[j] = true;
	                    end = j + endStep;
	                    split = undefined;
	                }
	                else {
	                    overflow = true;
	                }
	            }
	        }
	        prev = ch;
	    }
	    if (overflow && onOverflow)
	        onOverflow();
	    if (folds.length === 0)
	        return text;
	    if (onFold)
	        onFold();
	    let res = text.slice(0, folds[0]);
	    for (let i = 0; i < folds.length; ++i) {
	        const fold = folds[i];
	        const end = folds[i + 1] || text.length;
	        if (fold === 0)
	            res = `\n${indent}${text.slice(0, end)}`;
	        else {
	            if (mode === FOLD_QUOTED && escapedFolds[fold])
	                res += `${text[fold]}\\`;
	            res += `\n${indent}${text.slice(fold + 1, end)}`;
	        }
	    }
	    return res;
	}
	/**
	 * Presumes `i + 1` is at the start of a line
	 * @returns index of last newline in more-indented block
	 */
	function consumeMoreIndentedLines(text, i, indent) {
	    let end = i;
	    let start = i + 1;
	    let ch = text[start];
	    while (ch === ' ' || ch === '\t') {
	        if (i < start + indent) {
	            ch = text[++i];
	        }
	        else {
	            do {
	                ch = text[++i];
	            } while (ch && ch !== '\n');
	            end = i;
	            start = i + 1;
	            ch = text[start];
	        }
	    }
	    return end;
	}

	foldFlowLines.FOLD_BLOCK = FOLD_BLOCK;
	foldFlowLines.FOLD_FLOW = FOLD_FLOW;
	foldFlowLines.FOLD_QUOTED = FOLD_QUOTED;
	foldFlowLines.foldFlowLines = foldFlowLines$1;
	return foldFlowLines;
}

var hasRequiredStringifyString;

function requireStringifyString () {
	if (hasRequiredStringifyString) return stringifyString;
	hasRequiredStringifyString = 1;

	var Scalar = requireScalar();
	var foldFlowLines = requireFoldFlowLines();

	const getFoldOptions = (ctx, isBlock) => ({
	    indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
	    lineWidth: ctx.options.lineWidth,
	    minContentWidth: ctx.options.minContentWidth
	});
	// Also checks for lines starting with %, as parsing the output as YAML 1.1 will
	// presume that's starting a new document.
	const containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
	function lineLengthOverLimit(str, lineWidth, indentLength) {
	    if (!lineWidth || lineWidth < 0)
	        return false;
	    const limit = lineWidth - indentLength;
	    const strLen = str.length;
	    if (strLen <= limit)
	        return false;
	    for (let i = 0, start = 0; i < strLen; ++i) {
	        if (str[i] === '\n') {
	            if (i - start > limit)
	                return true;
	            start = i + 1;
	            if (strLen - start <= limit)
	                return false;
	        }
	    }
	    return true;
	}
	function doubleQuotedString(value, ctx) {
	    const json = JSON.stringify(value);
	    if (ctx.options.doubleQuotedAsJSON)
	        return json;
	    const { implicitKey } = ctx;
	    const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
	    const indent = ctx.indent || (containsDocumentMarker(value) ? '  ' : '');
	    let str = '';
	    let start = 0;
	    for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
	        if (ch === ' ' && json[i + 1] === '\\' && json[i + 2] === 'n') {
	            // space before newline needs to be escaped to not be folded
	            str += json.slice(start, i) + '\\ ';
	            i += 1;
	            start = i;
	            ch = '\\';
	        }
	        if (ch === '\\')
	            switch (json[i + 1]) {
	                case 'u':
	                    {
	                        str += json.slice(start, i);
	                        const code = json.substr(i + 2, 4);
	                        switch (code) {
	                            case '0000':
	                                str += '\\0';
	                                break;
	                            case '0007':
	                                str += '\\a';
	                                break;
	                            case '000b':
	                                str += '\\v';
	                                break;
	                            case '001b':
	                                str += '\\e';
	                                break;
	                            case '0085':
	                                str += '\\N';
	                                break;
	                            case '00a0':
	                                str += '\\_';
	                                break;
	                            case '2028':
	                                str += '\\L';
	                                break;
	                            case '2029':
	                                str += '\\P';
	                                break;
	                            default:
	                                if (code.substr(0, 2) === '00')
	                                    str += '\\x' + code.substr(2);
	                                else
	                                    str += json.substr(i, 6);
	                        }
	                        i += 5;
	                        start = i + 1;
	                    }
	                    break;
	                case 'n':
	                    if (implicitKey ||
	                        json[i + 2] === '"' ||
	                        json.length < minMultiLineLength) {
	                        i += 1;
	                    }
	                    else {
	                        // folding will eat first newline
	                        str += json.slice(start, i) + '\n\n';
	                        while (json[i + 2] === '\\' &&
	                            json[i + 3] === 'n' &&
	                            json[i + 4] !== '"') {
	                            str += '\n';
	                            i += 2;
	                        }
	                        str += indent;
	                        // space after newline needs to be escaped to not be folded
	                        if (json[i + 2] === ' ')
	                            str += '\\';
	                        i += 1;
	                        start = i + 1;
	                    }
	                    break;
	                default:
	                    i += 1;
	            }
	    }
	    str = start ? str + json.slice(start) : json;
	    return implicitKey
	        ? str
	        : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
	}
	function singleQuotedString(value, ctx) {
	    if (ctx.options.singleQuote === false ||
	        (ctx.implicitKey && value.includes('\n')) ||
	        /[ \t]\n|\n[ \t]/.test(value) // single quoted string can't have leading or trailing whitespace around newline
	    )
	        return doubleQuotedString(value, ctx);
	    const indent = ctx.indent || (containsDocumentMarker(value) ? '  ' : '');
	    const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&\n${indent}`) + "'";
	    return ctx.implicitKey
	        ? res
	        : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
	}
	function quotedString(value, ctx) {
	    const { singleQuote } = ctx.options;
	    let qs;
	    if (singleQuote === false)
	        qs = doubleQuotedString;
	    else {
	        const hasDouble = value.includes('"');
	        const hasSingle = value.includes("'");
	        if (hasDouble && !hasSingle)
	            qs = singleQuotedString;
	        else if (hasSingle && !hasDouble)
	            qs = doubleQuotedString;
	        else
	            qs = singleQuote ? singleQuotedString : doubleQuotedString;
	    }
	    return qs(value, ctx);
	}
	// The negative lookbehind avoids a polynomial search,
	// but isn't supported yet on Safari: https://caniuse.com/js-regexp-lookbehind
	let blockEndNewlines;
	try {
	    blockEndNewlines = new RegExp('(^|(?<!\n))\n+(?!\n|$)', 'g');
	}
	catch {
	    blockEndNewlines = /\n+(?!\n|$)/g;
	}
	function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
	    const { blockQuote, commentString, lineWidth } = ctx.options;
	    // 1. Block can't end in whitespace unless the last line is non-empty.
	    // 2. Strings consisting of only whitespace are best rendered explicitly.
	    if (!blockQuote || /\n[\t ]+$/.test(value)) {
	        return quotedString(value, ctx);
	    }
	    const indent = ctx.indent ||
	        (ctx.forceBlockIndent || containsDocumentMarker(value) ? '  ' : '');
	    const literal = blockQuote === 'literal'
	        ? true
	        : blockQuote === 'folded' || type === Scalar.Scalar.BLOCK_FOLDED
	            ? false
	            : type === Scalar.Scalar.BLOCK_LITERAL
	                ? true
	                : !lineLengthOverLimit(value, lineWidth, indent.length);
	    if (!value)
	        return literal ? '|\n' : '>\n';
	    // determine chomping from whitespace at value end
	    let chomp;
	    let endStart;
	    for (endStart = value.length; endStart > 0; --endStart) {
	        const ch = value[endStart - 1];
	        if (ch !== '\n' && ch !== '\t' && ch !== ' ')
	            break;
	    }
	    let end = value.substring(endStart);
	    const endNlPos = end.indexOf('\n');
	    if (endNlPos === -1) {
	        chomp = '-'; // strip
	    }
	    else if (value === end || endNlPos !== end.length - 1) {
	        chomp = '+'; // keep
	        if (onChompKeep)
	            onChompKeep();
	    }
	    else {
	        chomp = ''; // clip
	    }
	    if (end) {
	        value = value.slice(0, -end.length);
	        if (end[end.length - 1] === '\n')
	            end = end.slice(0, -1);
	        end = end.replace(blockEndNewlines, `$&${indent}`);
	    }
	    // determine indent indicator from whitespace at value start
	    let startWithSpace = false;
	    let startEnd;
	    let startNlPos = -1;
	    for (startEnd = 0; startEnd < value.length; ++startEnd) {
	        const ch = value[startEnd];
	        if (ch === ' ')
	            startWithSpace = true;
	        else if (ch === '\n')
	            startNlPos = startEnd;
	        else
	            break;
	    }
	    let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
	    if (start) {
	        value = value.substring(start.length);
	        start = start.replace(/\n+/g, `$&${indent}`);
	    }
	    const indentSize = indent ? '2' : '1'; // root is at -1
	    // Leading | or > is added later
	    let header = (startWithSpace ? indentSize : '') + chomp;
	    if (comment) {
	        header += ' ' + commentString(comment.replace(/ ?[\r\n]+/g, ' '));
	        if (onComment)
	            onComment();
	    }
	    if (!literal) {
	        const foldedValue = value
	            .replace(/\n+/g, '\n$&')
	            .replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, '$1$2') // more-indented lines aren't folded
	            //                ^ more-ind. ^ empty     ^ capture next empty lines only at end of indent
	            .replace(/\n+/g, `$&${indent}`);
	        let literalFallback = false;
	        const foldOptions = getFoldOptions(ctx, true);
	        if (blockQuote !== 'folded' && type !== Scalar.Scalar.BLOCK_FOLDED) {
	            foldOptions.onOverflow = () => {
	                literalFallback = true;
	            };
	        }
	        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
	        if (!literalFallback)
	            return `>${header}\n${indent}${body}`;
	    }
	    value = value.replace(/\n+/g, `$&${indent}`);
	    return `|${header}\n${indent}${start}${value}${end}`;
	}
	function plainString(item, ctx, onComment, onChompKeep) {
	    const { type, value } = item;
	    const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
	    if ((implicitKey && value.includes('\n')) ||
	        (inFlow && /[[\]{},]/.test(value))) {
	        return quotedString(value, ctx);
	    }
	    if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
	        // not allowed:
	        // - '-' or '?'
	        // - start with an indicator character (except [?:-]) or /[?-] /
	        // - '\n ', ': ' or ' \n' anywhere
	        // - '#' not preceded by a non-space char
	        // - end with ' ' or ':'
	        return implicitKey || inFlow || !value.includes('\n')
	            ? quotedString(value, ctx)
	            : blockString(item, ctx, onComment, onChompKeep);
	    }
	    if (!implicitKey &&
	        !inFlow &&
	        type !== Scalar.Scalar.PLAIN &&
	        value.includes('\n')) {
	        // Where allowed & type not set explicitly, prefer block style for multiline strings
	        return blockString(item, ctx, onComment, onChompKeep);
	    }
	    if (containsDocumentMarker(value)) {
	        if (indent === '') {
	            ctx.forceBlockIndent = true;
	            return blockString(item, ctx, onComment, onChompKeep);
	        }
	        else if (implicitKey && indent === indentStep) {
	            return quotedString(value, ctx);
	        }
	    }
	    const str = value.replace(/\n+/g, `$&\n${indent}`);
	    // Verify that output will be parsed as a string, as e.g. plain numbers and
	    // booleans get parsed with those types in v1.2 (e.g. '42', 'true' & '0.9e-3'),
	    // and others in v1.1.
	    if (actualString) {
	        const test = (tag) => tag.default && tag.tag !== 'tag:yaml.org,2002:str' && tag.test?.test(str);
	        const { compat, tags } = ctx.doc.schema;
	        if (tags.some(test) || compat?.some(test))
	            return quotedString(value, ctx);
	    }
	    return implicitKey
	        ? str
	        : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
	}
	function stringifyString$1(item, ctx, onComment, onChompKeep) {
	    const { implicitKey, inFlow } = ctx;
	    const ss = typeof item.value === 'string'
	        ? item
	        : Object.assign({}, item, { value: String(item.value) });
	    let { type } = item;
	    if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
	        // force double quotes on control characters & unpaired surrogates
	        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
	            type = Scalar.Scalar.QUOTE_DOUBLE;
	    }
	    const _stringify = (_type) => {
	        switch (_type) {
	            case Scalar.Scalar.BLOCK_FOLDED:
	            case Scalar.Scalar.BLOCK_LITERAL:
	                return implicitKey || inFlow
	                    ? quotedString(ss.value, ctx) // blocks are not valid inside flow containers
	                    : blockString(ss, ctx, onComment, onChompKeep);
	            case Scalar.Scalar.QUOTE_DOUBLE:
	                return doubleQuotedString(ss.value, ctx);
	            case Scalar.Scalar.QUOTE_SINGLE:
	                return singleQuotedString(ss.value, ctx);
	            case Scalar.Scalar.PLAIN:
	                return plainString(ss, ctx, onComment, onChompKeep);
	            default:
	                return null;
	        }
	    };
	    let res = _stringify(type);
	    if (res === null) {
	        const { defaultKeyType, defaultStringType } = ctx.options;
	        const t = (implicitKey && defaultKeyType) || defaultStringType;
	        res = _stringify(t);
	        if (res === null)
	            throw new Error(`Unsupported default string type ${t}`);
	    }
	    return res;
	}

	stringifyString.stringifyString = stringifyString$1;
	return stringifyString;
}

var hasRequiredStringify;

function requireStringify () {
	if (hasRequiredStringify) return stringify;
	hasRequiredStringify = 1;

	var anchors = requireAnchors();
	var identity = requireIdentity();
	var stringifyComment = requireStringifyComment();
	var stringifyString = requireStringifyString();

	function createStringifyContext(doc, options) {
	    const opt = Object.assign({
	        blockQuote: true,
	        commentString: stringifyComment.stringifyComment,
	        defaultKeyType: null,
	        defaultStringType: 'PLAIN',
	        directives: null,
	        doubleQuotedAsJSON: false,
	        doubleQuotedMinMultiLineLength: 40,
	        falseStr: 'false',
	        flowCollectionPadding: true,
	        indentSeq: true,
	        lineWidth: 80,
	        minContentWidth: 20,
	        nullStr: 'null',
	        simpleKeys: false,
	        singleQuote: null,
	        trailingComma: false,
	        trueStr: 'true',
	        verifyAliasOrder: true
	    }, doc.schema.toStringOptions, options);
	    let inFlow;
	    switch (opt.collectionStyle) {
	        case 'block':
	            inFlow = false;
	            break;
	        case 'flow':
	            inFlow = true;
	            break;
	        default:
	            inFlow = null;
	    }
	    return {
	        anchors: new Set(),
	        doc,
	        flowCollectionPadding: opt.flowCollectionPadding ? ' ' : '',
	        indent: '',
	        indentStep: typeof opt.indent === 'number' ? ' '.repeat(opt.indent) : '  ',
	        inFlow,
	        options: opt
	    };
	}
	function getTagObject(tags, item) {
	    if (item.tag) {
	        const match = tags.filter(t => t.tag === item.tag);
	        if (match.length > 0)
	            return match.find(t => t.format === item.format) ?? match[0];
	    }
	    let tagObj = undefined;
	    let obj;
	    if (identity.isScalar(item)) {
	        obj = item.value;
	        let match = tags.filter(t => t.identify?.(obj));
	        if (match.length > 1) {
	            const testMatch = match.filter(t => t.test);
	            if (testMatch.length > 0)
	                match = testMatch;
	        }
	        tagObj =
	            match.find(t => t.format === item.format) ?? match.find(t => !t.format);
	    }
	    else {
	        obj = item;
	        tagObj = tags.find(t => t.nodeClass && obj instanceof t.nodeClass);
	    }
	    if (!tagObj) {
	        const name = obj?.constructor?.name ?? (obj === null ? 'null' : typeof obj);
	        throw new Error(`Tag not resolved for ${name} value`);
	    }
	    return tagObj;
	}
	// needs to be called before value stringifier to allow for circular anchor refs
	function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
	    if (!doc.directives)
	        return '';
	    const props = [];
	    const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
	    if (anchor && anchors.anchorIsValid(anchor)) {
	        anchors$1.add(anchor);
	        props.push(`&${anchor}`);
	    }
	    const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
	    if (tag)
	        props.push(doc.directives.tagString(tag));
	    return props.join(' ');
	}
	function stringify$1(item, ctx, onComment, onChompKeep) {
	    if (identity.isPair(item))
	        return item.toString(ctx, onComment, onChompKeep);
	    if (identity.isAlias(item)) {
	        if (ctx.doc.directives)
	            return item.toString(ctx);
	        if (ctx.resolvedAliases?.has(item)) {
	            throw new TypeError(`Cannot stringify circular structure without alias nodes`);
	        }
	        else {
	            if (ctx.resolvedAliases)
	                ctx.resolvedAliases.add(item);
	            else
	                ctx.resolvedAliases = new Set([item]);
	            item = item.resolve(ctx.doc);
	        }
	    }
	    let tagObj = undefined;
	    const node = identity.isNode(item)
	        ? item
	        : ctx.doc.createNode(item, { onTagObj: o => (tagObj = o) });
	    tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
	    const props = stringifyProps(node, tagObj, ctx);
	    if (props.length > 0)
	        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
	    const str = typeof tagObj.stringify === 'function'
	        ? tagObj.stringify(node, ctx, onComment, onChompKeep)
	        : identity.isScalar(node)
	            ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep)
	            : node.toString(ctx, onComment, onChompKeep);
	    if (!props)
	        return str;
	    return identity.isScalar(node) || str[0] === '{' || str[0] === '['
	        ? `${props} ${str}`
	        : `${props}\n${ctx.indent}${str}`;
	}

	stringify.createStringifyContext = createStringifyContext;
	stringify.stringify = stringify$1;
	return stringify;
}

var hasRequiredStringifyPair;

function requireStringifyPair () {
	if (hasRequiredStringifyPair) return stringifyPair;
	hasRequiredStringifyPair = 1;

	var identity = requireIdentity();
	var Scalar = requireScalar();
	var stringify = requireStringify();
	var stringifyComment = requireStringifyComment();

	function stringifyPair$1({ key, value }, ctx, onComment, onChompKeep) {
	    const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
	    let keyComment = (identity.isNode(key) && key.comment) || null;
	    if (simpleKeys) {
	        if (keyComment) {
	            throw new Error('With simple keys, key nodes cannot have comments');
	        }
	        if (identity.isCollection(key) || (!identity.isNode(key) && typeof key === 'object')) {
	            const msg = 'With simple keys, collection cannot be used as a key value';
	            throw new Error(msg);
	        }
	    }
	    let explicitKey = !simpleKeys &&
	        (!key ||
	            (keyComment && value == null && !ctx.inFlow) ||
	            identity.isCollection(key) ||
	            (identity.isScalar(key)
	                ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL
	                : typeof key === 'object'));
	    ctx = Object.assign({}, ctx, {
	        allNullValues: false,
	        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
	        indent: indent + indentStep
	    });
	    let keyCommentDone = false;
	    let chompKeep = false;
	    let str = stringify.stringify(key, ctx, () => (keyCommentDone = true), () => (chompKeep = true));
	    if (!explicitKey && !ctx.inFlow && str.length > 1024) {
	        if (simpleKeys)
	            throw new Error('With simple keys, single line scalar must not span more than 1024 characters');
	        explicitKey = true;
	    }
	    if (ctx.inFlow) {
	        if (allNullValues || value == null) {
	            if (keyCommentDone && onComment)
	                onComment();
	            return str === '' ? '?' : explicitKey ? `? ${str}` : str;
	        }
	    }
	    else if ((allNullValues && !simpleKeys) || (value == null && explicitKey)) {
	        str = `? ${str}`;
	        if (keyComment && !keyCommentDone) {
	            str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
	        }
	        else if (chompKeep && onChompKeep)
	            onChompKeep();
	        return str;
	    }
	    if (keyCommentDone)
	        keyComment = null;
	    if (explicitKey) {
	        if (keyComment)
	            str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
	        str = `? ${str}\n${indent}:`;
	    }
	    else {
	        str = `${str}:`;
	        if (keyComment)
	            str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
	    }
	    let vsb, vcb, valueComment;
	    if (identity.isNode(value)) {
	        vsb = !!value.spaceBefore;
	        vcb = value.commentBefore;
	        valueComment = value.comment;
	    }
	    else {
	        vsb = false;
	        vcb = null;
	        valueComment = null;
	        if (value && typeof value === 'object')
	            value = doc.createNode(value);
	    }
	    ctx.implicitKey = false;
	    if (!explicitKey && !keyComment && identity.isScalar(value))
	        ctx.indentAtStart = str.length + 1;
	    chompKeep = false;
	    if (!indentSeq &&
	        indentStep.length >= 2 &&
	        !ctx.inFlow &&
	        !explicitKey &&
	        identity.isSeq(value) &&
	        !value.flow &&
	        !value.tag &&
	        !value.anchor) {
	        // If indentSeq === false, consider '- ' as part of indentation where possible
	        ctx.indent = ctx.indent.substring(2);
	    }
	    let valueCommentDone = false;
	    const valueStr = stringify.stringify(value, ctx, () => (valueCommentDone = true), () => (chompKeep = true));
	    let ws = ' ';
	    if (keyComment || vsb || vcb) {
	        ws = vsb ? '\n' : '';
	        if (vcb) {
	            const cs = commentString(vcb);
	            ws += `\n${stringifyComment.indentComment(cs, ctx.indent)}`;
	        }
	        if (valueStr === '' && !ctx.inFlow) {
	            if (ws === '\n' && valueComment)
	                ws = '\n\n';
	        }
	        else {
	            ws += `\n${ctx.indent}`;
	        }
	    }
	    else if (!explicitKey && identity.isCollection(value)) {
	        const vs0 = valueStr[0];
	        const nl0 = valueStr.indexOf('\n');
	        const hasNewline = nl0 !== -1;
	        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
	        if (hasNewline || !flow) {
	            let hasPropsLine = false;
	            if (hasNewline && (vs0 === '&' || vs0 === '!')) {
	                let sp0 = valueStr.indexOf(' ');
	                if (vs0 === '&' &&
	                    sp0 !== -1 &&
	                    sp0 < nl0 &&
	                    valueStr[sp0 + 1] === '!') {
	                    sp0 = valueStr.indexOf(' ', sp0 + 1);
	                }
	                if (sp0 === -1 || nl0 < sp0)
	                    hasPropsLine = true;
	            }
	            if (!hasPropsLine)
	                ws = `\n${ctx.indent}`;
	        }
	    }
	    else if (valueStr === '' || valueStr[0] === '\n') {
	        ws = '';
	    }
	    str += ws + valueStr;
	    if (ctx.inFlow) {
	        if (valueCommentDone && onComment)
	            onComment();
	    }
	    else if (valueComment && !valueCommentDone) {
	        str += stringifyComment.lineComment(str, ctx.indent, commentString(valueComment));
	    }
	    else if (chompKeep && onChompKeep) {
	        onChompKeep();
	    }
	    return str;
	}

	stringifyPair.stringifyPair = stringifyPair$1;
	return stringifyPair;
}

var addPairToJSMap = {};

var log = {};

var hasRequiredLog;

function requireLog () {
	if (hasRequiredLog) return log;
	hasRequiredLog = 1;

	var node_process = require$$0;

	function debug(logLevel, ...messages) {
	    if (logLevel === 'debug')
	        console.log(...messages);
	}
	function warn(logLevel, warning) {
	    if (logLevel === 'debug' || logLevel === 'warn') {
	        if (typeof node_process.emitWarning === 'function')
	            node_process.emitWarning(warning);
	        else
	            console.warn(warning);
	    }
	}

	log.debug = debug;
	log.warn = warn;
	return log;
}

var merge = {};

var hasRequiredMerge;

function requireMerge () {
	if (hasRequiredMerge) return merge;
	hasRequiredMerge = 1;

	var identity = requireIdentity();
	var Scalar = requireScalar();

	// If the value associated with a merge key is a single mapping node, each of
	// its key/value pairs is inserted into the current mapping, unless the key
	// already exists in it. If the value associated with the merge key is a
	// sequence, then this sequence is expected to contain mapping nodes and each
	// of these nodes is merged in turn according to its order in the sequence.
	// Keys in mapping nodes earlier in the sequence override keys specified in
	// later mapping nodes. -- http://yaml.org/type/merge.html
	const MERGE_KEY = '<<';
	const merge$1 = {
	    identify: value => value === MERGE_KEY ||
	        (typeof value === 'symbol' && value.description === MERGE_KEY),
	    default: 'key',
	    tag: 'tag:yaml.org,2002:merge',
	    test: /^<<$/,
	    resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
	        addToJSMap: addMergeToJSMap
	    }),
	    stringify: () => MERGE_KEY
	};
	const isMergeKey = (ctx, key) => (merge$1.identify(key) ||
	    (identity.isScalar(key) &&
	        (!key.type || key.type === Scalar.Scalar.PLAIN) &&
	        merge$1.identify(key.value))) &&
	    ctx?.doc.schema.tags.some(tag => tag.tag === merge$1.tag && tag.default);
	function addMergeToJSMap(ctx, map, value) {
	    const source = resolveAliasValue(ctx, value);
	    if (identity.isSeq(source))
	        for (const it of source.items)
	            mergeValue(ctx, map, it);
	    else if (Array.isArray(source))
	        for (const it of source)
	            mergeValue(ctx, map, it);
	    else
	        mergeValue(ctx, map, source);
	}
	function mergeValue(ctx, map, value) {
	    const source = resolveAliasValue(ctx, value);
	    if (!identity.isMap(source))
	        throw new Error('Merge sources must be maps or map aliases');
	    const srcMap = source.toJSON(null, ctx, Map);
	    for (const [key, value] of srcMap) {
	        if (map instanceof Map) {
	            if (!map.has(key))
	                map.set(key, value);
	        }
	        else if (map instanceof Set) {
	            map.add(key);
	        }
	        else if (!Object.prototype.hasOwnProperty.call(map, key)) {
	            Object.defineProperty(map, key, {
	                value,
	                writable: true,
	                enumerable: true,
	                configurable: true
	            });
	        }
	    }
	    return map;
	}
	function resolveAliasValue(ctx, value) {
	    return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
	}

	merge.addMergeToJSMap = addMergeToJSMap;
	merge.isMergeKey = isMergeKey;
	merge.merge = merge$1;
	return merge;
}

var hasRequiredAddPairToJSMap;

function requireAddPairToJSMap () {
	if (hasRequiredAddPairToJSMap) return addPairToJSMap;
	hasRequiredAddPairToJSMap = 1;

	var log = requireLog();
	var merge = requireMerge();
	var stringify = requireStringify();
	var identity = requireIdentity();
	var toJS = requireToJS();

	function addPairToJSMap$1(ctx, map, { key, value }) {
	    if (identity.isNode(key) && key.addToJSMap)
	        key.addToJSMap(ctx, map, value);
	    // TODO: Should drop this special case for bare << handling
	    else if (merge.isMergeKey(ctx, key))
	        merge.addMergeToJSMap(ctx, map, value);
	    else {
	        const jsKey = toJS.toJS(key, '', ctx);
	        if (map instanceof Map) {
	            map.set(jsKey, toJS.toJS(value, jsKey, ctx));
	        }
	        else if (map instanceof Set) {
	            map.add(jsKey);
	        }
	        else {
	            const stringKey = stringifyKey(key, jsKey, ctx);
	            const jsValue = toJS.toJS(value, stringKey, ctx);
	            if (stringKey in map)
	                Object.defineProperty(map, stringKey, {
	                    value: jsValue,
	                    writable: true,
	                    enumerable: true,
	                    configurable: true
	                });
	            else
	                map[stringKey] = jsValue;
	        }
	    }
	    return map;
	}
	function stringifyKey(key, jsKey, ctx) {
	    if (jsKey === null)
	        return '';
	    // eslint-disable-next-line @typescript-eslint/no-base-to-string
	    if (typeof jsKey !== 'object')
	        return String(jsKey);
	    if (identity.isNode(key) && ctx?.doc) {
	        const strCtx = stringify.createStringifyContext(ctx.doc, {});
	        strCtx.anchors = new Set();
	        for (const node of ctx.anchors.keys())
	            strCtx.anchors.add(node.anchor);
	        strCtx.inFlow = true;
	        strCtx.inStringifyKey = true;
	        const strKey = key.toString(strCtx);
	        if (!ctx.mapKeyWarned) {
	            let jsonStr = JSON.stringify(strKey);
	            if (jsonStr.length > 40)
	                jsonStr = jsonStr.substring(0, 36) + '..."';
	            log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
	            ctx.mapKeyWarned = true;
	        }
	        return strKey;
	    }
	    return JSON.stringify(jsKey);
	}

	addPairToJSMap.addPairToJSMap = addPairToJSMap$1;
	return addPairToJSMap;
}

var hasRequiredPair;

function requirePair () {
	if (hasRequiredPair) return Pair;
	hasRequiredPair = 1;

	var createNode = requireCreateNode();
	var stringifyPair = requireStringifyPair();
	var addPairToJSMap = requireAddPairToJSMap();
	var identity = requireIdentity();

	function createPair(key, value, ctx) {
	    const k = createNode.createNode(key, undefined, ctx);
	    const v = createNode.createNode(value, undefined, ctx);
	    return new Pair$1(k, v);
	}
	let Pair$1 = class Pair {
	    constructor(key, value = null) {
	        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
	        this.key = key;
	        this.value = value;
	    }
	    clone(schema) {
	        let { key, value } = this;
	        if (identity.isNode(key))
	            key = key.clone(schema);
	        if (identity.isNode(value))
	            value = value.clone(schema);
	        return new Pair(key, value);
	    }
	    toJSON(_, ctx) {
	        const pair = ctx?.mapAsMap ? new Map() : {};
	        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
	    }
	    toString(ctx, onComment, onChompKeep) {
	        return ctx?.doc
	            ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep)
	            : JSON.stringify(this);
	    }
	};

	Pair.Pair = Pair$1;
	Pair.createPair = createPair;
	return Pair;
}

var Schema = {};

var map = {};

var YAMLMap = {};

var stringifyCollection = {};

var hasRequiredStringifyCollection;

function requireStringifyCollection () {
	if (hasRequiredStringifyCollection) return stringifyCollection;
	hasRequiredStringifyCollection = 1;

	var identity = requireIdentity();
	var stringify = requireStringify();
	var stringifyComment = requireStringifyComment();

	function stringifyCollection$1(collection, ctx, options) {
	    const flow = ctx.inFlow ?? collection.flow;
	    const stringify = flow ? stringifyFlowCollection : stringifyBlockCollection;
	    return stringify(collection, ctx, options);
	}
	function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
	    const { indent, options: { commentString } } = ctx;
	    const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
	    let chompKeep = false; // flag for the preceding node's status
	    const lines = [];
	    for (let i = 0; i < items.length; ++i) {
	        const item = items[i];
	        let comment = null;
	        if (identity.isNode(item)) {
	            if (!chompKeep && item.spaceBefore)
	                lines.push('');
	            addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
	            if (item.comment)
	                comment = item.comment;
	        }
	        else if (identity.isPair(item)) {
	            const ik = identity.isNode(item.key) ? item.key : null;
	            if (ik) {
	                if (!chompKeep && ik.spaceBefore)
	                    lines.push('');
	                addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
	            }
	        }
	        chompKeep = false;
	        let str = stringify.stringify(item, itemCtx, () => (comment = null), () => (chompKeep = true));
	        if (comment)
	            str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
	        if (chompKeep && comment)
	            chompKeep = false;
	        lines.push(blockItemPrefix + str);
	    }
	    let str;
	    if (lines.length === 0) {
	        str = flowChars.start + flowChars.end;
	    }
	    else {
	        str = lines[0];
	        for (let i = 1; i < lines.length; ++i) {
	            const line = lines[i];
	            str += line ? `\n${indent}${line}` : '\n';
	        }
	    }
	    if (comment) {
	        str += '\n' + stringifyComment.indentComment(commentString(comment), indent);
	        if (onComment)
	            onComment();
	    }
	    else if (chompKeep && onChompKeep)
	        onChompKeep();
	    return str;
	}
	function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
	    const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
	    itemIndent += indentStep;
	    const itemCtx = Object.assign({}, ctx, {
	        indent: itemIndent,
	        inFlow: true,
	        type: null
	    });
	    let reqNewline = false;
	    let linesAtValue = 0;
	    const lines = [];
	    for (let i = 0; i < items.length; ++i) {
	        const item = items[i];
	        let comment = null;
	        if (identity.isNode(item)) {
	            if (item.spaceBefore)
	                lines.push('');
	            addCommentBefore(ctx, lines, item.commentBefore, false);
	            if (item.comment)
	                comment = item.comment;
	        }
	        else if (identity.isPair(item)) {
	            const ik = identity.isNode(item.key) ? item.key : null;
	            if (ik) {
	                if (ik.spaceBefore)
	                    lines.push('');
	                addCommentBefore(ctx, lines, ik.commentBefore, false);
	                if (ik.comment)
	                    reqNewline = true;
	            }
	            const iv = identity.isNode(item.value) ? item.value : null;
	            if (iv) {
	                if (iv.comment)
	                    comment = iv.comment;
	                if (iv.commentBefore)
	                    reqNewline = true;
	            }
	            else if (item.value == null && ik?.comment) {
	                comment = ik.comment;
	            }
	        }
	        if (comment)
	            reqNewline = true;
	        let str = stringify.stringify(item, itemCtx, () => (comment = null));
	        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes('\n'));
	        if (i < items.length - 1) {
	            str += ',';
	        }
	        else if (ctx.options.trailingComma) {
	            if (ctx.options.lineWidth > 0) {
	                reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) +
	                    (str.length + 2) >
	                    ctx.options.lineWidth);
	            }
	            if (reqNewline) {
	                str += ',';
	            }
	        }
	        if (comment)
	            str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
	        lines.push(str);
	        linesAtValue = lines.length;
	    }
	    const { start, end } = flowChars;
	    if (lines.length === 0) {
	        return start + end;
	    }
	    else {
	        if (!reqNewline) {
	            const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
	            reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
	        }
	        if (reqNewline) {
	            let str = start;
	            for (const line of lines)
	                str += line ? `\n${indentStep}${indent}${line}` : '\n';
	            return `${str}\n${indent}${end}`;
	        }
	        else {
	            return `${start}${fcPadding}${lines.join(' ')}${fcPadding}${end}`;
	        }
	    }
	}
	function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
	    if (comment && chompKeep)
	        comment = comment.replace(/^\n+/, '');
	    if (comment) {
	        const ic = stringifyComment.indentComment(commentString(comment), indent);
	        lines.push(ic.trimStart()); // Avoid double indent on first line
	    }
	}

	stringifyCollection.stringifyCollection = stringifyCollection$1;
	return stringifyCollection;
}

var hasRequiredYAMLMap;

function requireYAMLMap () {
	if (hasRequiredYAMLMap) return YAMLMap;
	hasRequiredYAMLMap = 1;

	var stringifyCollection = requireStringifyCollection();
	var addPairToJSMap = requireAddPairToJSMap();
	var Collection = requireCollection();
	var identity = requireIdentity();
	var Pair = requirePair();
	var Scalar = requireScalar();

	function findPair(items, key) {
	    const k = identity.isScalar(key) ? key.value : key;
	    for (const it of items) {
	        if (identity.isPair(it)) {
	            if (it.key === key || it.key === k)
	                return it;
	            if (identity.isScalar(it.key) && it.key.value === k)
	                return it;
	        }
	    }
	    return undefined;
	}
	let YAMLMap$1 = class YAMLMap extends Collection.Collection {
	    static get tagName() {
	        return 'tag:yaml.org,2002:map';
	    }
	    constructor(schema) {
	        super(identity.MAP, schema);
	        this.items = [];
	    }
	    /**
	     * A generic collection parsing method that can be extended
	     * to other node classes that inherit from YAMLMap
	     */
	    static from(schema, obj, ctx) {
	        const { keepUndefined, replacer } = ctx;
	        const map = new this(schema);
	        const add = (key, value) => {
	            if (typeof replacer === 'function')
	                value = replacer.call(obj, key, value);
	            else if (Array.isArray(replacer) && !replacer.includes(key))
	                return;
	            if (value !== undefined || keepUndefined)
	                map.items.push(Pair.createPair(key, value, ctx));
	        };
	        if (obj instanceof Map) {
	            for (const [key, value] of obj)
	                add(key, value);
	        }
	        else if (obj && typeof obj === 'object') {
	            for (const key of Object.keys(obj))
	                add(key, obj[key]);
	        }
	        if (typeof schema.sortMapEntries === 'function') {
	            map.items.sort(schema.sortMapEntries);
	        }
	        return map;
	    }
	    /**
	     * Adds a value to the collection.
	     *
	     * @param overwrite - If not set `true`, using a key that is already in the
	     *   collection will throw. Otherwise, overwrites the previous value.
	     */
	    add(pair, overwrite) {
	        let _pair;
	        if (identity.isPair(pair))
	            _pair = pair;
	        else if (!pair || typeof pair !== 'object' || !('key' in pair)) {
	            // In TypeScript, this never happens.
	            _pair = new Pair.Pair(pair, pair?.value);
	        }
	        else
	            _pair = new Pair.Pair(pair.key, pair.value);
	        const prev = findPair(this.items, _pair.key);
	        const sortEntries = this.schema?.sortMapEntries;
	        if (prev) {
	            if (!overwrite)
	                throw new Error(`Key ${_pair.key} already set`);
	            // For scalars, keep the old node & its comments and anchors
	            if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
	                prev.value.value = _pair.value;
	            else
	                prev.value = _pair.value;
	        }
	        else if (sortEntries) {
	            const i = this.items.findIndex(item => sortEntries(_pair, item) < 0);
	            if (i === -1)
	                this.items.push(_pair);
	            else
	                this.items.splice(i, 0, _pair);
	        }
	        else {
	            this.items.push(_pair);
	        }
	    }
	    delete(key) {
	        const it = findPair(this.items, key);
	        if (!it)
	            return false;
	        const del = this.items.splice(this.items.indexOf(it), 1);
	        return del.length > 0;
	    }
	    get(key, keepScalar) {
	        const it = findPair(this.items, key);
	        const node = it?.value;
	        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? undefined;
	    }
	    has(key) {
	        return !!findPair(this.items, key);
	    }
	    set(key, value) {
	        this.add(new Pair.Pair(key, value), true);
	    }
	    /**
	     * @param ctx - Conversion context, originally set in Document#toJS()
	     * @param {Class} Type - If set, forces the returned collection type
	     * @returns Instance of Type, Map, or Object
	     */
	    toJSON(_, ctx, Type) {
	        const map = Type ? new Type() : ctx?.mapAsMap ? new Map() : {};
	        if (ctx?.onCreate)
	            ctx.onCreate(map);
	        for (const item of this.items)
	            addPairToJSMap.addPairToJSMap(ctx, map, item);
	        return map;
	    }
	    toString(ctx, onComment, onChompKeep) {
	        if (!ctx)
	            return JSON.stringify(this);
	        for (const item of this.items) {
	            if (!identity.isPair(item))
	                throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
	        }
	        if (!ctx.allNullValues && this.hasAllNullValues(false))
	            ctx = Object.assign({}, ctx, { allNullValues: true });
	        return stringifyCollection.stringifyCollection(this, ctx, {
	            blockItemPrefix: '',
	            flowChars: { start: '{', end: '}' },
	            itemIndent: ctx.indent || '',
	            onChompKeep,
	            onComment
	        });
	    }
	};

	YAMLMap.YAMLMap = YAMLMap$1;
	YAMLMap.findPair = findPair;
	return YAMLMap;
}

var hasRequiredMap;

function requireMap () {
	if (hasRequiredMap) return map;
	hasRequiredMap = 1;

	var identity = requireIdentity();
	var YAMLMap = requireYAMLMap();

	const map$1 = {
	    collection: 'map',
	    default: true,
	    nodeClass: YAMLMap.YAMLMap,
	    tag: 'tag:yaml.org,2002:map',
	    resolve(map, onError) {
	        if (!identity.isMap(map))
	            onError('Expected a mapping for this tag');
	        return map;
	    },
	    createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
	};

	map.map = map$1;
	return map;
}

var seq = {};

var YAMLSeq = {};

var hasRequiredYAMLSeq;

function requireYAMLSeq () {
	if (hasRequiredYAMLSeq) return YAMLSeq;
	hasRequiredYAMLSeq = 1;

	var createNode = requireCreateNode();
	var stringifyCollection = requireStringifyCollection();
	var Collection = requireCollection();
	var identity = requireIdentity();
	var Scalar = requireScalar();
	var toJS = requireToJS();

	let YAMLSeq$1 = class YAMLSeq extends Collection.Collection {
	    static get tagName() {
	        return 'tag:yaml.org,2002:seq';
	    }
	    constructor(schema) {
	        super(identity.SEQ, schema);
	        this.items = [];
	    }
	    add(value) {
	        this.items.push(value);
	    }
	    /**
	     * Removes a value from the collection.
	     *
	     * `key` must contain a representation of an integer for this to succeed.
	     * It may be wrapped in a `Scalar`.
	     *
	     * @returns `true` if the item was found and removed.
	     */
	    delete(key) {
	        const idx = asItemIndex(key);
	        if (typeof idx !== 'number')
	            return false;
	        const del = this.items.splice(idx, 1);
	        return del.length > 0;
	    }
	    get(key, keepScalar) {
	        const idx = asItemIndex(key);
	        if (typeof idx !== 'number')
	            return undefined;
	        const it = this.items[idx];
	        return !keepScalar && identity.isScalar(it) ? it.value : it;
	    }
	    /**
	     * Checks if the collection includes a value with the key `key`.
	     *
	     * `key` must contain a representation of an integer for this to succeed.
	     * It may be wrapped in a `Scalar`.
	     */
	    has(key) {
	        const idx = asItemIndex(key);
	        return typeof idx === 'number' && idx < this.items.length;
	    }
	    /**
	     * Sets a value in this collection. For `!!set`, `value` needs to be a
	     * boolean to add/remove the item from the set.
	     *
	     * If `key` does not contain a representation of an integer, this will throw.
	     * It may be wrapped in a `Scalar`.
	     */
	    set(key, value) {
	        const idx = asItemIndex(key);
	        if (typeof idx !== 'number')
	            throw new Error(`Expected a valid index, not ${key}.`);
	        const prev = this.items[idx];
	        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
	            prev.value = value;
	        else
	            this.items[idx] = value;
	    }
	    toJSON(_, ctx) {
	        const seq = [];
	        if (ctx?.onCreate)
	            ctx.onCreate(seq);
	        let i = 0;
	        for (const item of this.items)
	            seq.push(toJS.toJS(item, String(i++), ctx));
	        return seq;
	    }
	    toString(ctx, onComment, onChompKeep) {
	        if (!ctx)
	            return JSON.stringify(this);
	        return stringifyCollection.stringifyCollection(this, ctx, {
	            blockItemPrefix: '- ',
	            flowChars: { start: '[', end: ']' },
	            itemIndent: (ctx.indent || '') + '  ',
	            onChompKeep,
	            onComment
	        });
	    }
	    static from(schema, obj, ctx) {
	        const { replacer } = ctx;
	        const seq = new this(schema);
	        if (obj && Symbol.iterator in Object(obj)) {
	            let i = 0;
	            for (let it of obj) {
	                if (typeof replacer === 'function') {
	                    const key = obj instanceof Set ? it : String(i++);
	                    it = replacer.call(obj, key, it);
	                }
	                seq.items.push(createNode.createNode(it, undefined, ctx));
	            }
	        }
	        return seq;
	    }
	};
	function asItemIndex(key) {
	    let idx = identity.isScalar(key) ? key.value : key;
	    if (idx && typeof idx === 'string')
	        idx = Number(idx);
	    return typeof idx === 'number' && Number.isInteger(idx) && idx >= 0
	        ? idx
	        : null;
	}

	YAMLSeq.YAMLSeq = YAMLSeq$1;
	return YAMLSeq;
}

var hasRequiredSeq;

function requireSeq () {
	if (hasRequiredSeq) return seq;
	hasRequiredSeq = 1;

	var identity = requireIdentity();
	var YAMLSeq = requireYAMLSeq();

	const seq$1 = {
	    collection: 'seq',
	    default: true,
	    nodeClass: YAMLSeq.YAMLSeq,
	    tag: 'tag:yaml.org,2002:seq',
	    resolve(seq, onError) {
	        if (!identity.isSeq(seq))
	            onError('Expected a sequence for this tag');
	        return seq;
	    },
	    createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
	};

	seq.seq = seq$1;
	return seq;
}

var string = {};

var hasRequiredString;

function requireString () {
	if (hasRequiredString) return string;
	hasRequiredString = 1;

	var stringifyString = requireStringifyString();

	const string$1 = {
	    identify: value => typeof value === 'string',
	    default: true,
	    tag: 'tag:yaml.org,2002:str',
	    resolve: str => str,
	    stringify(item, ctx, onComment, onChompKeep) {
	        ctx = Object.assign({ actualString: true }, ctx);
	        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
	    }
	};

	string.string = string$1;
	return string;
}

var tags = {};

var _null = {};

var hasRequired_null;

function require_null () {
	if (hasRequired_null) return _null;
	hasRequired_null = 1;

	var Scalar = requireScalar();

	const nullTag = {
	    identify: value => value == null,
	    createNode: () => new Scalar.Scalar(null),
	    default: true,
	    tag: 'tag:yaml.org,2002:null',
	    test: /^(?:~|[Nn]ull|NULL)?$/,
	    resolve: () => new Scalar.Scalar(null),
	    stringify: ({ source }, ctx) => typeof source === 'string' && nullTag.test.test(source)
	        ? source
	        : ctx.options.nullStr
	};

	_null.nullTag = nullTag;
	return _null;
}

var bool$1 = {};

var hasRequiredBool$1;

function requireBool$1 () {
	if (hasRequiredBool$1) return bool$1;
	hasRequiredBool$1 = 1;

	var Scalar = requireScalar();

	const boolTag = {
	    identify: value => typeof value === 'boolean',
	    default: true,
	    tag: 'tag:yaml.org,2002:bool',
	    test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
	    resolve: str => new Scalar.Scalar(str[0] === 't' || str[0] === 'T'),
	    stringify({ source, value }, ctx) {
	        if (source && boolTag.test.test(source)) {
	            const sv = source[0] === 't' || source[0] === 'T';
	            if (value === sv)
	                return source;
	        }
	        return value ? ctx.options.trueStr : ctx.options.falseStr;
	    }
	};

	bool$1.boolTag = boolTag;
	return bool$1;
}

var float$1 = {};

var stringifyNumber = {};

var hasRequiredStringifyNumber;

function requireStringifyNumber () {
	if (hasRequiredStringifyNumber) return stringifyNumber;
	hasRequiredStringifyNumber = 1;

	function stringifyNumber$1({ format, minFractionDigits, tag, value }) {
	    if (typeof value === 'bigint')
	        return String(value);
	    const num = typeof value === 'number' ? value : Number(value);
	    if (!isFinite(num))
	        return isNaN(num) ? '.nan' : num < 0 ? '-.inf' : '.inf';
	    let n = Object.is(value, -0) ? '-0' : JSON.stringify(value);
	    if (!format &&
	        minFractionDigits &&
	        (!tag || tag === 'tag:yaml.org,2002:float') &&
	        /^-?\d/.test(n) &&
	        !n.includes('e')) {
	        let i = n.indexOf('.');
	        if (i < 0) {
	            i = n.length;
	            n += '.';
	        }
	        let d = minFractionDigits - (n.length - i - 1);
	        while (d-- > 0)
	            n += '0';
	    }
	    return n;
	}

	stringifyNumber.stringifyNumber = stringifyNumber$1;
	return stringifyNumber;
}

var hasRequiredFloat$1;

function requireFloat$1 () {
	if (hasRequiredFloat$1) return float$1;
	hasRequiredFloat$1 = 1;

	var Scalar = requireScalar();
	var stringifyNumber = requireStringifyNumber();

	const floatNaN = {
	    identify: value => typeof value === 'number',
	    default: true,
	    tag: 'tag:yaml.org,2002:float',
	    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
	    resolve: str => str.slice(-3).toLowerCase() === 'nan'
	        ? NaN
	        : str[0] === '-'
	            ? Number.NEGATIVE_INFINITY
	            : Number.POSITIVE_INFINITY,
	    stringify: stringifyNumber.stringifyNumber
	};
	const floatExp = {
	    identify: value => typeof value === 'number',
	    default: true,
	    tag: 'tag:yaml.org,2002:float',
	    format: 'EXP',
	    test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
	    resolve: str => parseFloat(str),
	    stringify(node) {
	        const num = Number(node.value);
	        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
	    }
	};
	const float = {
	    identify: value => typeof value === 'number',
	    default: true,
	    tag: 'tag:yaml.org,2002:float',
	    test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
	    resolve(str) {
	        const node = new Scalar.Scalar(parseFloat(str));
	        const dot = str.indexOf('.');
	        if (dot !== -1 && str[str.length - 1] === '0')
	            node.minFractionDigits = str.length - dot - 1;
	        return node;
	    },
	    stringify: stringifyNumber.stringifyNumber
	};

	float$1.float = float;
	float$1.floatExp = floatExp;
	float$1.floatNaN = floatNaN;
	return float$1;
}

var int$1 = {};

var hasRequiredInt$1;

function requireInt$1 () {
	if (hasRequiredInt$1) return int$1;
	hasRequiredInt$1 = 1;

	var stringifyNumber = requireStringifyNumber();

	const intIdentify = (value) => typeof value === 'bigint' || Number.isInteger(value);
	const intResolve = (str, offset, radix, { intAsBigInt }) => (intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix));
	function intStringify(node, radix, prefix) {
	    const { value } = node;
	    if (intIdentify(value) && value >= 0)
	        return prefix + value.toString(radix);
	    return stringifyNumber.stringifyNumber(node);
	}
	const intOct = {
	    identify: value => intIdentify(value) && value >= 0,
	    default: true,
	    tag: 'tag:yaml.org,2002:int',
	    format: 'OCT',
	    test: /^0o[0-7]+$/,
	    resolve: (str, _onError, opt) => intResolve(str, 2, 8, opt),
	    stringify: node => intStringify(node, 8, '0o')
	};
	const int = {
	    identify: intIdentify,
	    default: true,
	    tag: 'tag:yaml.org,2002:int',
	    test: /^[-+]?[0-9]+$/,
	    resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
	    stringify: stringifyNumber.stringifyNumber
	};
	const intHex = {
	    identify: value => intIdentify(value) && value >= 0,
	    default: true,
	    tag: 'tag:yaml.org,2002:int',
	    format: 'HEX',
	    test: /^0x[0-9a-fA-F]+$/,
	    resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
	    stringify: node => intStringify(node, 16, '0x')
	};

	int$1.int = int;
	int$1.intHex = intHex;
	int$1.intOct = intOct;
	return int$1;
}

var schema$2 = {};

var hasRequiredSchema$3;

function requireSchema$3 () {
	if (hasRequiredSchema$3) return schema$2;
	hasRequiredSchema$3 = 1;

	var map = requireMap();
	var _null = require_null();
	var seq = requireSeq();
	var string = requireString();
	var bool = requireBool$1();
	var float = requireFloat$1();
	var int = requireInt$1();

	const schema = [
	    map.map,
	    seq.seq,
	    string.string,
	    _null.nullTag,
	    bool.boolTag,
	    int.intOct,
	    int.int,
	    int.intHex,
	    float.floatNaN,
	    float.floatExp,
	    float.float
	];

	schema$2.schema = schema;
	return schema$2;
}

var schema$1 = {};

var hasRequiredSchema$2;

function requireSchema$2 () {
	if (hasRequiredSchema$2) return schema$1;
	hasRequiredSchema$2 = 1;

	var Scalar = requireScalar();
	var map = requireMap();
	var seq = requireSeq();

	function intIdentify(value) {
	    return typeof value === 'bigint' || Number.isInteger(value);
	}
	const stringifyJSON = ({ value }) => JSON.stringify(value);
	const jsonScalars = [
	    {
	        identify: value => typeof value === 'string',
	        default: true,
	        tag: 'tag:yaml.org,2002:str',
	        resolve: str => str,
	        stringify: stringifyJSON
	    },
	    {
	        identify: value => value == null,
	        createNode: () => new Scalar.Scalar(null),
	        default: true,
	        tag: 'tag:yaml.org,2002:null',
	        test: /^null$/,
	        resolve: () => null,
	        stringify: stringifyJSON
	    },
	    {
	        identify: value => typeof value === 'boolean',
	        default: true,
	        tag: 'tag:yaml.org,2002:bool',
	        test: /^true$|^false$/,
	        resolve: str => str === 'true',
	        stringify: stringifyJSON
	    },
	    {
	        identify: intIdentify,
	        default: true,
	        tag: 'tag:yaml.org,2002:int',
	        test: /^-?(?:0|[1-9][0-9]*)$/,
	        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
	        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
	    },
	    {
	        identify: value => typeof value === 'number',
	        default: true,
	        tag: 'tag:yaml.org,2002:float',
	        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
	        resolve: str => parseFloat(str),
	        stringify: stringifyJSON
	    }
	];
	const jsonError = {
	    default: true,
	    tag: '',
	    test: /^/,
	    resolve(str, onError) {
	        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
	        return str;
	    }
	};
	const schema = [map.map, seq.seq].concat(jsonScalars, jsonError);

	schema$1.schema = schema;
	return schema$1;
}

var binary = {};

var hasRequiredBinary;

function requireBinary () {
	if (hasRequiredBinary) return binary;
	hasRequiredBinary = 1;

	var node_buffer = require$$0__default;
	var Scalar = requireScalar();
	var stringifyString = requireStringifyString();

	const binary$1 = {
	    identify: value => value instanceof Uint8Array, // Buffer inherits from Uint8Array
	    default: false,
	    tag: 'tag:yaml.org,2002:binary',
	    /**
	     * Returns a Buffer in node and an Uint8Array in browsers
	     *
	     * To use the resulting buffer as an image, you'll want to do something like:
	     *
	     *   const blob = new Blob([buffer], { type: 'image/jpeg' })
	     *   document.querySelector('#photo').src = URL.createObjectURL(blob)
	     */
	    resolve(src, onError) {
	        if (typeof node_buffer.Buffer === 'function') {
	            return node_buffer.Buffer.from(src, 'base64');
	        }
	        else if (typeof atob === 'function') {
	            // On IE 11, atob() can't handle newlines
	            const str = atob(src.replace(/[\n\r]/g, ''));
	            const buffer = new Uint8Array(str.length);
	            for (let i = 0; i < str.length; ++i)
	                buffer[i] = str.charCodeAt(i);
	            return buffer;
	        }
	        else {
	            onError('This environment does not support reading binary tags; either Buffer or atob is required');
	            return src;
	        }
	    },
	    stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
	        if (!value)
	            return '';
	        const buf = value; // checked earlier by binary.identify()
	        let str;
	        if (typeof node_buffer.Buffer === 'function') {
	            str =
	                buf instanceof node_buffer.Buffer
	                    ? buf.toString('base64')
	                    : node_buffer.Buffer.from(buf.buffer).toString('base64');
	        }
	        else if (typeof btoa === 'function') {
	            let s = '';
	            for (let i = 0; i < buf.length; ++i)
	                s += String.fromCharCode(buf[i]);
	            str = btoa(s);
	        }
	        else {
	            throw new Error('This environment does not support writing binary tags; either Buffer or btoa is required');
	        }
	        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
	        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
	            const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
	            const n = Math.ceil(str.length / lineWidth);
	            const lines = new Array(n);
	            for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
	                lines[i] = str.substr(o, lineWidth);
	            }
	            str = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? '\n' : ' ');
	        }
	        return stringifyString.stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
	    }
	};

	binary.binary = binary$1;
	return binary;
}

var omap = {};

var pairs = {};

var hasRequiredPairs;

function requirePairs () {
	if (hasRequiredPairs) return pairs;
	hasRequiredPairs = 1;

	var identity = requireIdentity();
	var Pair = requirePair();
	var Scalar = requireScalar();
	var YAMLSeq = requireYAMLSeq();

	function resolvePairs(seq, onError) {
	    if (identity.isSeq(seq)) {
	        for (let i = 0; i < seq.items.length; ++i) {
	            let item = seq.items[i];
	            if (identity.isPair(item))
	                continue;
	            else if (identity.isMap(item)) {
	                if (item.items.length > 1)
	                    onError('Each pair must have its own sequence indicator');
	                const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
	                if (item.commentBefore)
	                    pair.key.commentBefore = pair.key.commentBefore
	                        ? `${item.commentBefore}\n${pair.key.commentBefore}`
	                        : item.commentBefore;
	                if (item.comment) {
	                    const cn = pair.value ?? pair.key;
	                    cn.comment = cn.comment
	                        ? `${item.comment}\n${cn.comment}`
	                        : item.comment;
	                }
	                item = pair;
	            }
	            seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
	        }
	    }
	    else
	        onError('Expected a sequence for this tag');
	    return seq;
	}
	function createPairs(schema, iterable, ctx) {
	    const { replacer } = ctx;
	    const pairs = new YAMLSeq.YAMLSeq(schema);
	    pairs.tag = 'tag:yaml.org,2002:pairs';
	    let i = 0;
	    if (iterable && Symbol.iterator in Object(iterable))
	        for (let it of iterable) {
	            if (typeof replacer === 'function')
	                it = replacer.call(iterable, String(i++), it);
	            let key, value;
	            if (Array.isArray(it)) {
	                if (it.length === 2) {
	                    key = it[0];
	                    value = it[1];
	                }
	                else
	                    throw new TypeError(`Expected [key, value] tuple: ${it}`);
	            }
	            else if (it && it instanceof Object) {
	                const keys = Object.keys(it);
	                if (keys.length === 1) {
	                    key = keys[0];
	                    value = it[key];
	                }
	                else {
	                    throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
	                }
	            }
	            else {
	                key = it;
	            }
	            pairs.items.push(Pair.createPair(key, value, ctx));
	        }
	    return pairs;
	}
	const pairs$1 = {
	    collection: 'seq',
	    default: false,
	    tag: 'tag:yaml.org,2002:pairs',
	    resolve: resolvePairs,
	    createNode: createPairs
	};

	pairs.createPairs = createPairs;
	pairs.pairs = pairs$1;
	pairs.resolvePairs = resolvePairs;
	return pairs;
}

var hasRequiredOmap;

function requireOmap () {
	if (hasRequiredOmap) return omap;
	hasRequiredOmap = 1;

	var identity = requireIdentity();
	var toJS = requireToJS();
	var YAMLMap = requireYAMLMap();
	var YAMLSeq = requireYAMLSeq();
	var pairs = requirePairs();

	class YAMLOMap extends YAMLSeq.YAMLSeq {
	    constructor() {
	        super();
	        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
	        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
	        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
	        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
	        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
	        this.tag = YAMLOMap.tag;
	    }
	    /**
	     * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
	     * but TypeScript won't allow widening the signature of a child method.
	     */
	    toJSON(_, ctx) {
	        if (!ctx)
	            return super.toJSON(_);
	        const map = new Map();
	        if (ctx?.onCreate)
	            ctx.onCreate(map);
	        for (const pair of this.items) {
	            let key, value;
	            if (identity.isPair(pair)) {
	                key = toJS.toJS(pair.key, '', ctx);
	                value = toJS.toJS(pair.value, key, ctx);
	            }
	            else {
	                key = toJS.toJS(pair, '', ctx);
	            }
	            if (map.has(key))
	                throw new Error('Ordered maps must not include duplicate keys');
	            map.set(key, value);
	        }
	        return map;
	    }
	    static from(schema, iterable, ctx) {
	        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
	        const omap = new this();
	        omap.items = pairs$1.items;
	        return omap;
	    }
	}
	YAMLOMap.tag = 'tag:yaml.org,2002:omap';
	const omap$1 = {
	    collection: 'seq',
	    identify: value => value instanceof Map,
	    nodeClass: YAMLOMap,
	    default: false,
	    tag: 'tag:yaml.org,2002:omap',
	    resolve(seq, onError) {
	        const pairs$1 = pairs.resolvePairs(seq, onError);
	        const seenKeys = [];
	        for (const { key } of pairs$1.items) {
	            if (identity.isScalar(key)) {
	                if (seenKeys.includes(key.value)) {
	                    onError(`Ordered maps must not include duplicate keys: ${key.value}`);
	                }
	                else {
	                    seenKeys.push(key.value);
	                }
	            }
	        }
	        return Object.assign(new YAMLOMap(), pairs$1);
	    },
	    createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
	};

	omap.YAMLOMap = YAMLOMap;
	omap.omap = omap$1;
	return omap;
}

var schema = {};

var bool = {};

var hasRequiredBool;

function requireBool () {
	if (hasRequiredBool) return bool;
	hasRequiredBool = 1;

	var Scalar = requireScalar();

	function boolStringify({ value, source }, ctx) {
	    const boolObj = value ? trueTag : falseTag;
	    if (source && boolObj.test.test(source))
	        return source;
	    return value ? ctx.options.trueStr : ctx.options.falseStr;
	}
	const trueTag = {
	    identify: value => value === true,
	    default: true,
	    tag: 'tag:yaml.org,2002:bool',
	    test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
	    resolve: () => new Scalar.Scalar(true),
	    stringify: boolStringify
	};
	const falseTag = {
	    identify: value => value === false,
	    default: true,
	    tag: 'tag:yaml.org,2002:bool',
	    test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
	    resolve: () => new Scalar.Scalar(false),
	    stringify: boolStringify
	};

	bool.falseTag = falseTag;
	bool.trueTag = trueTag;
	return bool;
}

var float = {};

var hasRequiredFloat;

function requireFloat () {
	if (hasRequiredFloat) return float;
	hasRequiredFloat = 1;

	var Scalar = requireScalar();
	var stringifyNumber = requireStringifyNumber();

	const floatNaN = {
	    identify: value => typeof value === 'number',
	    default: true,
	    tag: 'tag:yaml.org,2002:float',
	    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
	    resolve: (str) => str.slice(-3).toLowerCase() === 'nan'
	        ? NaN
	        : str[0] === '-'
	            ? Number.NEGATIVE_INFINITY
	            : Number.POSITIVE_INFINITY,
	    stringify: stringifyNumber.stringifyNumber
	};
	const floatExp = {
	    identify: value => typeof value === 'number',
	    default: true,
	    tag: 'tag:yaml.org,2002:float',
	    format: 'EXP',
	    test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
	    resolve: (str) => parseFloat(str.replace(/_/g, '')),
	    stringify(node) {
	        const num = Number(node.value);
	        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
	    }
	};
	const float$1 = {
	    identify: value => typeof value === 'number',
	    default: true,
	    tag: 'tag:yaml.org,2002:float',
	    test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
	    resolve(str) {
	        const node = new Scalar.Scalar(parseFloat(str.replace(/_/g, '')));
	        const dot = str.indexOf('.');
	        if (dot !== -1) {
	            const f = str.substring(dot + 1).replace(/_/g, '');
	            if (f[f.length - 1] === '0')
	                node.minFractionDigits = f.length;
	        }
	        return node;
	    },
	    stringify: stringifyNumber.stringifyNumber
	};

	float.float = float$1;
	float.floatExp = floatExp;
	float.floatNaN = floatNaN;
	return float;
}

var int = {};

var hasRequiredInt;

function requireInt () {
	if (hasRequiredInt) return int;
	hasRequiredInt = 1;

	var stringifyNumber = requireStringifyNumber();

	const intIdentify = (value) => typeof value === 'bigint' || Number.isInteger(value);
	function intResolve(str, offset, radix, { intAsBigInt }) {
	    const sign = str[0];
	    if (sign === '-' || sign === '+')
	        offset += 1;
	    str = str.substring(offset).replace(/_/g, '');
	    if (intAsBigInt) {
	        switch (radix) {
	            case 2:
	                str = `0b${str}`;
	                break;
	            case 8:
	                str = `0o${str}`;
	                break;
	            case 16:
	                str = `0x${str}`;
	                break;
	        }
	        const n = BigInt(str);
	        return sign === '-' ? BigInt(-1) * n : n;
	    }
	    const n = parseInt(str, radix);
	    return sign === '-' ? -1 * n : n;
	}
	function intStringify(node, radix, prefix) {
	    const { value } = node;
	    if (intIdentify(value)) {
	        const str = value.toString(radix);
	        return value < 0 ? '-' + prefix + str.substr(1) : prefix + str;
	    }
	    return stringifyNumber.stringifyNumber(node);
	}
	const intBin = {
	    identify: intIdentify,
	    default: true,
	    tag: 'tag:yaml.org,2002:int',
	    format: 'BIN',
	    test: /^[-+]?0b[0-1_]+$/,
	    resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
	    stringify: node => intStringify(node, 2, '0b')
	};
	const intOct = {
	    identify: intIdentify,
	    default: true,
	    tag: 'tag:yaml.org,2002:int',
	    format: 'OCT',
	    test: /^[-+]?0[0-7_]+$/,
	    resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
	    stringify: node => intStringify(node, 8, '0')
	};
	const int$1 = {
	    identify: intIdentify,
	    default: true,
	    tag: 'tag:yaml.org,2002:int',
	    test: /^[-+]?[0-9][0-9_]*$/,
	    resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
	    stringify: stringifyNumber.stringifyNumber
	};
	const intHex = {
	    identify: intIdentify,
	    default: true,
	    tag: 'tag:yaml.org,2002:int',
	    format: 'HEX',
	    test: /^[-+]?0x[0-9a-fA-F_]+$/,
	    resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
	    stringify: node => intStringify(node, 16, '0x')
	};

	int.int = int$1;
	int.intBin = intBin;
	int.intHex = intHex;
	int.intOct = intOct;
	return int;
}

var set = {};

var hasRequiredSet;

function requireSet () {
	if (hasRequiredSet) return set;
	hasRequiredSet = 1;

	var identity = requireIdentity();
	var Pair = requirePair();
	var YAMLMap = requireYAMLMap();

	class YAMLSet extends YAMLMap.YAMLMap {
	    constructor(schema) {
	        super(schema);
	        this.tag = YAMLSet.tag;
	    }
	    add(key) {
	        let pair;
	        if (identity.isPair(key))
	            pair = key;
	        else if (key &&
	            typeof key === 'object' &&
	            'key' in key &&
	            'value' in key &&
	            key.value === null)
	            pair = new Pair.Pair(key.key, null);
	        else
	            pair = new Pair.Pair(key, null);
	        const prev = YAMLMap.findPair(this.items, pair.key);
	        if (!prev)
	            this.items.push(pair);
	    }
	    /**
	     * If `keepPair` is `true`, returns the Pair matching `key`.
	     * Otherwise, returns the value of that Pair's key.
	     */
	    get(key, keepPair) {
	        const pair = YAMLMap.findPair(this.items, key);
	        return !keepPair && identity.isPair(pair)
	            ? identity.isScalar(pair.key)
	                ? pair.key.value
	                : pair.key
	            : pair;
	    }
	    set(key, value) {
	        if (typeof value !== 'boolean')
	            throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
	        const prev = YAMLMap.findPair(this.items, key);
	        if (prev && !value) {
	            this.items.splice(this.items.indexOf(prev), 1);
	        }
	        else if (!prev && value) {
	            this.items.push(new Pair.Pair(key));
	        }
	    }
	    toJSON(_, ctx) {
	        return super.toJSON(_, ctx, Set);
	    }
	    toString(ctx, onComment, onChompKeep) {
	        if (!ctx)
	            return JSON.stringify(this);
	        if (this.hasAllNullValues(true))
	            return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
	        else
	            throw new Error('Set items must all have null values');
	    }
	    static from(schema, iterable, ctx) {
	        const { replacer } = ctx;
	        const set = new this(schema);
	        if (iterable && Symbol.iterator in Object(iterable))
	            for (let value of iterable) {
	                if (typeof replacer === 'function')
	                    value = replacer.call(iterable, value, value);
	                set.items.push(Pair.createPair(value, null, ctx));
	            }
	        return set;
	    }
	}
	YAMLSet.tag = 'tag:yaml.org,2002:set';
	const set$1 = {
	    collection: 'map',
	    identify: value => value instanceof Set,
	    nodeClass: YAMLSet,
	    default: false,
	    tag: 'tag:yaml.org,2002:set',
	    createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
	    resolve(map, onError) {
	        if (identity.isMap(map)) {
	            if (map.hasAllNullValues(true))
	                return Object.assign(new YAMLSet(), map);
	            else
	                onError('Set items must all have null values');
	        }
	        else
	            onError('Expected a mapping for this tag');
	        return map;
	    }
	};

	set.YAMLSet = YAMLSet;
	set.set = set$1;
	return set;
}

var timestamp = {};

var hasRequiredTimestamp;

function requireTimestamp () {
	if (hasRequiredTimestamp) return timestamp;
	hasRequiredTimestamp = 1;

	var stringifyNumber = requireStringifyNumber();

	/** Internal types handle bigint as number, because TS can't figure it out. */
	function parseSexagesimal(str, asBigInt) {
	    const sign = str[0];
	    const parts = sign === '-' || sign === '+' ? str.substring(1) : str;
	    const num = (n) => asBigInt ? BigInt(n) : Number(n);
	    const res = parts
	        .replace(/_/g, '')
	        .split(':')
	        .reduce((res, p) => res * num(60) + num(p), num(0));
	    return (sign === '-' ? num(-1) * res : res);
	}
	/**
	 * hhhh:mm:ss.sss
	 *
	 * Internal types handle bigint as number, because TS can't figure it out.
	 */
	function stringifySexagesimal(node) {
	    let { value } = node;
	    let num = (n) => n;
	    if (typeof value === 'bigint')
	        num = n => BigInt(n);
	    else if (isNaN(value) || !isFinite(value))
	        return stringifyNumber.stringifyNumber(node);
	    let sign = '';
	    if (value < 0) {
	        sign = '-';
	        value *= num(-1);
	    }
	    const _60 = num(60);
	    const parts = [value % _60]; // seconds, including ms
	    if (value < 60) {
	        parts.unshift(0); // at least one : is required
	    }
	    else {
	        value = (value - parts[0]) / _60;
	        parts.unshift(value % _60); // minutes
	        if (value >= 60) {
	            value = (value - parts[0]) / _60;
	            parts.unshift(value); // hours
	        }
	    }
	    return (sign +
	        parts
	            .map(n => String(n).padStart(2, '0'))
	            .join(':')
	            .replace(/000000\d*$/, '') // % 60 may introduce error
	    );
	}
	const intTime = {
	    identify: value => typeof value === 'bigint' || Number.isInteger(value),
	    default: true,
	    tag: 'tag:yaml.org,2002:int',
	    format: 'TIME',
	    test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
	    resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
	    stringify: stringifySexagesimal
	};
	const floatTime = {
	    identify: value => typeof value === 'number',
	    default: true,
	    tag: 'tag:yaml.org,2002:float',
	    format: 'TIME',
	    test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
	    resolve: str => parseSexagesimal(str, false),
	    stringify: stringifySexagesimal
	};
	const timestamp$1 = {
	    identify: value => value instanceof Date,
	    default: true,
	    tag: 'tag:yaml.org,2002:timestamp',
	    // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
	    // may be omitted altogether, resulting in a date format. In such a case, the time part is
	    // assumed to be 00:00:00Z (start of day, UTC).
	    test: RegExp('^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})' + // YYYY-Mm-Dd
	        '(?:' + // time is optional
	        '(?:t|T|[ \\t]+)' + // t | T | whitespace
	        '([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)' + // Hh:Mm:Ss(.ss)?
	        '(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?' + // Z | +5 | -03:30
	        ')?$'),
	    resolve(str) {
	        const match = str.match(timestamp$1.test);
	        if (!match)
	            throw new Error('!!timestamp expects a date, starting with yyyy-mm-dd');
	        const [, year, month, day, hour, minute, second] = match.map(Number);
	        const millisec = match[7] ? Number((match[7] + '00').substr(1, 3)) : 0;
	        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
	        const tz = match[8];
	        if (tz && tz !== 'Z') {
	            let d = parseSexagesimal(tz, false);
	            if (Math.abs(d) < 30)
	                d *= 60;
	            date -= 60000 * d;
	        }
	        return new Date(date);
	    },
	    stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, '') ?? ''
	};

	timestamp.floatTime = floatTime;
	timestamp.intTime = intTime;
	timestamp.timestamp = timestamp$1;
	return timestamp;
}

var hasRequiredSchema$1;

function requireSchema$1 () {
	if (hasRequiredSchema$1) return schema;
	hasRequiredSchema$1 = 1;

	var map = requireMap();
	var _null = require_null();
	var seq = requireSeq();
	var string = requireString();
	var binary = requireBinary();
	var bool = requireBool();
	var float = requireFloat();
	var int = requireInt();
	var merge = requireMerge();
	var omap = requireOmap();
	var pairs = requirePairs();
	var set = requireSet();
	var timestamp = requireTimestamp();

	const schema$1 = [
	    map.map,
	    seq.seq,
	    string.string,
	    _null.nullTag,
	    bool.trueTag,
	    bool.falseTag,
	    int.intBin,
	    int.intOct,
	    int.int,
	    int.intHex,
	    float.floatNaN,
	    float.floatExp,
	    float.float,
	    binary.binary,
	    merge.merge,
	    omap.omap,
	    pairs.pairs,
	    set.set,
	    timestamp.intTime,
	    timestamp.floatTime,
	    timestamp.timestamp
	];

	schema.schema = schema$1;
	return schema;
}

var hasRequiredTags;

function requireTags () {
	if (hasRequiredTags) return tags;
	hasRequiredTags = 1;

	var map = requireMap();
	var _null = require_null();
	var seq = requireSeq();
	var string = requireString();
	var bool = requireBool$1();
	var float = requireFloat$1();
	var int = requireInt$1();
	var schema = requireSchema$3();
	var schema$1 = requireSchema$2();
	var binary = requireBinary();
	var merge = requireMerge();
	var omap = requireOmap();
	var pairs = requirePairs();
	var schema$2 = requireSchema$1();
	var set = requireSet();
	var timestamp = requireTimestamp();

	const schemas = new Map([
	    ['core', schema.schema],
	    ['failsafe', [map.map, seq.seq, string.string]],
	    ['json', schema$1.schema],
	    ['yaml11', schema$2.schema],
	    ['yaml-1.1', schema$2.schema]
	]);
	const tagsByName = {
	    binary: binary.binary,
	    bool: bool.boolTag,
	    float: float.float,
	    floatExp: float.floatExp,
	    floatNaN: float.floatNaN,
	    floatTime: timestamp.floatTime,
	    int: int.int,
	    intHex: int.intHex,
	    intOct: int.intOct,
	    intTime: timestamp.intTime,
	    map: map.map,
	    merge: merge.merge,
	    null: _null.nullTag,
	    omap: omap.omap,
	    pairs: pairs.pairs,
	    seq: seq.seq,
	    set: set.set,
	    timestamp: timestamp.timestamp
	};
	const coreKnownTags = {
	    'tag:yaml.org,2002:binary': binary.binary,
	    'tag:yaml.org,2002:merge': merge.merge,
	    'tag:yaml.org,2002:omap': omap.omap,
	    'tag:yaml.org,2002:pairs': pairs.pairs,
	    'tag:yaml.org,2002:set': set.set,
	    'tag:yaml.org,2002:timestamp': timestamp.timestamp
	};
	function getTags(customTags, schemaName, addMergeTag) {
	    const schemaTags = schemas.get(schemaName);
	    if (schemaTags && !customTags) {
	        return addMergeTag && !schemaTags.includes(merge.merge)
	            ? schemaTags.concat(merge.merge)
	            : schemaTags.slice();
	    }
	    let tags = schemaTags;
	    if (!tags) {
	        if (Array.isArray(customTags))
	            tags = [];
	        else {
	            const keys = Array.from(schemas.keys())
	                .filter(key => key !== 'yaml11')
	                .map(key => JSON.stringify(key))
	                .join(', ');
	            throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
	        }
	    }
	    if (Array.isArray(customTags)) {
	        for (const tag of customTags)
	            tags = tags.concat(tag);
	    }
	    else if (typeof customTags === 'function') {
	        tags = customTags(tags.slice());
	    }
	    if (addMergeTag)
	        tags = tags.concat(merge.merge);
	    return tags.reduce((tags, tag) => {
	        const tagObj = typeof tag === 'string' ? tagsByName[tag] : tag;
	        if (!tagObj) {
	            const tagName = JSON.stringify(tag);
	            const keys = Object.keys(tagsByName)
	                .map(key => JSON.stringify(key))
	                .join(', ');
	            throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
	        }
	        if (!tags.includes(tagObj))
	            tags.push(tagObj);
	        return tags;
	    }, []);
	}

	tags.coreKnownTags = coreKnownTags;
	tags.getTags = getTags;
	return tags;
}

var hasRequiredSchema;

function requireSchema () {
	if (hasRequiredSchema) return Schema;
	hasRequiredSchema = 1;

	var identity = requireIdentity();
	var map = requireMap();
	var seq = requireSeq();
	var string = requireString();
	var tags = requireTags();

	const sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
	let Schema$1 = class Schema {
	    constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
	        this.compat = Array.isArray(compat)
	            ? tags.getTags(compat, 'compat')
	            : compat
	                ? tags.getTags(null, compat)
	                : null;
	        this.name = (typeof schema === 'string' && schema) || 'core';
	        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
	        this.tags = tags.getTags(customTags, this.name, merge);
	        this.toStringOptions = toStringDefaults ?? null;
	        Object.defineProperty(this, identity.MAP, { value: map.map });
	        Object.defineProperty(this, identity.SCALAR, { value: string.string });
	        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
	        // Used by createMap()
	        this.sortMapEntries =
	            typeof sortMapEntries === 'function'
	                ? sortMapEntries
	                : sortMapEntries === true
	                    ? sortMapEntriesByKey
	                    : null;
	    }
	    clone() {
	        const copy = Object.create(Schema.prototype, Object.getOwnPropertyDescriptors(this));
	        copy.tags = this.tags.slice();
	        return copy;
	    }
	};

	Schema.Schema = Schema$1;
	return Schema;
}

var stringifyDocument = {};

var hasRequiredStringifyDocument;

function requireStringifyDocument () {
	if (hasRequiredStringifyDocument) return stringifyDocument;
	hasRequiredStringifyDocument = 1;

	var identity = requireIdentity();
	var stringify = requireStringify();
	var stringifyComment = requireStringifyComment();

	function stringifyDocument$1(doc, options) {
	    const lines = [];
	    let hasDirectives = options.directives === true;
	    if (options.directives !== false && doc.directives) {
	        const dir = doc.directives.toString(doc);
	        if (dir) {
	            lines.push(dir);
	            hasDirectives = true;
	        }
	        else if (doc.directives.docStart)
	            hasDirectives = true;
	    }
	    if (hasDirectives)
	        lines.push('---');
	    const ctx = stringify.createStringifyContext(doc, options);
	    const { commentString } = ctx.options;
	    if (doc.commentBefore) {
	        if (lines.length !== 1)
	            lines.unshift('');
	        const cs = commentString(doc.commentBefore);
	        lines.unshift(stringifyComment.indentComment(cs, ''));
	    }
	    let chompKeep = false;
	    let contentComment = null;
	    if (doc.contents) {
	        if (identity.isNode(doc.contents)) {
	            if (doc.contents.spaceBefore && hasDirectives)
	                lines.push('');
	            if (doc.contents.commentBefore) {
	                const cs = commentString(doc.contents.commentBefore);
	                lines.push(stringifyComment.indentComment(cs, ''));
	            }
	            // top-level block scalars need to be indented if followed by a comment
	            ctx.forceBlockIndent = !!doc.comment;
	            contentComment = doc.contents.comment;
	        }
	        const onChompKeep = contentComment ? undefined : () => (chompKeep = true);
	        let body = stringify.stringify(doc.contents, ctx, () => (contentComment = null), onChompKeep);
	        if (contentComment)
	            body += stringifyComment.lineComment(body, '', commentString(contentComment));
	        if ((body[0] === '|' || body[0] === '>') &&
	            lines[lines.length - 1] === '---') {
	            // Top-level block scalars with a preceding doc marker ought to use the
	            // same line for their header.
	            lines[lines.length - 1] = `--- ${body}`;
	        }
	        else
	            lines.push(body);
	    }
	    else {
	        lines.push(stringify.stringify(doc.contents, ctx));
	    }
	    if (doc.directives?.docEnd) {
	        if (doc.comment) {
	            const cs = commentString(doc.comment);
	            if (cs.includes('\n')) {
	                lines.push('...');
	                lines.push(stringifyComment.indentComment(cs, ''));
	            }
	            else {
	                lines.push(`... ${cs}`);
	            }
	        }
	        else {
	            lines.push('...');
	        }
	    }
	    else {
	        let dc = doc.comment;
	        if (dc && chompKeep)
	            dc = dc.replace(/^\n+/, '');
	        if (dc) {
	            if ((!chompKeep || contentComment) && lines[lines.length - 1] !== '')
	                lines.push('');
	            lines.push(stringifyComment.indentComment(commentString(dc), ''));
	        }
	    }
	    return lines.join('\n') + '\n';
	}

	stringifyDocument.stringifyDocument = stringifyDocument$1;
	return stringifyDocument;
}

var hasRequiredDocument;

function requireDocument () {
	if (hasRequiredDocument) return Document;
	hasRequiredDocument = 1;

	var Alias = requireAlias();
	var Collection = requireCollection();
	var identity = requireIdentity();
	var Pair = requirePair();
	var toJS = requireToJS();
	var Schema = requireSchema();
	var stringifyDocument = requireStringifyDocument();
	var anchors = requireAnchors();
	var applyReviver = requireApplyReviver();
	var createNode = requireCreateNode();
	var directives = requireDirectives();

	let Document$1 = class Document {
	    constructor(value, replacer, options) {
	        /** A comment before this Document */
	        this.commentBefore = null;
	        /** A comment immediately after this Document */
	        this.comment = null;
	        /** Errors encountered during parsing. */
	        this.errors = [];
	        /** Warnings encountered during parsing. */
	        this.warnings = [];
	        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
	        let _replacer = null;
	        if (typeof replacer === 'function' || Array.isArray(replacer)) {
	            _replacer = replacer;
	        }
	        else if (options === undefined && replacer) {
	            options = replacer;
	            replacer = undefined;
	        }
	        const opt = Object.assign({
	            intAsBigInt: false,
	            keepSourceTokens: false,
	            logLevel: 'warn',
	            prettyErrors: true,
	            strict: true,
	            stringKeys: false,
	            uniqueKeys: true,
	            version: '1.2'
	        }, options);
	        this.options = opt;
	        let { version } = opt;
	        if (options?._directives) {
	            this.directives = options._directives.atDocument();
	            if (this.directives.yaml.explicit)
	                version = this.directives.yaml.version;
	        }
	        else
	            this.directives = new directives.Directives({ version });
	        this.setSchema(version, options);
	        // @ts-expect-error We can't really know that this matches Contents.
	        this.contents =
	            value === undefined ? null : this.createNode(value, _replacer, options);
	    }
	    /**
	     * Create a deep copy of this Document and its contents.
	     *
	     * Custom Node values that inherit from `Object` still refer to their original instances.
	     */
	    clone() {
	        const copy = Object.create(Document.prototype, {
	            [identity.NODE_TYPE]: { value: identity.DOC }
	        });
	        copy.commentBefore = this.commentBefore;
	        copy.comment = this.comment;
	        copy.errors = this.errors.slice();
	        copy.warnings = this.warnings.slice();
	        copy.options = Object.assign({}, this.options);
	        if (this.directives)
	            copy.directives = this.directives.clone();
	        copy.schema = this.schema.clone();
	        // @ts-expect-error We can't really know that this matches Contents.
	        copy.contents = identity.isNode(this.contents)
	            ? this.contents.clone(copy.schema)
	            : this.contents;
	        if (this.range)
	            copy.range = this.range.slice();
	        return copy;
	    }
	    /** Adds a value to the document. */
	    add(value) {
	        if (assertCollection(this.contents))
	            this.contents.add(value);
	    }
	    /** Adds a value to the document. */
	    addIn(path, value) {
	        if (assertCollection(this.contents))
	            this.contents.addIn(path, value);
	    }
	    /**
	     * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
	     *
	     * If `node` already has an anchor, `name` is ignored.
	     * Otherwise, the `node.anchor` value will be set to `name`,
	     * or if an anchor with that name is already present in the document,
	     * `name` will be used as a prefix for a new unique anchor.
	     * If `name` is undefined, the generated anchor will use 'a' as a prefix.
	     */
	    createAlias(node, name) {
	        if (!node.anchor) {
	            const prev = anchors.anchorNames(this);
	            node.anchor =
	                // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
	                !name || prev.has(name) ? anchors.findNewAnchor(name || 'a', prev) : name;
	        }
	        return new Alias.Alias(node.anchor);
	    }
	    createNode(value, replacer, options) {
	        let _replacer = undefined;
	        if (typeof replacer === 'function') {
	            value = replacer.call({ '': value }, '', value);
	            _replacer = replacer;
	        }
	        else if (Array.isArray(replacer)) {
	            const keyToStr = (v) => typeof v === 'number' || v instanceof String || v instanceof Number;
	            const asStr = replacer.filter(keyToStr).map(String);
	            if (asStr.length > 0)
	                replacer = replacer.concat(asStr);
	            _replacer = replacer;
	        }
	        else if (options === undefined && replacer) {
	            options = replacer;
	            replacer = undefined;
	        }
	        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
	        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(this, 
	        // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
	        anchorPrefix || 'a');
	        const ctx = {
	            aliasDuplicateObjects: aliasDuplicateObjects ?? true,
	            keepUndefined: keepUndefined ?? false,
	            onAnchor,
	            onTagObj,
	            replacer: _replacer,
	            schema: this.schema,
	            sourceObjects
	        };
	        const node = createNode.createNode(value, tag, ctx);
	        if (flow && identity.isCollection(node))
	            node.flow = true;
	        setAnchors();
	        return node;
	    }
	    /**
	     * Convert a key and a value into a `Pair` using the current schema,
	     * recursively wrapping all values as `Scalar` or `Collection` nodes.
	     */
	    createPair(key, value, options = {}) {
	        const k = this.createNode(key, null, options);
	        const v = this.createNode(value, null, options);
	        return new Pair.Pair(k, v);
	    }
	    /**
	     * Removes a value from the document.
	     * @returns `true` if the item was found and removed.
	     */
	    delete(key) {
	        return assertCollection(this.contents) ? this.contents.delete(key) : false;
	    }
	    /**
	     * Removes a value from the document.
	     * @returns `true` if the item was found and removed.
	     */
	    deleteIn(path) {
	        if (Collection.isEmptyPath(path)) {
	            if (this.contents == null)
	                return false;
	            // @ts-expect-error Presumed impossible if Strict extends false
	            this.contents = null;
	            return true;
	        }
	        return assertCollection(this.contents)
	            ? this.contents.deleteIn(path)
	            : false;
	    }
	    /**
	     * Returns item at `key`, or `undefined` if not found. By default unwraps
	     * scalar values from their surrounding node; to disable set `keepScalar` to
	     * `true` (collections are always returned intact).
	     */
	    get(key, keepScalar) {
	        return identity.isCollection(this.contents)
	            ? this.contents.get(key, keepScalar)
	            : undefined;
	    }
	    /**
	     * Returns item at `path`, or `undefined` if not found. By default unwraps
	     * scalar values from their surrounding node; to disable set `keepScalar` to
	     * `true` (collections are always returned intact).
	     */
	    getIn(path, keepScalar) {
	        if (Collection.isEmptyPath(path))
	            return !keepScalar && identity.isScalar(this.contents)
	                ? this.contents.value
	                : this.contents;
	        return identity.isCollection(this.contents)
	            ? this.contents.getIn(path, keepScalar)
	            : undefined;
	    }
	    /**
	     * Checks if the document includes a value with the key `key`.
	     */
	    has(key) {
	        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
	    }
	    /**
	     * Checks if the document includes a value at `path`.
	     */
	    hasIn(path) {
	        if (Collection.isEmptyPath(path))
	            return this.contents !== undefined;
	        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
	    }
	    /**
	     * Sets a value in this document. For `!!set`, `value` needs to be a
	     * boolean to add/remove the item from the set.
	     */
	    set(key, value) {
	        if (this.contents == null) {
	            // @ts-expect-error We can't really know that this matches Contents.
	            this.contents = Collection.collectionFromPath(this.schema, [key], value);
	        }
	        else if (assertCollection(this.contents)) {
	            this.contents.set(key, value);
	        }
	    }
	    /**
	     * Sets a value in this document. For `!!set`, `value` needs to be a
	     * boolean to add/remove the item from the set.
	     */
	    setIn(path, value) {
	        if (Collection.isEmptyPath(path)) {
	            // @ts-expect-error We can't really know that this matches Contents.
	            this.contents = value;
	        }
	        else if (this.contents == null) {
	            // @ts-expect-error We can't really know that this matches Contents.
	            this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
	        }
	        else if (assertCollection(this.contents)) {
	            this.contents.setIn(path, value);
	        }
	    }
	    /**
	     * Change the YAML version and schema used by the document.
	     * A `null` version disables support for directives, explicit tags, anchors, and aliases.
	     * It also requires the `schema` option to be given as a `Schema` instance value.
	     *
	     * Overrides all previously set schema options.
	     */
	    setSchema(version, options = {}) {
	        if (typeof version === 'number')
	            version = String(version);
	        let opt;
	        switch (version) {
	            case '1.1':
	                if (this.directives)
	                    this.directives.yaml.version = '1.1';
	                else
	                    this.directives = new directives.Directives({ version: '1.1' });
	                opt = { resolveKnownTags: false, schema: 'yaml-1.1' };
	                break;
	            case '1.2':
	            case 'next':
	                if (this.directives)
	                    this.directives.yaml.version = version;
	                else
	                    this.directives = new directives.Directives({ version });
	                opt = { resolveKnownTags: true, schema: 'core' };
	                break;
	            case null:
	                if (this.directives)
	                    delete this.directives;
	                opt = null;
	                break;
	            default: {
	                const sv = JSON.stringify(version);
	                throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
	            }
	        }
	        // Not using `instanceof Schema` to allow for duck typing
	        if (options.schema instanceof Object)
	            this.schema = options.schema;
	        else if (opt)
	            this.schema = new Schema.Schema(Object.assign(opt, options));
	        else
	            throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
	    }
	    // json & jsonArg are only used from toJSON()
	    toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
	        const ctx = {
	            anchors: new Map(),
	            doc: this,
	            keep: !json,
	            mapAsMap: mapAsMap === true,
	            mapKeyWarned: false,
	            maxAliasCount: typeof maxAliasCount === 'number' ? maxAliasCount : 100
	        };
	        const res = toJS.toJS(this.contents, jsonArg ?? '', ctx);
	        if (typeof onAnchor === 'function')
	            for (const { count, res } of ctx.anchors.values())
	                onAnchor(res, count);
	        return typeof reviver === 'function'
	            ? applyReviver.applyReviver(reviver, { '': res }, '', res)
	            : res;
	    }
	    /**
	     * A JSON representation of the document `contents`.
	     *
	     * @param jsonArg Used by `JSON.stringify` to indicate the array index or
	     *   property name.
	     */
	    toJSON(jsonArg, onAnchor) {
	        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
	    }
	    /** A YAML representation of the document. */
	    toString(options = {}) {
	        if (this.errors.length > 0)
	            throw new Error('Document with errors cannot be stringified');
	        if ('indent' in options &&
	            (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
	            const s = JSON.stringify(options.indent);
	            throw new Error(`"indent" option must be a positive integer, not ${s}`);
	        }
	        return stringifyDocument.stringifyDocument(this, options);
	    }
	};
	function assertCollection(contents) {
	    if (identity.isCollection(contents))
	        return true;
	    throw new Error('Expected a YAML collection as document contents');
	}

	Document.Document = Document$1;
	return Document;
}

var errors = {};

var hasRequiredErrors;

function requireErrors () {
	if (hasRequiredErrors) return errors;
	hasRequiredErrors = 1;

	class YAMLError extends Error {
	    constructor(name, pos, code, message) {
	        super();
	        this.name = name;
	        this.code = code;
	        this.message = message;
	        this.pos = pos;
	    }
	}
	class YAMLParseError extends YAMLError {
	    constructor(pos, code, message) {
	        super('YAMLParseError', pos, code, message);
	    }
	}
	class YAMLWarning extends YAMLError {
	    constructor(pos, code, message) {
	        super('YAMLWarning', pos, code, message);
	    }
	}
	const prettifyError = (src, lc) => (error) => {
	    if (error.pos[0] === -1)
	        return;
	    error.linePos = error.pos.map(pos => lc.linePos(pos));
	    const { line, col } = error.linePos[0];
	    error.message += ` at line ${line}, column ${col}`;
	    let ci = col - 1;
	    let lineStr = src
	        .substring(lc.lineStarts[line - 1], lc.lineStarts[line])
	        .replace(/[\n\r]+$/, '');
	    // Trim to max 80 chars, keeping col position near the middle
	    if (ci >= 60 && lineStr.length > 80) {
	        const trimStart = Math.min(ci - 39, lineStr.length - 79);
	        lineStr = '…' + lineStr.substring(trimStart);
	        ci -= trimStart - 1;
	    }
	    if (lineStr.length > 80)
	        lineStr = lineStr.substring(0, 79) + '…';
	    // Include previous line in context if pointing at line start
	    if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
	        // Regexp won't match if start is trimmed
	        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
	        if (prev.length > 80)
	            prev = prev.substring(0, 79) + '…\n';
	        lineStr = prev + lineStr;
	    }
	    if (/[^ ]/.test(lineStr)) {
	        let count = 1;
	        const end = error.linePos[1];
	        if (end?.line === line && end.col > col) {
	            count = Math.max(1, Math.min(end.col - col, 80 - ci));
	        }
	        const pointer = ' '.repeat(ci) + '^'.repeat(count);
	        error.message += `:\n\n${lineStr}\n${pointer}\n`;
	    }
	};

	errors.YAMLError = YAMLError;
	errors.YAMLParseError = YAMLParseError;
	errors.YAMLWarning = YAMLWarning;
	errors.prettifyError = prettifyError;
	return errors;
}

var composeDoc = {};

var composeNode = {};

var composeCollection = {};

var resolveBlockMap = {};

var resolveProps = {};

var hasRequiredResolveProps;

function requireResolveProps () {
	if (hasRequiredResolveProps) return resolveProps;
	hasRequiredResolveProps = 1;

	function resolveProps$1(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
	    let spaceBefore = false;
	    let atNewline = startOnNewline;
	    let hasSpace = startOnNewline;
	    let comment = '';
	    let commentSep = '';
	    let hasNewline = false;
	    let reqSpace = false;
	    let tab = null;
	    let anchor = null;
	    let tag = null;
	    let newlineAfterProp = null;
	    let comma = null;
	    let found = null;
	    let start = null;
	    for (const token of tokens) {
	        if (reqSpace) {
	            if (token.type !== 'space' &&
	                token.type !== 'newline' &&
	                token.type !== 'comma')
	                onError(token.offset, 'MISSING_CHAR', 'Tags and anchors must be separated from the next token by white space');
	            reqSpace = false;
	        }
	        if (tab) {
	            if (atNewline && token.type !== 'comment' && token.type !== 'newline') {
	                onError(tab, 'TAB_AS_INDENT', 'Tabs are not allowed as indentation');
	            }
	            tab = null;
	        }
	        switch (token.type) {
	            case 'space':
	                // At the doc level, tabs at line start may be parsed
	                // as leading white space rather than indentation.
	                // In a flow collection, only the parser handles indent.
	                if (!flow &&
	                    (indicator !== 'doc-start' || next?.type !== 'flow-collection') &&
	                    token.source.includes('\t')) {
	                    tab = token;
	                }
	                hasSpace = true;
	                break;
	            case 'comment': {
	                if (!hasSpace)
	                    onError(token, 'MISSING_CHAR', 'Comments must be separated from other tokens by white space characters');
	                const cb = token.source.substring(1) || ' ';
	                if (!comment)
	                    comment = cb;
	                else
	                    comment += commentSep + cb;
	                commentSep = '';
	                atNewline = false;
	                break;
	            }
	            case 'newline':
	                if (atNewline) {
	                    if (comment)
	                        comment += token.source;
	                    else if (!found || indicator !== 'seq-item-ind')
	                        spaceBefore = true;
	                }
	                else
	                    commentSep += token.source;
	                atNewline = true;
	                hasNewline = true;
	                if (anchor || tag)
	                    newlineAfterProp = token;
	                hasSpace = true;
	                break;
	            case 'anchor':
	                if (anchor)
	                    onError(token, 'MULTIPLE_ANCHORS', 'A node can have at most one anchor');
	                if (token.source.endsWith(':'))
	                    onError(token.offset + token.source.length - 1, 'BAD_ALIAS', 'Anchor ending in : is ambiguous', true);
	                anchor = token;
	                start ?? (start = token.offset);
	                atNewline = false;
	                hasSpace = false;
	                reqSpace = true;
	                break;
	            case 'tag': {
	                if (tag)
	                    onError(token, 'MULTIPLE_TAGS', 'A node can have at most one tag');
	                tag = token;
	                start ?? (start = token.offset);
	                atNewline = false;
	                hasSpace = false;
	                reqSpace = true;
	                break;
	            }
	            case indicator:
	                // Could here handle preceding comments differently
	                if (anchor || tag)
	                    onError(token, 'BAD_PROP_ORDER', `Anchors and tags must be after the ${token.source} indicator`);
	                if (found)
	                    onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${token.source} in ${flow ?? 'collection'}`);
	                found = token;
	                atNewline =
	                    indicator === 'seq-item-ind' || indicator === 'explicit-key-ind';
	                hasSpace = false;
	                break;
	            case 'comma':
	                if (flow) {
	                    if (comma)
	                        onError(token, 'UNEXPECTED_TOKEN', `Unexpected , in ${flow}`);
	                    comma = token;
	                    atNewline = false;
	                    hasSpace = false;
	                    break;
	                }
	            // else fallthrough
	            default:
	                onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${token.type} token`);
	                atNewline = false;
	                hasSpace = false;
	        }
	    }
	    const last = tokens[tokens.length - 1];
	    const end = last ? last.offset + last.source.length : offset;
	    if (reqSpace &&
	        next &&
	        next.type !== 'space' &&
	        next.type !== 'newline' &&
	        next.type !== 'comma' &&
	        (next.type !== 'scalar' || next.source !== '')) {
	        onError(next.offset, 'MISSING_CHAR', 'Tags and anchors must be separated from the next token by white space');
	    }
	    if (tab &&
	        ((atNewline && tab.indent <= parentIndent) ||
	            next?.type === 'block-map' ||
	            next?.type === 'block-seq'))
	        onError(tab, 'TAB_AS_INDENT', 'Tabs are not allowed as indentation');
	    return {
	        comma,
	        found,
	        spaceBefore,
	        comment,
	        hasNewline,
	        anchor,
	        tag,
	        newlineAfterProp,
	        end,
	        start: start ?? end
	    };
	}

	resolveProps.resolveProps = resolveProps$1;
	return resolveProps;
}

var utilContainsNewline = {};

var hasRequiredUtilContainsNewline;

function requireUtilContainsNewline () {
	if (hasRequiredUtilContainsNewline) return utilContainsNewline;
	hasRequiredUtilContainsNewline = 1;

	function containsNewline(key) {
	    if (!key)
	        return null;
	    switch (key.type) {
	        case 'alias':
	        case 'scalar':
	        case 'double-quoted-scalar':
	        case 'single-quoted-scalar':
	            if (key.source.includes('\n'))
	                return true;
	            if (key.end)
	                for (const st of key.end)
	                    if (st.type === 'newline')
	                        return true;
	            return false;
	        case 'flow-collection':
	            for (const it of key.items) {
	                for (const st of it.start)
	                    if (st.type === 'newline')
	                        return true;
	                if (it.sep)
	                    for (const st of it.sep)
	                        if (st.type === 'newline')
	                            return true;
	                if (containsNewline(it.key) || containsNewline(it.value))
	                    return true;
	            }
	            return false;
	        default:
	            return true;
	    }
	}

	utilContainsNewline.containsNewline = containsNewline;
	return utilContainsNewline;
}

var utilFlowIndentCheck = {};

var hasRequiredUtilFlowIndentCheck;

function requireUtilFlowIndentCheck () {
	if (hasRequiredUtilFlowIndentCheck) return utilFlowIndentCheck;
	hasRequiredUtilFlowIndentCheck = 1;

	var utilContainsNewline = requireUtilContainsNewline();

	function flowIndentCheck(indent, fc, onError) {
	    if (fc?.type === 'flow-collection') {
	        const end = fc.end[0];
	        if (end.indent === indent &&
	            (end.source === ']' || end.source === '}') &&
	            utilContainsNewline.containsNewline(fc)) {
	            const msg = 'Flow end indicator should be more indented than parent';
	            onError(end, 'BAD_INDENT', msg, true);
	        }
	    }
	}

	utilFlowIndentCheck.flowIndentCheck = flowIndentCheck;
	return utilFlowIndentCheck;
}

var utilMapIncludes = {};

var hasRequiredUtilMapIncludes;

function requireUtilMapIncludes () {
	if (hasRequiredUtilMapIncludes) return utilMapIncludes;
	hasRequiredUtilMapIncludes = 1;

	var identity = requireIdentity();

	function mapIncludes(ctx, items, search) {
	    const { uniqueKeys } = ctx.options;
	    if (uniqueKeys === false)
	        return false;
	    const isEqual = typeof uniqueKeys === 'function'
	        ? uniqueKeys
	        : (a, b) => a === b || (identity.isScalar(a) && identity.isScalar(b) && a.value === b.value);
	    return items.some(pair => isEqual(pair.key, search));
	}

	utilMapIncludes.mapIncludes = mapIncludes;
	return utilMapIncludes;
}

var hasRequiredResolveBlockMap;

function requireResolveBlockMap () {
	if (hasRequiredResolveBlockMap) return resolveBlockMap;
	hasRequiredResolveBlockMap = 1;

	var Pair = requirePair();
	var YAMLMap = requireYAMLMap();
	var resolveProps = requireResolveProps();
	var utilContainsNewline = requireUtilContainsNewline();
	var utilFlowIndentCheck = requireUtilFlowIndentCheck();
	var utilMapIncludes = requireUtilMapIncludes();

	const startColMsg = 'All mapping items must start at the same column';
	function resolveBlockMap$1({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
	    const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
	    const map = new NodeClass(ctx.schema);
	    if (ctx.atRoot)
	        ctx.atRoot = false;
	    let offset = bm.offset;
	    let commentEnd = null;
	    for (const collItem of bm.items) {
	        const { start, key, sep, value } = collItem;
	        // key properties
	        const keyProps = resolveProps.resolveProps(start, {
	            indicator: 'explicit-key-ind',
	            next: key ?? sep?.[0],
	            offset,
	            onError,
	            parentIndent: bm.indent,
	            startOnNewline: true
	        });
	        const implicitKey = !keyProps.found;
	        if (implicitKey) {
	            if (key) {
	                if (key.type === 'block-seq')
	                    onError(offset, 'BLOCK_AS_IMPLICIT_KEY', 'A block sequence may not be used as an implicit map key');
	                else if ('indent' in key && key.indent !== bm.indent)
	                    onError(offset, 'BAD_INDENT', startColMsg);
	            }
	            if (!keyProps.anchor && !keyProps.tag && !sep) {
	                commentEnd = keyProps.end;
	                if (keyProps.comment) {
	                    if (map.comment)
	                        map.comment += '\n' + keyProps.comment;
	                    else
	                        map.comment = keyProps.comment;
	                }
	                continue;
	            }
	            if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
	                onError(key ?? start[start.length - 1], 'MULTILINE_IMPLICIT_KEY', 'Implicit keys need to be on a single line');
	            }
	        }
	        else if (keyProps.found?.indent !== bm.indent) {
	            onError(offset, 'BAD_INDENT', startColMsg);
	        }
	        // key value
	        ctx.atKey = true;
	        const keyStart = keyProps.end;
	        const keyNode = key
	            ? composeNode(ctx, key, keyProps, onError)
	            : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
	        if (ctx.schema.compat)
	            utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
	        ctx.atKey = false;
	        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
	            onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be unique');
	        // value properties
	        const valueProps = resolveProps.resolveProps(sep ?? [], {
	            indicator: 'map-value-ind',
	            next: value,
	            offset: keyNode.range[2],
	            onError,
	            parentIndent: bm.indent,
	            startOnNewline: !key || key.type === 'block-scalar'
	        });
	        offset = valueProps.end;
	        if (valueProps.found) {
	            if (implicitKey) {
	                if (value?.type === 'block-map' && !valueProps.hasNewline)
	                    onError(offset, 'BLOCK_AS_IMPLICIT_KEY', 'Nested mappings are not allowed in compact mappings');
	                if (ctx.options.strict &&
	                    keyProps.start < valueProps.found.offset - 1024)
	                    onError(keyNode.range, 'KEY_OVER_1024_CHARS', 'The : indicator must be at most 1024 chars after the start of an implicit block mapping key');
	            }
	            // value value
	            const valueNode = value
	                ? composeNode(ctx, value, valueProps, onError)
	                : composeEmptyNode(ctx, offset, sep, null, valueProps, onError);
	            if (ctx.schema.compat)
	                utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
	            offset = valueNode.range[2];
	            const pair = new Pair.Pair(keyNode, valueNode);
	            if (ctx.options.keepSourceTokens)
	                pair.srcToken = collItem;
	            map.items.push(pair);
	        }
	        else {
	            // key with no value
	            if (implicitKey)
	                onError(keyNode.range, 'MISSING_CHAR', 'Implicit map keys need to be followed by map values');
	            if (valueProps.comment) {
	                if (keyNode.comment)
	                    keyNode.comment += '\n' + valueProps.comment;
	                else
	                    keyNode.comment = valueProps.comment;
	            }
	            const pair = new Pair.Pair(keyNode);
	            if (ctx.options.keepSourceTokens)
	                pair.srcToken = collItem;
	            map.items.push(pair);
	        }
	    }
	    if (commentEnd && commentEnd < offset)
	        onError(commentEnd, 'IMPOSSIBLE', 'Map comment with trailing content');
	    map.range = [bm.offset, offset, commentEnd ?? offset];
	    return map;
	}

	resolveBlockMap.resolveBlockMap = resolveBlockMap$1;
	return resolveBlockMap;
}

var resolveBlockSeq = {};

var hasRequiredResolveBlockSeq;

function requireResolveBlockSeq () {
	if (hasRequiredResolveBlockSeq) return resolveBlockSeq;
	hasRequiredResolveBlockSeq = 1;

	var YAMLSeq = requireYAMLSeq();
	var resolveProps = requireResolveProps();
	var utilFlowIndentCheck = requireUtilFlowIndentCheck();

	function resolveBlockSeq$1({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
	    const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
	    const seq = new NodeClass(ctx.schema);
	    if (ctx.atRoot)
	        ctx.atRoot = false;
	    if (ctx.atKey)
	        ctx.atKey = false;
	    let offset = bs.offset;
	    let commentEnd = null;
	    for (const { start, value } of bs.items) {
	        const props = resolveProps.resolveProps(start, {
	            indicator: 'seq-item-ind',
	            next: value,
	            offset,
	            onError,
	            parentIndent: bs.indent,
	            startOnNewline: true
	        });
	        if (!props.found) {
	            if (props.anchor || props.tag || value) {
	                if (value?.type === 'block-seq')
	                    onError(props.end, 'BAD_INDENT', 'All sequence items must start at the same column');
	                else
	                    onError(offset, 'MISSING_CHAR', 'Sequence item without - indicator');
	            }
	            else {
	                commentEnd = props.end;
	                if (props.comment)
	                    seq.comment = props.comment;
	                continue;
	            }
	        }
	        const node = value
	            ? composeNode(ctx, value, props, onError)
	            : composeEmptyNode(ctx, props.end, start, null, props, onError);
	        if (ctx.schema.compat)
	            utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
	        offset = node.range[2];
	        seq.items.push(node);
	    }
	    seq.range = [bs.offset, offset, commentEnd ?? offset];
	    return seq;
	}

	resolveBlockSeq.resolveBlockSeq = resolveBlockSeq$1;
	return resolveBlockSeq;
}

var resolveFlowCollection = {};

var resolveEnd = {};

var hasRequiredResolveEnd;

function requireResolveEnd () {
	if (hasRequiredResolveEnd) return resolveEnd;
	hasRequiredResolveEnd = 1;

	function resolveEnd$1(end, offset, reqSpace, onError) {
	    let comment = '';
	    if (end) {
	        let hasSpace = false;
	        let sep = '';
	        for (const token of end) {
	            const { source, type } = token;
	            switch (type) {
	                case 'space':
	                    hasSpace = true;
	                    break;
	                case 'comment': {
	                    if (reqSpace && !hasSpace)
	                        onError(token, 'MISSING_CHAR', 'Comments must be separated from other tokens by white space characters');
	                    const cb = source.substring(1) || ' ';
	                    if (!comment)
	                        comment = cb;
	                    else
	                        comment += sep + cb;
	                    sep = '';
	                    break;
	                }
	                case 'newline':
	                    if (comment)
	                        sep += source;
	                    hasSpace = true;
	                    break;
	                default:
	                    onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${type} at node end`);
	            }
	            offset += source.length;
	        }
	    }
	    return { comment, offset };
	}

	resolveEnd.resolveEnd = resolveEnd$1;
	return resolveEnd;
}

var hasRequiredResolveFlowCollection;

function requireResolveFlowCollection () {
	if (hasRequiredResolveFlowCollection) return resolveFlowCollection;
	hasRequiredResolveFlowCollection = 1;

	var identity = requireIdentity();
	var Pair = requirePair();
	var YAMLMap = requireYAMLMap();
	var YAMLSeq = requireYAMLSeq();
	var resolveEnd = requireResolveEnd();
	var resolveProps = requireResolveProps();
	var utilContainsNewline = requireUtilContainsNewline();
	var utilMapIncludes = requireUtilMapIncludes();

	const blockMsg = 'Block collections are not allowed within flow collections';
	const isBlock = (token) => token && (token.type === 'block-map' || token.type === 'block-seq');
	function resolveFlowCollection$1({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
	    const isMap = fc.start.source === '{';
	    const fcName = isMap ? 'flow map' : 'flow sequence';
	    const NodeClass = (tag?.nodeClass ?? (isMap ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq));
	    const coll = new NodeClass(ctx.schema);
	    coll.flow = true;
	    const atRoot = ctx.atRoot;
	    if (atRoot)
	        ctx.atRoot = false;
	    if (ctx.atKey)
	        ctx.atKey = false;
	    let offset = fc.offset + fc.start.source.length;
	    for (let i = 0; i < fc.items.length; ++i) {
	        const collItem = fc.items[i];
	        const { start, key, sep, value } = collItem;
	        const props = resolveProps.resolveProps(start, {
	            flow: fcName,
	            indicator: 'explicit-key-ind',
	            next: key ?? sep?.[0],
	            offset,
	            onError,
	            parentIndent: fc.indent,
	            startOnNewline: false
	        });
	        if (!props.found) {
	            if (!props.anchor && !props.tag && !sep && !value) {
	                if (i === 0 && props.comma)
	                    onError(props.comma, 'UNEXPECTED_TOKEN', `Unexpected , in ${fcName}`);
	                else if (i < fc.items.length - 1)
	                    onError(props.start, 'UNEXPECTED_TOKEN', `Unexpected empty item in ${fcName}`);
	                if (props.comment) {
	                    if (coll.comment)
	                        coll.comment += '\n' + props.comment;
	                    else
	                        coll.comment = props.comment;
	                }
	                offset = props.end;
	                continue;
	            }
	            if (!isMap && ctx.options.strict && utilContainsNewline.containsNewline(key))
	                onError(key, // checked by containsNewline()
	                'MULTILINE_IMPLICIT_KEY', 'Implicit keys of flow sequence pairs need to be on a single line');
	        }
	        if (i === 0) {
	            if (props.comma)
	                onError(props.comma, 'UNEXPECTED_TOKEN', `Unexpected , in ${fcName}`);
	        }
	        else {
	            if (!props.comma)
	                onError(props.start, 'MISSING_CHAR', `Missing , between ${fcName} items`);
	            if (props.comment) {
	                let prevItemComment = '';
	                loop: for (const st of start) {
	                    switch (st.type) {
	                        case 'comma':
	                        case 'space':
	                            break;
	                        case 'comment':
	                            prevItemComment = st.source.substring(1);
	                            break loop;
	                        default:
	                            break loop;
	                    }
	                }
	                if (prevItemComment) {
	                    let prev = coll.items[coll.items.length - 1];
	                    if (identity.isPair(prev))
	                        prev = prev.value ?? prev.key;
	                    if (prev.comment)
	                        prev.comment += '\n' + prevItemComment;
	                    else
	                        prev.comment = prevItemComment;
	                    props.comment = props.comment.substring(prevItemComment.length + 1);
	                }
	            }
	        }
	        if (!isMap && !sep && !props.found) {
	            // item is a value in a seq
	            // → key & sep are empty, start does not include ? or :
	            const valueNode = value
	                ? composeNode(ctx, value, props, onError)
	                : composeEmptyNode(ctx, props.end, sep, null, props, onError);
	            coll.items.push(valueNode);
	            offset = valueNode.range[2];
	            if (isBlock(value))
	                onError(valueNode.range, 'BLOCK_IN_FLOW', blockMsg);
	        }
	        else {
	            // item is a key+value pair
	            // key value
	            ctx.atKey = true;
	            const keyStart = props.end;
	            const keyNode = key
	                ? composeNode(ctx, key, props, onError)
	                : composeEmptyNode(ctx, keyStart, start, null, props, onError);
	            if (isBlock(key))
	                onError(keyNode.range, 'BLOCK_IN_FLOW', blockMsg);
	            ctx.atKey = false;
	            // value properties
	            const valueProps = resolveProps.resolveProps(sep ?? [], {
	                flow: fcName,
	                indicator: 'map-value-ind',
	                next: value,
	                offset: keyNode.range[2],
	                onError,
	                parentIndent: fc.indent,
	                startOnNewline: false
	            });
	            if (valueProps.found) {
	                if (!isMap && !props.found && ctx.options.strict) {
	                    if (sep)
	                        for (const st of sep) {
	                            if (st === valueProps.found)
	                                break;
	                            if (st.type === 'newline') {
	                                onError(st, 'MULTILINE_IMPLICIT_KEY', 'Implicit keys of flow sequence pairs need to be on a single line');
	                                break;
	                            }
	                        }
	                    if (props.start < valueProps.found.offset - 1024)
	                        onError(valueProps.found, 'KEY_OVER_1024_CHARS', 'The : indicator must be at most 1024 chars after the start of an implicit flow sequence key');
	                }
	            }
	            else if (value) {
	                if ('source' in value && value.source?.[0] === ':')
	                    onError(value, 'MISSING_CHAR', `Missing space after : in ${fcName}`);
	                else
	                    onError(valueProps.start, 'MISSING_CHAR', `Missing , or : between ${fcName} items`);
	            }
	            // value value
	            const valueNode = value
	                ? composeNode(ctx, value, valueProps, onError)
	                : valueProps.found
	                    ? composeEmptyNode(ctx, valueProps.end, sep, null, valueProps, onError)
	                    : null;
	            if (valueNode) {
	                if (isBlock(value))
	                    onError(valueNode.range, 'BLOCK_IN_FLOW', blockMsg);
	            }
	            else if (valueProps.comment) {
	                if (keyNode.comment)
	                    keyNode.comment += '\n' + valueProps.comment;
	                else
	                    keyNode.comment = valueProps.comment;
	            }
	            const pair = new Pair.Pair(keyNode, valueNode);
	            if (ctx.options.keepSourceTokens)
	                pair.srcToken = collItem;
	            if (isMap) {
	                const map = coll;
	                if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
	                    onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be unique');
	                map.items.push(pair);
	            }
	            else {
	                const map = new YAMLMap.YAMLMap(ctx.schema);
	                map.flow = true;
	                map.items.push(pair);
	                const endRange = (valueNode ?? keyNode).range;
	                map.range = [keyNode.range[0], endRange[1], endRange[2]];
	                coll.items.push(map);
	            }
	            offset = valueNode ? valueNode.range[2] : valueProps.end;
	        }
	    }
	    const expectedEnd = isMap ? '}' : ']';
	    const [ce, ...ee] = fc.end;
	    let cePos = offset;
	    if (ce?.source === expectedEnd)
	        cePos = ce.offset + ce.source.length;
	    else {
	        const name = fcName[0].toUpperCase() + fcName.substring(1);
	        const msg = atRoot
	            ? `${name} must end with a ${expectedEnd}`
	            : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
	        onError(offset, atRoot ? 'MISSING_CHAR' : 'BAD_INDENT', msg);
	        if (ce && ce.source.length !== 1)
	            ee.unshift(ce);
	    }
	    if (ee.length > 0) {
	        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
	        if (end.comment) {
	            if (coll.comment)
	                coll.comment += '\n' + end.comment;
	            else
	                coll.comment = end.comment;
	        }
	        coll.range = [fc.offset, cePos, end.offset];
	    }
	    else {
	        coll.range = [fc.offset, cePos, cePos];
	    }
	    return coll;
	}

	resolveFlowCollection.resolveFlowCollection = resolveFlowCollection$1;
	return resolveFlowCollection;
}

var hasRequiredComposeCollection;

function requireComposeCollection () {
	if (hasRequiredComposeCollection) return composeCollection;
	hasRequiredComposeCollection = 1;

	var identity = requireIdentity();
	var Scalar = requireScalar();
	var YAMLMap = requireYAMLMap();
	var YAMLSeq = requireYAMLSeq();
	var resolveBlockMap = requireResolveBlockMap();
	var resolveBlockSeq = requireResolveBlockSeq();
	var resolveFlowCollection = requireResolveFlowCollection();

	function resolveCollection(CN, ctx, token, onError, tagName, tag) {
	    const coll = token.type === 'block-map'
	        ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag)
	        : token.type === 'block-seq'
	            ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag)
	            : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
	    const Coll = coll.constructor;
	    // If we got a tagName matching the class, or the tag name is '!',
	    // then use the tagName from the node class used to create it.
	    if (tagName === '!' || tagName === Coll.tagName) {
	        coll.tag = Coll.tagName;
	        return coll;
	    }
	    if (tagName)
	        coll.tag = tagName;
	    return coll;
	}
	function composeCollection$1(CN, ctx, token, props, onError) {
	    const tagToken = props.tag;
	    const tagName = !tagToken
	        ? null
	        : ctx.directives.tagName(tagToken.source, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg));
	    if (token.type === 'block-seq') {
	        const { anchor, newlineAfterProp: nl } = props;
	        const lastProp = anchor && tagToken
	            ? anchor.offset > tagToken.offset
	                ? anchor
	                : tagToken
	            : (anchor ?? tagToken);
	        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
	            const message = 'Missing newline after block sequence props';
	            onError(lastProp, 'MISSING_CHAR', message);
	        }
	    }
	    const expType = token.type === 'block-map'
	        ? 'map'
	        : token.type === 'block-seq'
	            ? 'seq'
	            : token.start.source === '{'
	                ? 'map'
	                : 'seq';
	    // shortcut: check if it's a generic YAMLMap or YAMLSeq
	    // before jumping into the custom tag logic.
	    if (!tagToken ||
	        !tagName ||
	        tagName === '!' ||
	        (tagName === YAMLMap.YAMLMap.tagName && expType === 'map') ||
	        (tagName === YAMLSeq.YAMLSeq.tagName && expType === 'seq')) {
	        return resolveCollection(CN, ctx, token, onError, tagName);
	    }
	    let tag = ctx.schema.tags.find(t => t.tag === tagName && t.collection === expType);
	    if (!tag) {
	        const kt = ctx.schema.knownTags[tagName];
	        if (kt?.collection === expType) {
	            ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
	            tag = kt;
	        }
	        else {
	            if (kt) {
	                onError(tagToken, 'BAD_COLLECTION_TYPE', `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? 'scalar'}`, true);
	            }
	            else {
	                onError(tagToken, 'TAG_RESOLVE_FAILED', `Unresolved tag: ${tagName}`, true);
	            }
	            return resolveCollection(CN, ctx, token, onError, tagName);
	        }
	    }
	    const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
	    const res = tag.resolve?.(coll, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg), ctx.options) ?? coll;
	    const node = identity.isNode(res)
	        ? res
	        : new Scalar.Scalar(res);
	    node.range = coll.range;
	    node.tag = tagName;
	    if (tag?.format)
	        node.format = tag.format;
	    return node;
	}

	composeCollection.composeCollection = composeCollection$1;
	return composeCollection;
}

var composeScalar = {};

var resolveBlockScalar = {};

var hasRequiredResolveBlockScalar;

function requireResolveBlockScalar () {
	if (hasRequiredResolveBlockScalar) return resolveBlockScalar;
	hasRequiredResolveBlockScalar = 1;

	var Scalar = requireScalar();

	function resolveBlockScalar$1(ctx, scalar, onError) {
	    const start = scalar.offset;
	    const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
	    if (!header)
	        return { value: '', type: null, comment: '', range: [start, start, start] };
	    const type = header.mode === '>' ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
	    const lines = scalar.source ? splitLines(scalar.source) : [];
	    // determine the end of content & start of chomping
	    let chompStart = lines.length;
	    for (let i = lines.length - 1; i >= 0; --i) {
	        const content = lines[i][1];
	        if (content === '' || content === '\r')
	            chompStart = i;
	        else
	            break;
	    }
	    // shortcut for empty contents
	    if (chompStart === 0) {
	        const value = header.chomp === '+' && lines.length > 0
	            ? '\n'.repeat(Math.max(1, lines.length - 1))
	            : '';
	        let end = start + header.length;
	        if (scalar.source)
	            end += scalar.source.length;
	        return { value, type, comment: header.comment, range: [start, end, end] };
	    }
	    // find the indentation level to trim from start
	    let trimIndent = scalar.indent + header.indent;
	    let offset = scalar.offset + header.length;
	    let contentStart = 0;
	    for (let i = 0; i < chompStart; ++i) {
	        const [indent, content] = lines[i];
	        if (content === '' || content === '\r') {
	            if (header.indent === 0 && indent.length > trimIndent)
	                trimIndent = indent.length;
	        }
	        else {
	            if (indent.length < trimIndent) {
	                const message = 'Block scalars with more-indented leading empty lines must use an explicit indentation indicator';
	                onError(offset + indent.length, 'MISSING_CHAR', message);
	            }
	            if (header.indent === 0)
	                trimIndent = indent.length;
	            contentStart = i;
	            if (trimIndent === 0 && !ctx.atRoot) {
	                const message = 'Block scalar values in collections must be indented';
	                onError(offset, 'BAD_INDENT', message);
	            }
	            break;
	        }
	        offset += indent.length + content.length + 1;
	    }
	    // include trailing more-indented empty lines in content
	    for (let i = lines.length - 1; i >= chompStart; --i) {
	        if (lines[i][0].length > trimIndent)
	            chompStart = i + 1;
	    }
	    let value = '';
	    let sep = '';
	    let prevMoreIndented = false;
	    // leading whitespace is kept intact
	    for (let i = 0; i < contentStart; ++i)
	        value += lines[i][0].slice(trimIndent) + '\n';
	    for (let i = contentStart; i < chompStart; ++i) {
	        let [indent, content] = lines[i];
	        offset += indent.length + content.length + 1;
	        const crlf = content[content.length - 1] === '\r';
	        if (crlf)
	            content = content.slice(0, -1);
	        /* istanbul ignore if already caught in lexer */
	        if (content && indent.length < trimIndent) {
	            const src = header.indent
	                ? 'explicit indentation indicator'
	                : 'first line';
	            const message = `Block scalar lines must not be less indented than their ${src}`;
	            onError(offset - content.length - (crlf ? 2 : 1), 'BAD_INDENT', message);
	            indent = '';
	        }
	        if (type === Scalar.Scalar.BLOCK_LITERAL) {
	            value += sep + indent.slice(trimIndent) + content;
	            sep = '\n';
	        }
	        else if (indent.length > trimIndent || content[0] === '\t') {
	            // more-indented content within a folded block
	            if (sep === ' ')
	                sep = '\n';
	            else if (!prevMoreIndented && sep === '\n')
	                sep = '\n\n';
	            value += sep + indent.slice(trimIndent) + content;
	            sep = '\n';
	            prevMoreIndented = true;
	        }
	        else if (content === '') {
	            // empty line
	            if (sep === '\n')
	                value += '\n';
	            else
	                sep = '\n';
	        }
	        else {
	            value += sep + content;
	            sep = ' ';
	            prevMoreIndented = false;
	        }
	    }
	    switch (header.chomp) {
	        case '-':
	            break;
	        case '+':
	            for (let i = chompStart; i < lines.length; ++i)
	                value += '\n' + lines[i][0].slice(trimIndent);
	            if (value[value.length - 1] !== '\n')
	                value += '\n';
	            break;
	        default:
	            value += '\n';
	    }
	    const end = start + header.length + scalar.source.length;
	    return { value, type, comment: header.comment, range: [start, end, end] };
	}
	function parseBlockScalarHeader({ offset, props }, strict, onError) {
	    /* istanbul ignore if should not happen */
	    if (props[0].type !== 'block-scalar-header') {
	        onError(props[0], 'IMPOSSIBLE', 'Block scalar header not found');
	        return null;
	    }
	    const { source } = props[0];
	    const mode = source[0];
	    let indent = 0;
	    let chomp = '';
	    let error = -1;
	    for (let i = 1; i < source.length; ++i) {
	        const ch = source[i];
	        if (!chomp && (ch === '-' || ch === '+'))
	            chomp = ch;
	        else {
	            const n = Number(ch);
	            if (!indent && n)
	                indent = n;
	            else if (error === -1)
	                error = offset + i;
	        }
	    }
	    if (error !== -1)
	        onError(error, 'UNEXPECTED_TOKEN', `Block scalar header includes extra characters: ${source}`);
	    let hasSpace = false;
	    let comment = '';
	    let length = source.length;
	    for (let i = 1; i < props.length; ++i) {
	        const token = props[i];
	        switch (token.type) {
	            case 'space':
	                hasSpace = true;
	            // fallthrough
	            case 'newline':
	                length += token.source.length;
	                break;
	            case 'comment':
	                if (strict && !hasSpace) {
	                    const message = 'Comments must be separated from other tokens by white space characters';
	                    onError(token, 'MISSING_CHAR', message);
	                }
	                length += token.source.length;
	                comment = token.source.substring(1);
	                break;
	            case 'error':
	                onError(token, 'UNEXPECTED_TOKEN', token.message);
	                length += token.source.length;
	                break;
	            /* istanbul ignore next should not happen */
	            default: {
	                const message = `Unexpected token in block scalar header: ${token.type}`;
	                onError(token, 'UNEXPECTED_TOKEN', message);
	                const ts = token.source;
	                if (ts && typeof ts === 'string')
	                    length += ts.length;
	            }
	        }
	    }
	    return { mode, indent, chomp, comment, length };
	}
	/** @returns Array of lines split up as `[indent, content]` */
	function splitLines(source) {
	    const split = source.split(/\n( *)/);
	    const first = split[0];
	    const m = first.match(/^( *)/);
	    const line0 = m?.[1]
	        ? [m[1], first.slice(m[1].length)]
	        : ['', first];
	    const lines = [line0];
	    for (let i = 1; i < split.length; i += 2)
	        lines.push([split[i], split[i + 1]]);
	    return lines;
	}

	resolveBlockScalar.resolveBlockScalar = resolveBlockScalar$1;
	return resolveBlockScalar;
}

var resolveFlowScalar = {};

var hasRequiredResolveFlowScalar;

function requireResolveFlowScalar () {
	if (hasRequiredResolveFlowScalar) return resolveFlowScalar;
	hasRequiredResolveFlowScalar = 1;

	var Scalar = requireScalar();
	var resolveEnd = requireResolveEnd();

	function resolveFlowScalar$1(scalar, strict, onError) {
	    const { offset, type, source, end } = scalar;
	    let _type;
	    let value;
	    const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
	    switch (type) {
	        case 'scalar':
	            _type = Scalar.Scalar.PLAIN;
	            value = plainValue(source, _onError);
	            break;
	        case 'single-quoted-scalar':
	            _type = Scalar.Scalar.QUOTE_SINGLE;
	            value = singleQuotedValue(source, _onError);
	            break;
	        case 'double-quoted-scalar':
	            _type = Scalar.Scalar.QUOTE_DOUBLE;
	            value = doubleQuotedValue(source, _onError);
	            break;
	        /* istanbul ignore next should not happen */
	        default:
	            onError(scalar, 'UNEXPECTED_TOKEN', `Expected a flow scalar value, but found: ${type}`);
	            return {
	                value: '',
	                type: null,
	                comment: '',
	                range: [offset, offset + source.length, offset + source.length]
	            };
	    }
	    const valueEnd = offset + source.length;
	    const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
	    return {
	        value,
	        type: _type,
	        comment: re.comment,
	        range: [offset, valueEnd, re.offset]
	    };
	}
	function plainValue(source, onError) {
	    let badChar = '';
	    switch (source[0]) {
	        /* istanbul ignore next should not happen */
	        case '\t':
	            badChar = 'a tab character';
	            break;
	        case ',':
	            badChar = 'flow indicator character ,';
	            break;
	        case '%':
	            badChar = 'directive indicator character %';
	            break;
	        case '|':
	        case '>': {
	            badChar = `block scalar indicator ${source[0]}`;
	            break;
	        }
	        case '@':
	        case '`': {
	            badChar = `reserved character ${source[0]}`;
	            break;
	        }
	    }
	    if (badChar)
	        onError(0, 'BAD_SCALAR_START', `Plain value cannot start with ${badChar}`);
	    return unfoldLines(source);
	}
	function singleQuotedValue(source, onError) {
	    if (source[source.length - 1] !== "'" || source.length === 1)
	        onError(source.length, 'MISSING_CHAR', "Missing closing 'quote");
	    return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
	}
	function unfoldLines(source) {
	    const line = /(.*?)\r?\n/sy;
	    let match = line.exec(source);
	    if (!match)
	        return source;
	    /**
	     * The negative lookbehinds in these RegExps are to
	     * prevent causing a polynomial search time in certain cases.
	     *
	     * The try-catch is for Safari < 16.4 and other old browsers:
	     * https://caniuse.com/js-regexp-lookbehind
	     */
	    let trimEnd, trimBoth;
	    try {
	        trimEnd = new RegExp('(?<![ \t])[ \t]+$');
	        trimBoth = new RegExp('^[ \t]+|(?<![ \t])[ \t]+$', 'g');
	    }
	    catch {
	        trimEnd = /[ \t]+$/;
	        trimBoth = /^[ \t]+|[ \t]+$/g;
	    }
	    let res = match[1].replace(trimEnd, '');
	    let sep = ' ';
	    let pos = line.lastIndex;
	    while ((match = line.exec(source))) {
	        const lm = match[1].replace(trimBoth, '');
	        if (lm === '') {
	            if (sep === '\n')
	                res += sep;
	            else
	                sep = '\n';
	        }
	        else {
	            res += sep + lm;
	            sep = ' ';
	        }
	        pos = line.lastIndex;
	    }
	    const last = /[ \t]*(.*)/sy;
	    last.lastIndex = pos;
	    match = last.exec(source);
	    return res + sep + (match?.[1] ?? '');
	}
	function doubleQuotedValue(source, onError) {
	    let res = '';
	    for (let i = 1; i < source.length - 1; ++i) {
	        const ch = source[i];
	        if (ch === '\r' && source[i + 1] === '\n')
	            continue;
	        if (ch === '\n') {
	            const { fold, offset } = foldNewline(source, i);
	            res += fold;
	            i = offset;
	        }
	        else if (ch === '\\') {
	            let next = source[++i];
	            const cc = escapeCodes[next];
	            if (cc)
	                res += cc;
	            else if (next === '\n') {
	                // skip escaped newlines, but still trim the following line
	                next = source[i + 1];
	                while (next === ' ' || next === '\t')
	                    next = source[++i + 1];
	            }
	            else if (next === '\r' && source[i + 1] === '\n') {
	                // skip escaped CRLF newlines, but still trim the following line
	                next = source[++i + 1];
	                while (next === ' ' || next === '\t')
	                    next = source[++i + 1];
	            }
	            else if (next === 'x' || next === 'u' || next === 'U') {
	                const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
	                res += parseCharCode(source, i + 1, length, onError);
	                i += length;
	            }
	            else {
	                const raw = source.substr(i - 1, 2);
	                onError(i - 1, 'BAD_DQ_ESCAPE', `Invalid escape sequence ${raw}`);
	                res += raw;
	            }
	        }
	        else if (ch === ' ' || ch === '\t') {
	            // trim trailing whitespace
	            const wsStart = i;
	            let next = source[i + 1];
	            while (next === ' ' || next === '\t')
	                next = source[++i + 1];
	            if (next !== '\n' && !(next === '\r' && source[i + 2] === '\n'))
	                res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
	        }
	        else {
	            res += ch;
	        }
	    }
	    if (source[source.length - 1] !== '"' || source.length === 1)
	        onError(source.length, 'MISSING_CHAR', 'Missing closing "quote');
	    return res;
	}
	/**
	 * Fold a single newline into a space, multiple newlines to N - 1 newlines.
	 * Presumes `source[offset] === '\n'`
	 */
	function foldNewline(source, offset) {
	    let fold = '';
	    let ch = source[offset + 1];
	    while (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
	        if (ch === '\r' && source[offset + 2] !== '\n')
	            break;
	        if (ch === '\n')
	            fold += '\n';
	        offset += 1;
	        ch = source[offset + 1];
	    }
	    if (!fold)
	        fold = ' ';
	    return { fold, offset };
	}
	const escapeCodes = {
	    '0': '\0', // null character
	    a: '\x07', // bell character
	    b: '\b', // backspace
	    e: '\x1b', // escape character
	    f: '\f', // form feed
	    n: '\n', // line feed
	    r: '\r', // carriage return
	    t: '\t', // horizontal tab
	    v: '\v', // vertical tab
	    N: '\u0085', // Unicode next line
	    _: '\u00a0', // Unicode non-breaking space
	    L: '\u2028', // Unicode line separator
	    P: '\u2029', // Unicode paragraph separator
	    ' ': ' ',
	    '"': '"',
	    '/': '/',
	    '\\': '\\',
	    '\t': '\t'
	};
	function parseCharCode(source, offset, length, onError) {
	    const cc = source.substr(offset, length);
	    const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
	    const code = ok ? parseInt(cc, 16) : NaN;
	    try {
	        return String.fromCodePoint(code);
	    }
	    catch {
	        const raw = source.substr(offset - 2, length + 2);
	        onError(offset - 2, 'BAD_DQ_ESCAPE', `Invalid escape sequence ${raw}`);
	        return raw;
	    }
	}

	resolveFlowScalar.resolveFlowScalar = resolveFlowScalar$1;
	return resolveFlowScalar;
}

var hasRequiredComposeScalar;

function requireComposeScalar () {
	if (hasRequiredComposeScalar) return composeScalar;
	hasRequiredComposeScalar = 1;

	var identity = requireIdentity();
	var Scalar = requireScalar();
	var resolveBlockScalar = requireResolveBlockScalar();
	var resolveFlowScalar = requireResolveFlowScalar();

	function composeScalar$1(ctx, token, tagToken, onError) {
	    const { value, type, comment, range } = token.type === 'block-scalar'
	        ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError)
	        : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
	    const tagName = tagToken
	        ? ctx.directives.tagName(tagToken.source, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg))
	        : null;
	    let tag;
	    if (ctx.options.stringKeys && ctx.atKey) {
	        tag = ctx.schema[identity.SCALAR];
	    }
	    else if (tagName)
	        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
	    else if (token.type === 'scalar')
	        tag = findScalarTagByTest(ctx, value, token, onError);
	    else
	        tag = ctx.schema[identity.SCALAR];
	    let scalar;
	    try {
	        const res = tag.resolve(value, msg => onError(tagToken ?? token, 'TAG_RESOLVE_FAILED', msg), ctx.options);
	        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
	    }
	    catch (error) {
	        const msg = error instanceof Error ? error.message : String(error);
	        onError(tagToken ?? token, 'TAG_RESOLVE_FAILED', msg);
	        scalar = new Scalar.Scalar(value);
	    }
	    scalar.range = range;
	    scalar.source = value;
	    if (type)
	        scalar.type = type;
	    if (tagName)
	        scalar.tag = tagName;
	    if (tag.format)
	        scalar.format = tag.format;
	    if (comment)
	        scalar.comment = comment;
	    return scalar;
	}
	function findScalarTagByName(schema, value, tagName, tagToken, onError) {
	    if (tagName === '!')
	        return schema[identity.SCALAR]; // non-specific tag
	    const matchWithTest = [];
	    for (const tag of schema.tags) {
	        if (!tag.collection && tag.tag === tagName) {
	            if (tag.default && tag.test)
	                matchWithTest.push(tag);
	            else
	                return tag;
	        }
	    }
	    for (const tag of matchWithTest)
	        if (tag.test?.test(value))
	            return tag;
	    const kt = schema.knownTags[tagName];
	    if (kt && !kt.collection) {
	        // Ensure that the known tag is available for stringifying,
	        // but does not get used by default.
	        schema.tags.push(Object.assign({}, kt, { default: false, test: undefined }));
	        return kt;
	    }
	    onError(tagToken, 'TAG_RESOLVE_FAILED', `Unresolved tag: ${tagName}`, tagName !== 'tag:yaml.org,2002:str');
	    return schema[identity.SCALAR];
	}
	function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
	    const tag = schema.tags.find(tag => (tag.default === true || (atKey && tag.default === 'key')) &&
	        tag.test?.test(value)) || schema[identity.SCALAR];
	    if (schema.compat) {
	        const compat = schema.compat.find(tag => tag.default && tag.test?.test(value)) ??
	            schema[identity.SCALAR];
	        if (tag.tag !== compat.tag) {
	            const ts = directives.tagString(tag.tag);
	            const cs = directives.tagString(compat.tag);
	            const msg = `Value may be parsed as either ${ts} or ${cs}`;
	            onError(token, 'TAG_RESOLVE_FAILED', msg, true);
	        }
	    }
	    return tag;
	}

	composeScalar.composeScalar = composeScalar$1;
	return composeScalar;
}

var utilEmptyScalarPosition = {};

var hasRequiredUtilEmptyScalarPosition;

function requireUtilEmptyScalarPosition () {
	if (hasRequiredUtilEmptyScalarPosition) return utilEmptyScalarPosition;
	hasRequiredUtilEmptyScalarPosition = 1;

	function emptyScalarPosition(offset, before, pos) {
	    if (before) {
	        pos ?? (pos = before.length);
	        for (let i = pos - 1; i >= 0; --i) {
	            let st = before[i];
	            switch (st.type) {
	                case 'space':
	                case 'comment':
	                case 'newline':
	                    offset -= st.source.length;
	                    continue;
	            }
	            // Technically, an empty scalar is immediately after the last non-empty
	            // node, but it's more useful to place it after any whitespace.
	            st = before[++i];
	            while (st?.type === 'space') {
	                offset += st.source.length;
	                st = before[++i];
	            }
	            break;
	        }
	    }
	    return offset;
	}

	utilEmptyScalarPosition.emptyScalarPosition = emptyScalarPosition;
	return utilEmptyScalarPosition;
}

var hasRequiredComposeNode;

function requireComposeNode () {
	if (hasRequiredComposeNode) return composeNode;
	hasRequiredComposeNode = 1;

	var Alias = requireAlias();
	var identity = requireIdentity();
	var composeCollection = requireComposeCollection();
	var composeScalar = requireComposeScalar();
	var resolveEnd = requireResolveEnd();
	var utilEmptyScalarPosition = requireUtilEmptyScalarPosition();

	const CN = { composeNode: composeNode$1, composeEmptyNode };
	function composeNode$1(ctx, token, props, onError) {
	    const atKey = ctx.atKey;
	    const { spaceBefore, comment, anchor, tag } = props;
	    let node;
	    let isSrcToken = true;
	    switch (token.type) {
	        case 'alias':
	            node = composeAlias(ctx, token, onError);
	            if (anchor || tag)
	                onError(token, 'ALIAS_PROPS', 'An alias node must not specify any properties');
	            break;
	        case 'scalar':
	        case 'single-quoted-scalar':
	        case 'double-quoted-scalar':
	        case 'block-scalar':
	            node = composeScalar.composeScalar(ctx, token, tag, onError);
	            if (anchor)
	                node.anchor = anchor.source.substring(1);
	            break;
	        case 'block-map':
	        case 'block-seq':
	        case 'flow-collection':
	            try {
	                node = composeCollection.composeCollection(CN, ctx, token, props, onError);
	                if (anchor)
	                    node.anchor = anchor.source.substring(1);
	            }
	            catch (error) {
	                // Almost certainly here due to a stack overflow
	                const message = error instanceof Error ? error.message : String(error);
	                onError(token, 'RESOURCE_EXHAUSTION', message);
	            }
	            break;
	        default: {
	            const message = token.type === 'error'
	                ? token.message
	                : `Unsupported token (type: ${token.type})`;
	            onError(token, 'UNEXPECTED_TOKEN', message);
	            isSrcToken = false;
	        }
	    }
	    node ?? (node = composeEmptyNode(ctx, token.offset, undefined, null, props, onError));
	    if (anchor && node.anchor === '')
	        onError(anchor, 'BAD_ALIAS', 'Anchor cannot be an empty string');
	    if (atKey &&
	        ctx.options.stringKeys &&
	        (!identity.isScalar(node) ||
	            typeof node.value !== 'string' ||
	            (node.tag && node.tag !== 'tag:yaml.org,2002:str'))) {
	        const msg = 'With stringKeys, all keys must be strings';
	        onError(tag ?? token, 'NON_STRING_KEY', msg);
	    }
	    if (spaceBefore)
	        node.spaceBefore = true;
	    if (comment) {
	        if (token.type === 'scalar' && token.source === '')
	            node.comment = comment;
	        else
	            node.commentBefore = comment;
	    }
	    // @ts-expect-error Type checking misses meaning of isSrcToken
	    if (ctx.options.keepSourceTokens && isSrcToken)
	        node.srcToken = token;
	    return node;
	}
	function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
	    const token = {
	        type: 'scalar',
	        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
	        indent: -1,
	        source: ''
	    };
	    const node = composeScalar.composeScalar(ctx, token, tag, onError);
	    if (anchor) {
	        node.anchor = anchor.source.substring(1);
	        if (node.anchor === '')
	            onError(anchor, 'BAD_ALIAS', 'Anchor cannot be an empty string');
	    }
	    if (spaceBefore)
	        node.spaceBefore = true;
	    if (comment) {
	        node.comment = comment;
	        node.range[2] = end;
	    }
	    return node;
	}
	function composeAlias({ options }, { offset, source, end }, onError) {
	    const alias = new Alias.Alias(source.substring(1));
	    if (alias.source === '')
	        onError(offset, 'BAD_ALIAS', 'Alias cannot be an empty string');
	    if (alias.source.endsWith(':'))
	        onError(offset + source.length - 1, 'BAD_ALIAS', 'Alias ending in : is ambiguous', true);
	    const valueEnd = offset + source.length;
	    const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
	    alias.range = [offset, valueEnd, re.offset];
	    if (re.comment)
	        alias.comment = re.comment;
	    return alias;
	}

	composeNode.composeEmptyNode = composeEmptyNode;
	composeNode.composeNode = composeNode$1;
	return composeNode;
}

var hasRequiredComposeDoc;

function requireComposeDoc () {
	if (hasRequiredComposeDoc) return composeDoc;
	hasRequiredComposeDoc = 1;

	var Document = requireDocument();
	var composeNode = requireComposeNode();
	var resolveEnd = requireResolveEnd();
	var resolveProps = requireResolveProps();

	function composeDoc$1(options, directives, { offset, start, value, end }, onError) {
	    const opts = Object.assign({ _directives: directives }, options);
	    const doc = new Document.Document(undefined, opts);
	    const ctx = {
	        atKey: false,
	        atRoot: true,
	        directives: doc.directives,
	        options: doc.options,
	        schema: doc.schema
	    };
	    const props = resolveProps.resolveProps(start, {
	        indicator: 'doc-start',
	        next: value ?? end?.[0],
	        offset,
	        onError,
	        parentIndent: 0,
	        startOnNewline: true
	    });
	    if (props.found) {
	        doc.directives.docStart = true;
	        if (value &&
	            (value.type === 'block-map' || value.type === 'block-seq') &&
	            !props.hasNewline)
	            onError(props.end, 'MISSING_CHAR', 'Block collection cannot start on same line with directives-end marker');
	    }
	    // @ts-expect-error If Contents is set, let's trust the user
	    doc.contents = value
	        ? composeNode.composeNode(ctx, value, props, onError)
	        : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
	    const contentEnd = doc.contents.range[2];
	    const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
	    if (re.comment)
	        doc.comment = re.comment;
	    doc.range = [offset, contentEnd, re.offset];
	    return doc;
	}

	composeDoc.composeDoc = composeDoc$1;
	return composeDoc;
}

var hasRequiredComposer;

function requireComposer () {
	if (hasRequiredComposer) return composer;
	hasRequiredComposer = 1;

	var node_process = require$$0;
	var directives = requireDirectives();
	var Document = requireDocument();
	var errors = requireErrors();
	var identity = requireIdentity();
	var composeDoc = requireComposeDoc();
	var resolveEnd = requireResolveEnd();

	function getErrorPos(src) {
	    if (typeof src === 'number')
	        return [src, src + 1];
	    if (Array.isArray(src))
	        return src.length === 2 ? src : [src[0], src[1]];
	    const { offset, source } = src;
	    return [offset, offset + (typeof source === 'string' ? source.length : 1)];
	}
	function parsePrelude(prelude) {
	    let comment = '';
	    let atComment = false;
	    let afterEmptyLine = false;
	    for (let i = 0; i < prelude.length; ++i) {
	        const source = prelude[i];
	        switch (source[0]) {
	            case '#':
	                comment +=
	                    (comment === '' ? '' : afterEmptyLine ? '\n\n' : '\n') +
	                        (source.substring(1) || ' ');
	                atComment = true;
	                afterEmptyLine = false;
	                break;
	            case '%':
	                if (prelude[i + 1]?.[0] !== '#')
	                    i += 1;
	                atComment = false;
	                break;
	            default:
	                // This may be wrong after doc-end, but in that case it doesn't matter
	                if (!atComment)
	                    afterEmptyLine = true;
	                atComment = false;
	        }
	    }
	    return { comment, afterEmptyLine };
	}
	/**
	 * Compose a stream of CST nodes into a stream of YAML Documents.
	 *
	 * ```ts
	 * import { Composer, Parser } from 'yaml'
	 *
	 * const src: string = ...
	 * const tokens = new Parser().parse(src)
	 * const docs = new Composer().compose(tokens)
	 * ```
	 */
	class Composer {
	    constructor(options = {}) {
	        this.doc = null;
	        this.atDirectives = false;
	        this.prelude = [];
	        this.errors = [];
	        this.warnings = [];
	        this.onError = (source, code, message, warning) => {
	            const pos = getErrorPos(source);
	            if (warning)
	                this.warnings.push(new errors.YAMLWarning(pos, code, message));
	            else
	                this.errors.push(new errors.YAMLParseError(pos, code, message));
	        };
	        // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
	        this.directives = new directives.Directives({ version: options.version || '1.2' });
	        this.options = options;
	    }
	    decorate(doc, afterDoc) {
	        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
	        //console.log({ dc: doc.comment, prelude, comment })
	        if (comment) {
	            const dc = doc.contents;
	            if (afterDoc) {
	                doc.comment = doc.comment ? `${doc.comment}\n${comment}` : comment;
	            }
	            else if (afterEmptyLine || doc.directives.docStart || !dc) {
	                doc.commentBefore = comment;
	            }
	            else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
	                let it = dc.items[0];
	                if (identity.isPair(it))
	                    it = it.key;
	                const cb = it.commentBefore;
	                it.commentBefore = cb ? `${comment}\n${cb}` : comment;
	            }
	            else {
	                const cb = dc.commentBefore;
	                dc.commentBefore = cb ? `${comment}\n${cb}` : comment;
	            }
	        }
	        if (afterDoc) {
	            for (let i = 0; i < this.errors.length; ++i)
	                doc.errors.push(this.errors[i]);
	            for (let i = 0; i < this.warnings.length; ++i)
	                doc.warnings.push(this.warnings[i]);
	        }
	        else {
	            doc.errors = this.errors;
	            doc.warnings = this.warnings;
	        }
	        this.prelude = [];
	        this.errors = [];
	        this.warnings = [];
	    }
	    /**
	     * Current stream status information.
	     *
	     * Mostly useful at the end of input for an empty stream.
	     */
	    streamInfo() {
	        return {
	            comment: parsePrelude(this.prelude).comment,
	            directives: this.directives,
	            errors: this.errors,
	            warnings: this.warnings
	        };
	    }
	    /**
	     * Compose tokens into documents.
	     *
	     * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
	     * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
	     */
	    *compose(tokens, forceDoc = false, endOffset = -1) {
	        for (const token of tokens)
	            yield* this.next(token);
	        yield* this.end(forceDoc, endOffset);
	    }
	    /** Advance the composer by one CST token. */
	    *next(token) {
	        if (node_process.env.LOG_STREAM)
	            console.dir(token, { depth: null });
	        switch (token.type) {
	            case 'directive':
	                this.directives.add(token.source, (offset, message, warning) => {
	                    const pos = getErrorPos(token);
	                    pos[0] += offset;
	                    this.onError(pos, 'BAD_DIRECTIVE', message, warning);
	                });
	                this.prelude.push(token.source);
	                this.atDirectives = true;
	                break;
	            case 'document': {
	                const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
	                if (this.atDirectives && !doc.directives.docStart)
	                    this.onError(token, 'MISSING_CHAR', 'Missing directives-end/doc-start indicator line');
	                this.decorate(doc, false);
	                if (this.doc)
	                    yield this.doc;
	                this.doc = doc;
	                this.atDirectives = false;
	                break;
	            }
	            case 'byte-order-mark':
	            case 'space':
	                break;
	            case 'comment':
	            case 'newline':
	                this.prelude.push(token.source);
	                break;
	            case 'error': {
	                const msg = token.source
	                    ? `${token.message}: ${JSON.stringify(token.source)}`
	                    : token.message;
	                const error = new errors.YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', msg);
	                if (this.atDirectives || !this.doc)
	                    this.errors.push(error);
	                else
	                    this.doc.errors.push(error);
	                break;
	            }
	            case 'doc-end': {
	                if (!this.doc) {
	                    const msg = 'Unexpected doc-end without preceding document';
	                    this.errors.push(new errors.YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', msg));
	                    break;
	                }
	                this.doc.directives.docEnd = true;
	                const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
	                this.decorate(this.doc, true);
	                if (end.comment) {
	                    const dc = this.doc.comment;
	                    this.doc.comment = dc ? `${dc}\n${end.comment}` : end.comment;
	                }
	                this.doc.range[2] = end.offset;
	                break;
	            }
	            default:
	                this.errors.push(new errors.YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', `Unsupported token ${token.type}`));
	        }
	    }
	    /**
	     * Call at end of input to yield any remaining document.
	     *
	     * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
	     * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
	     */
	    *end(forceDoc = false, endOffset = -1) {
	        if (this.doc) {
	            this.decorate(this.doc, true);
	            yield this.doc;
	            this.doc = null;
	        }
	        else if (forceDoc) {
	            const opts = Object.assign({ _directives: this.directives }, this.options);
	            const doc = new Document.Document(undefined, opts);
	            if (this.atDirectives)
	                this.onError(endOffset, 'MISSING_CHAR', 'Missing directives-end indicator line');
	            doc.range = [0, endOffset, endOffset];
	            this.decorate(doc, false);
	            yield doc;
	        }
	    }
	}

	composer.Composer = Composer;
	return composer;
}

var cst = {};

var cstScalar = {};

var hasRequiredCstScalar;

function requireCstScalar () {
	if (hasRequiredCstScalar) return cstScalar;
	hasRequiredCstScalar = 1;

	var resolveBlockScalar = requireResolveBlockScalar();
	var resolveFlowScalar = requireResolveFlowScalar();
	var errors = requireErrors();
	var stringifyString = requireStringifyString();

	function resolveAsScalar(token, strict = true, onError) {
	    if (token) {
	        const _onError = (pos, code, message) => {
	            const offset = typeof pos === 'number' ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
	            if (onError)
	                onError(offset, code, message);
	            else
	                throw new errors.YAMLParseError([offset, offset + 1], code, message);
	        };
	        switch (token.type) {
	            case 'scalar':
	            case 'single-quoted-scalar':
	            case 'double-quoted-scalar':
	                return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
	            case 'block-scalar':
	                return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
	        }
	    }
	    return null;
	}
	/**
	 * Create a new scalar token with `value`
	 *
	 * Values that represent an actual string but may be parsed as a different type should use a `type` other than `'PLAIN'`,
	 * as this function does not support any schema operations and won't check for such conflicts.
	 *
	 * @param value The string representation of the value, which will have its content properly indented.
	 * @param context.end Comments and whitespace after the end of the value, or after the block scalar header. If undefined, a newline will be added.
	 * @param context.implicitKey Being within an implicit key may affect the resolved type of the token's value.
	 * @param context.indent The indent level of the token.
	 * @param context.inFlow Is this scalar within a flow collection? This may affect the resolved type of the token's value.
	 * @param context.offset The offset position of the token.
	 * @param context.type The preferred type of the scalar token. If undefined, the previous type of the `token` will be used, defaulting to `'PLAIN'`.
	 */
	function createScalarToken(value, context) {
	    const { implicitKey = false, indent, inFlow = false, offset = -1, type = 'PLAIN' } = context;
	    const source = stringifyString.stringifyString({ type, value }, {
	        implicitKey,
	        indent: indent > 0 ? ' '.repeat(indent) : '',
	        inFlow,
	        options: { blockQuote: true, lineWidth: -1 }
	    });
	    const end = context.end ?? [
	        { type: 'newline', offset: -1, indent, source: '\n' }
	    ];
	    switch (source[0]) {
	        case '|':
	        case '>': {
	            const he = source.indexOf('\n');
	            const head = source.substring(0, he);
	            const body = source.substring(he + 1) + '\n';
	            const props = [
	                { type: 'block-scalar-header', offset, indent, source: head }
	            ];
	            if (!addEndtoBlockProps(props, end))
	                props.push({ type: 'newline', offset: -1, indent, source: '\n' });
	            return { type: 'block-scalar', offset, indent, props, source: body };
	        }
	        case '"':
	            return { type: 'double-quoted-scalar', offset, indent, source, end };
	        case "'":
	            return { type: 'single-quoted-scalar', offset, indent, source, end };
	        default:
	            return { type: 'scalar', offset, indent, source, end };
	    }
	}
	/**
	 * Set the value of `token` to the given string `value`, overwriting any previous contents and type that it may have.
	 *
	 * Best efforts are made to retain any comments previously associated with the `token`,
	 * though all contents within a collection's `items` will be overwritten.
	 *
	 * Values that represent an actual string but may be parsed as a different type should use a `type` other than `'PLAIN'`,
	 * as this function does not support any schema operations and won't check for such conflicts.
	 *
	 * @param token Any token. If it does not include an `indent` value, the value will be stringified as if it were an implicit key.
	 * @param value The string representation of the value, which will have its content properly indented.
	 * @param context.afterKey In most cases, values after a key should have an additional level of indentation.
	 * @param context.implicitKey Being within an implicit key may affect the resolved type of the token's value.
	 * @param context.inFlow Being within a flow collection may affect the resolved type of the token's value.
	 * @param context.type The preferred type of the scalar token. If undefined, the previous type of the `token` will be used, defaulting to `'PLAIN'`.
	 */
	function setScalarValue(token, value, context = {}) {
	    let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
	    let indent = 'indent' in token ? token.indent : null;
	    if (afterKey && typeof indent === 'number')
	        indent += 2;
	    if (!type)
	        switch (token.type) {
	            case 'single-quoted-scalar':
	                type = 'QUOTE_SINGLE';
	                break;
	            case 'double-quoted-scalar':
	                type = 'QUOTE_DOUBLE';
	                break;
	            case 'block-scalar': {
	                const header = token.props[0];
	                if (header.type !== 'block-scalar-header')
	                    throw new Error('Invalid block scalar header');
	                type = header.source[0] === '>' ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL';
	                break;
	            }
	            default:
	                type = 'PLAIN';
	        }
	    const source = stringifyString.stringifyString({ type, value }, {
	        implicitKey: implicitKey || indent === null,
	        indent: indent !== null && indent > 0 ? ' '.repeat(indent) : '',
	        inFlow,
	        options: { blockQuote: true, lineWidth: -1 }
	    });
	    switch (source[0]) {
	        case '|':
	        case '>':
	            setBlockScalarValue(token, source);
	            break;
	        case '"':
	            setFlowScalarValue(token, source, 'double-quoted-scalar');
	            break;
	        case "'":
	            setFlowScalarValue(token, source, 'single-quoted-scalar');
	            break;
	        default:
	            setFlowScalarValue(token, source, 'scalar');
	    }
	}
	function setBlockScalarValue(token, source) {
	    const he = source.indexOf('\n');
	    const head = source.substring(0, he);
	    const body = source.substring(he + 1) + '\n';
	    if (token.type === 'block-scalar') {
	        const header = token.props[0];
	        if (header.type !== 'block-scalar-header')
	            throw new Error('Invalid block scalar header');
	        header.source = head;
	        token.source = body;
	    }
	    else {
	        const { offset } = token;
	        const indent = 'indent' in token ? token.indent : -1;
	        const props = [
	            { type: 'block-scalar-header', offset, indent, source: head }
	        ];
	        if (!addEndtoBlockProps(props, 'end' in token ? token.end : undefined))
	            props.push({ type: 'newline', offset: -1, indent, source: '\n' });
	        for (const key of Object.keys(token))
	            if (key !== 'type' && key !== 'offset')
	                delete token[key];
	        Object.assign(token, { type: 'block-scalar', indent, props, source: body });
	    }
	}
	/** @returns `true` if last token is a newline */
	function addEndtoBlockProps(props, end) {
	    if (end)
	        for (const st of end)
	            switch (st.type) {
	                case 'space':
	                case 'comment':
	                    props.push(st);
	                    break;
	                case 'newline':
	                    props.push(st);
	                    return true;
	            }
	    return false;
	}
	function setFlowScalarValue(token, source, type) {
	    switch (token.type) {
	        case 'scalar':
	        case 'double-quoted-scalar':
	        case 'single-quoted-scalar':
	            token.type = type;
	            token.source = source;
	            break;
	        case 'block-scalar': {
	            const end = token.props.slice(1);
	            let oa = source.length;
	            if (token.props[0].type === 'block-scalar-header')
	                oa -= token.props[0].source.length;
	            for (const tok of end)
	                tok.offset += oa;
	            delete token.props;
	            Object.assign(token, { type, source, end });
	            break;
	        }
	        case 'block-map':
	        case 'block-seq': {
	            const offset = token.offset + source.length;
	            const nl = { type: 'newline', offset, indent: token.indent, source: '\n' };
	            delete token.items;
	            Object.assign(token, { type, source, end: [nl] });
	            break;
	        }
	        default: {
	            const indent = 'indent' in token ? token.indent : -1;
	            const end = 'end' in token && Array.isArray(token.end)
	                ? token.end.filter(st => st.type === 'space' ||
	                    st.type === 'comment' ||
	                    st.type === 'newline')
	                : [];
	            for (const key of Object.keys(token))
	                if (key !== 'type' && key !== 'offset')
	                    delete token[key];
	            Object.assign(token, { type, indent, source, end });
	        }
	    }
	}

	cstScalar.createScalarToken = createScalarToken;
	cstScalar.resolveAsScalar = resolveAsScalar;
	cstScalar.setScalarValue = setScalarValue;
	return cstScalar;
}

var cstStringify = {};

var hasRequiredCstStringify;

function requireCstStringify () {
	if (hasRequiredCstStringify) return cstStringify;
	hasRequiredCstStringify = 1;

	/**
	 * Stringify a CST document, token, or collection item
	 *
	 * Fair warning: This applies no validation whatsoever, and
	 * simply concatenates the sources in their logical order.
	 */
	const stringify = (cst) => 'type' in cst ? stringifyToken(cst) : stringifyItem(cst);
	function stringifyToken(token) {
	    switch (token.type) {
	        case 'block-scalar': {
	            let res = '';
	            for (const tok of token.props)
	                res += stringifyToken(tok);
	            return res + token.source;
	        }
	        case 'block-map':
	        case 'block-seq': {
	            let res = '';
	            for (const item of token.items)
	                res += stringifyItem(item);
	            return res;
	        }
	        case 'flow-collection': {
	            let res = token.start.source;
	            for (const item of token.items)
	                res += stringifyItem(item);
	            for (const st of token.end)
	                res += st.source;
	            return res;
	        }
	        case 'document': {
	            let res = stringifyItem(token);
	            if (token.end)
	                for (const st of token.end)
	                    res += st.source;
	            return res;
	        }
	        default: {
	            let res = token.source;
	            if ('end' in token && token.end)
	                for (const st of token.end)
	                    res += st.source;
	            return res;
	        }
	    }
	}
	function stringifyItem({ start, key, sep, value }) {
	    let res = '';
	    for (const st of start)
	        res += st.source;
	    if (key)
	        res += stringifyToken(key);
	    if (sep)
	        for (const st of sep)
	            res += st.source;
	    if (value)
	        res += stringifyToken(value);
	    return res;
	}

	cstStringify.stringify = stringify;
	return cstStringify;
}

var cstVisit = {};

var hasRequiredCstVisit;

function requireCstVisit () {
	if (hasRequiredCstVisit) return cstVisit;
	hasRequiredCstVisit = 1;

	const BREAK = Symbol('break visit');
	const SKIP = Symbol('skip children');
	const REMOVE = Symbol('remove item');
	/**
	 * Apply a visitor to a CST document or item.
	 *
	 * Walks through the tree (depth-first) starting from the root, calling a
	 * `visitor` function with two arguments when entering each item:
	 *   - `item`: The current item, which included the following members:
	 *     - `start: SourceToken[]` – Source tokens before the key or value,
	 *       possibly including its anchor or tag.
	 *     - `key?: Token | null` – Set for pair values. May then be `null`, if
	 *       the key before the `:` separator is empty.
	 *     - `sep?: SourceToken[]` – Source tokens between the key and the value,
	 *       which should include the `:` map value indicator if `value` is set.
	 *     - `value?: Token` – The value of a sequence item, or of a map pair.
	 *   - `path`: The steps from the root to the current node, as an array of
	 *     `['key' | 'value', number]` tuples.
	 *
	 * The return value of the visitor may be used to control the traversal:
	 *   - `undefined` (default): Do nothing and continue
	 *   - `visit.SKIP`: Do not visit the children of this token, continue with
	 *      next sibling
	 *   - `visit.BREAK`: Terminate traversal completely
	 *   - `visit.REMOVE`: Remove the current item, then continue with the next one
	 *   - `number`: Set the index of the next step. This is useful especially if
	 *     the index of the current token has changed.
	 *   - `function`: Define the next visitor for this item. After the original
	 *     visitor is called on item entry, next visitors are called after handling
	 *     a non-empty `key` and when exiting the item.
	 */
	function visit(cst, visitor) {
	    if ('type' in cst && cst.type === 'document')
	        cst = { start: cst.start, value: cst.value };
	    _visit(Object.freeze([]), cst, visitor);
	}
	// Without the `as symbol` casts, TS declares these in the `visit`
	// namespace using `var`, but then complains about that because
	// `unique symbol` must be `const`.
	/** Terminate visit traversal completely */
	visit.BREAK = BREAK;
	/** Do not visit the children of the current item */
	visit.SKIP = SKIP;
	/** Remove the current item */
	visit.REMOVE = REMOVE;
	/** Find the item at `path` from `cst` as the root */
	visit.itemAtPath = (cst, path) => {
	    let item = cst;
	    for (const [field, index] of path) {
	        const tok = item?.[field];
	        if (tok && 'items' in tok) {
	            item = tok.items[index];
	        }
	        else
	            return undefined;
	    }
	    return item;
	};
	/**
	 * Get the immediate parent collection of the item at `path` from `cst` as the root.
	 *
	 * Throws an error if the collection is not found, which should never happen if the item itself exists.
	 */
	visit.parentCollection = (cst, path) => {
	    const parent = visit.itemAtPath(cst, path.slice(0, -1));
	    const field = path[path.length - 1][0];
	    const coll = parent?.[field];
	    if (coll && 'items' in coll)
	        return coll;
	    throw new Error('Parent collection not found');
	};
	function _visit(path, item, visitor) {
	    let ctrl = visitor(item, path);
	    if (typeof ctrl === 'symbol')
	        return ctrl;
	    for (const field of ['key', 'value']) {
	        const token = item[field];
	        if (token && 'items' in token) {
	            for (let i = 0; i < token.items.length; ++i) {
	                const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
	                if (typeof ci === 'number')
	                    i = ci - 1;
	                else if (ci === BREAK)
	                    return BREAK;
	                else if (ci === REMOVE) {
	                    token.items.splice(i, 1);
	                    i -= 1;
	                }
	            }
	            if (typeof ctrl === 'function' && field === 'key')
	                ctrl = ctrl(item, path);
	        }
	    }
	    return typeof ctrl === 'function' ? ctrl(item, path) : ctrl;
	}

	cstVisit.visit = visit;
	return cstVisit;
}

var hasRequiredCst;

function requireCst () {
	if (hasRequiredCst) return cst;
	hasRequiredCst = 1;

	var cstScalar = requireCstScalar();
	var cstStringify = requireCstStringify();
	var cstVisit = requireCstVisit();

	/** The byte order mark */
	const BOM = '\u{FEFF}';
	/** Start of doc-mode */
	const DOCUMENT = '\x02'; // C0: Start of Text
	/** Unexpected end of flow-mode */
	const FLOW_END = '\x18'; // C0: Cancel
	/** Next token is a scalar value */
	const SCALAR = '\x1f'; // C0: Unit Separator
	/** @returns `true` if `token` is a flow or block collection */
	const isCollection = (token) => !!token && 'items' in token;
	/** @returns `true` if `token` is a flow or block scalar; not an alias */
	const isScalar = (token) => !!token &&
	    (token.type === 'scalar' ||
	        token.type === 'single-quoted-scalar' ||
	        token.type === 'double-quoted-scalar' ||
	        token.type === 'block-scalar');
	/* istanbul ignore next */
	/** Get a printable representation of a lexer token */
	function prettyToken(token) {
	    switch (token) {
	        case BOM:
	            return '<BOM>';
	        case DOCUMENT:
	            return '<DOC>';
	        case FLOW_END:
	            return '<FLOW_END>';
	        case SCALAR:
	            return '<SCALAR>';
	        default:
	            return JSON.stringify(token);
	    }
	}
	/** Identify the type of a lexer token. May return `null` for unknown tokens. */
	function tokenType(source) {
	    switch (source) {
	        case BOM:
	            return 'byte-order-mark';
	        case DOCUMENT:
	            return 'doc-mode';
	        case FLOW_END:
	            return 'flow-error-end';
	        case SCALAR:
	            return 'scalar';
	        case '---':
	            return 'doc-start';
	        case '...':
	            return 'doc-end';
	        case '':
	        case '\n':
	        case '\r\n':
	            return 'newline';
	        case '-':
	            return 'seq-item-ind';
	        case '?':
	            return 'explicit-key-ind';
	        case ':':
	            return 'map-value-ind';
	        case '{':
	            return 'flow-map-start';
	        case '}':
	            return 'flow-map-end';
	        case '[':
	            return 'flow-seq-start';
	        case ']':
	            return 'flow-seq-end';
	        case ',':
	            return 'comma';
	    }
	    switch (source[0]) {
	        case ' ':
	        case '\t':
	            return 'space';
	        case '#':
	            return 'comment';
	        case '%':
	            return 'directive-line';
	        case '*':
	            return 'alias';
	        case '&':
	            return 'anchor';
	        case '!':
	            return 'tag';
	        case "'":
	            return 'single-quoted-scalar';
	        case '"':
	            return 'double-quoted-scalar';
	        case '|':
	        case '>':
	            return 'block-scalar-header';
	    }
	    return null;
	}

	cst.createScalarToken = cstScalar.createScalarToken;
	cst.resolveAsScalar = cstScalar.resolveAsScalar;
	cst.setScalarValue = cstScalar.setScalarValue;
	cst.stringify = cstStringify.stringify;
	cst.visit = cstVisit.visit;
	cst.BOM = BOM;
	cst.DOCUMENT = DOCUMENT;
	cst.FLOW_END = FLOW_END;
	cst.SCALAR = SCALAR;
	cst.isCollection = isCollection;
	cst.isScalar = isScalar;
	cst.prettyToken = prettyToken;
	cst.tokenType = tokenType;
	return cst;
}

var lexer = {};

var hasRequiredLexer;

function requireLexer () {
	if (hasRequiredLexer) return lexer;
	hasRequiredLexer = 1;

	var cst = requireCst();

	/*
	START -> stream

	stream
	  directive -> line-end -> stream
	  indent + line-end -> stream
	  [else] -> line-start

	line-end
	  comment -> line-end
	  newline -> .
	  input-end -> END

	line-start
	  doc-start -> doc
	  doc-end -> stream
	  [else] -> indent -> block-start

	block-start
	  seq-item-start -> block-start
	  explicit-key-start -> block-start
	  map-value-start -> block-start
	  [else] -> doc

	doc
	  line-end -> line-start
	  spaces -> doc
	  anchor -> doc
	  tag -> doc
	  flow-start -> flow -> doc
	  flow-end -> error -> doc
	  seq-item-start -> error -> doc
	  explicit-key-start -> error -> doc
	  map-value-start -> doc
	  alias -> doc
	  quote-start -> quoted-scalar -> doc
	  block-scalar-header -> line-end -> block-scalar(min) -> line-start
	  [else] -> plain-scalar(false, min) -> doc

	flow
	  line-end -> flow
	  spaces -> flow
	  anchor -> flow
	  tag -> flow
	  flow-start -> flow -> flow
	  flow-end -> .
	  seq-item-start -> error -> flow
	  explicit-key-start -> flow
	  map-value-start -> flow
	  alias -> flow
	  quote-start -> quoted-scalar -> flow
	  comma -> flow
	  [else] -> plain-scalar(true, 0) -> flow

	quoted-scalar
	  quote-end -> .
	  [else] -> quoted-scalar

	block-scalar(min)
	  newline + peek(indent < min) -> .
	  [else] -> block-scalar(min)

	plain-scalar(is-flow, min)
	  scalar-end(is-flow) -> .
	  peek(newline + (indent < min)) -> .
	  [else] -> plain-scalar(min)
	*/
	function isEmpty(ch) {
	    switch (ch) {
	        case undefined:
	        case ' ':
	        case '\n':
	        case '\r':
	        case '\t':
	            return true;
	        default:
	            return false;
	    }
	}
	const hexDigits = new Set('0123456789ABCDEFabcdef');
	const tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
	const flowIndicatorChars = new Set(',[]{}');
	const invalidAnchorChars = new Set(' ,[]{}\n\r\t');
	const isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
	/**
	 * Splits an input string into lexical tokens, i.e. smaller strings that are
	 * easily identifiable by `tokens.tokenType()`.
	 *
	 * Lexing starts always in a "stream" context. Incomplete input may be buffered
	 * until a complete token can be emitted.
	 *
	 * In addition to slices of the original input, the following control characters
	 * may also be emitted:
	 *
	 * - `\x02` (Start of Text): A document starts with the next token
	 * - `\x18` (Cancel): Unexpected end of flow-mode (indicates an error)
	 * - `\x1f` (Unit Separator): Next token is a scalar value
	 * - `\u{FEFF}` (Byte order mark): Emitted separately outside documents
	 */
	class Lexer {
	    constructor() {
	        /**
	         * Flag indicating whether the end of the current buffer marks the end of
	         * all input
	         */
	        this.atEnd = false;
	        /**
	         * Explicit indent set in block scalar header, as an offset from the current
	         * minimum indent, so e.g. set to 1 from a header `|2+`. Set to -1 if not
	         * explicitly set.
	         */
	        this.blockScalarIndent = -1;
	        /**
	         * Block scalars that include a + (keep) chomping indicator in their header
	         * include trailing empty lines, which are otherwise excluded from the
	         * scalar's contents.
	         */
	        this.blockScalarKeep = false;
	        /** Current input */
	        this.buffer = '';
	        /**
	         * Flag noting whether the map value indicator : can immediately follow this
	         * node within a flow context.
	         */
	        this.flowKey = false;
	        /** Count of surrounding flow collection levels. */
	        this.flowLevel = 0;
	        /**
	         * Minimum level of indentation required for next lines to be parsed as a
	         * part of the current scalar value.
	         */
	        this.indentNext = 0;
	        /** Indentation level of the current line. */
	        this.indentValue = 0;
	        /** Position of the next \n character. */
	        this.lineEndPos = null;
	        /** Stores the state of the lexer if reaching the end of incpomplete input */
	        this.next = null;
	        /** A pointer to `buffer`; the current position of the lexer. */
	        this.pos = 0;
	    }
	    /**
	     * Generate YAML tokens from the `source` string. If `incomplete`,
	     * a part of the last line may be left as a buffer for the next call.
	     *
	     * @returns A generator of lexical tokens
	     */
	    *lex(source, incomplete = false) {
	        if (source) {
	            if (typeof source !== 'string')
	                throw TypeError('source is not a string');
	            this.buffer = this.buffer ? this.buffer + source : source;
	            this.lineEndPos = null;
	        }
	        this.atEnd = !incomplete;
	        let next = this.next ?? 'stream';
	        while (next && (incomplete || this.hasChars(1)))
	            next = yield* this.parseNext(next);
	    }
	    atLineEnd() {
	        let i = this.pos;
	        let ch = this.buffer[i];
	        while (ch === ' ' || ch === '\t')
	            ch = this.buffer[++i];
	        if (!ch || ch === '#' || ch === '\n')
	            return true;
	        if (ch === '\r')
	            return this.buffer[i + 1] === '\n';
	        return false;
	    }
	    charAt(n) {
	        return this.buffer[this.pos + n];
	    }
	    continueScalar(offset) {
	        let ch = this.buffer[offset];
	        if (this.indentNext > 0) {
	            let indent = 0;
	            while (ch === ' ')
	                ch = this.buffer[++indent + offset];
	            if (ch === '\r') {
	                const next = this.buffer[indent + offset + 1];
	                if (next === '\n' || (!next && !this.atEnd))
	                    return offset + indent + 1;
	            }
	            return ch === '\n' || indent >= this.indentNext || (!ch && !this.atEnd)
	                ? offset + indent
	                : -1;
	        }
	        if (ch === '-' || ch === '.') {
	            const dt = this.buffer.substr(offset, 3);
	            if ((dt === '---' || dt === '...') && isEmpty(this.buffer[offset + 3]))
	                return -1;
	        }
	        return offset;
	    }
	    getLine() {
	        let end = this.lineEndPos;
	        if (typeof end !== 'number' || (end !== -1 && end < this.pos)) {
	            end = this.buffer.indexOf('\n', this.pos);
	            this.lineEndPos = end;
	        }
	        if (end === -1)
	            return this.atEnd ? this.buffer.substring(this.pos) : null;
	        if (this.buffer[end - 1] === '\r')
	            end -= 1;
	        return this.buffer.substring(this.pos, end);
	    }
	    hasChars(n) {
	        return this.pos + n <= this.buffer.length;
	    }
	    setNext(state) {
	        this.buffer = this.buffer.substring(this.pos);
	        this.pos = 0;
	        this.lineEndPos = null;
	        this.next = state;
	        return null;
	    }
	    peek(n) {
	        return this.buffer.substr(this.pos, n);
	    }
	    *parseNext(next) {
	        switch (next) {
	            case 'stream':
	                return yield* this.parseStream();
	            case 'line-start':
	                return yield* this.parseLineStart();
	            case 'block-start':
	                return yield* this.parseBlockStart();
	            case 'doc':
	                return yield* this.parseDocument();
	            case 'flow':
	                return yield* this.parseFlowCollection();
	            case 'quoted-scalar':
	                return yield* this.parseQuotedScalar();
	            case 'block-scalar':
	                return yield* this.parseBlockScalar();
	            case 'plain-scalar':
	                return yield* this.parsePlainScalar();
	        }
	    }
	    *parseStream() {
	        let line = this.getLine();
	        if (line === null)
	            return this.setNext('stream');
	        if (line[0] === cst.BOM) {
	            yield* this.pushCount(1);
	            line = line.substring(1);
	        }
	        if (line[0] === '%') {
	            let dirEnd = line.length;
	            let cs = line.indexOf('#');
	            while (cs !== -1) {
	                const ch = line[cs - 1];
	                if (ch === ' ' || ch === '\t') {
	                    dirEnd = cs - 1;
	                    break;
	                }
	                else {
	                    cs = line.indexOf('#', cs + 1);
	                }
	            }
	            while (true) {
	                const ch = line[dirEnd - 1];
	                if (ch === ' ' || ch === '\t')
	                    dirEnd -= 1;
	                else
	                    break;
	            }
	            const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
	            yield* this.pushCount(line.length - n); // possible comment
	            this.pushNewline();
	            return 'stream';
	        }
	        if (this.atLineEnd()) {
	            const sp = yield* this.pushSpaces(true);
	            yield* this.pushCount(line.length - sp);
	            yield* this.pushNewline();
	            return 'stream';
	        }
	        yield cst.DOCUMENT;
	        return yield* this.parseLineStart();
	    }
	    *parseLineStart() {
	        const ch = this.charAt(0);
	        if (!ch && !this.atEnd)
	            return this.setNext('line-start');
	        if (ch === '-' || ch === '.') {
	            if (!this.atEnd && !this.hasChars(4))
	                return this.setNext('line-start');
	            const s = this.peek(3);
	            if ((s === '---' || s === '...') && isEmpty(this.charAt(3))) {
	                yield* this.pushCount(3);
	                this.indentValue = 0;
	                this.indentNext = 0;
	                return s === '---' ? 'doc' : 'stream';
	            }
	        }
	        this.indentValue = yield* this.pushSpaces(false);
	        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
	            this.indentNext = this.indentValue;
	        return yield* this.parseBlockStart();
	    }
	    *parseBlockStart() {
	        const [ch0, ch1] = this.peek(2);
	        if (!ch1 && !this.atEnd)
	            return this.setNext('block-start');
	        if ((ch0 === '-' || ch0 === '?' || ch0 === ':') && isEmpty(ch1)) {
	            const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
	            this.indentNext = this.indentValue + 1;
	            this.indentValue += n;
	            return 'block-start';
	        }
	        return 'doc';
	    }
	    *parseDocument() {
	        yield* this.pushSpaces(true);
	        const line = this.getLine();
	        if (line === null)
	            return this.setNext('doc');
	        let n = yield* this.pushIndicators();
	        switch (line[n]) {
	            case '#':
	                yield* this.pushCount(line.length - n);
	            // fallthrough
	            case undefined:
	                yield* this.pushNewline();
	                return yield* this.parseLineStart();
	            case '{':
	            case '[':
	                yield* this.pushCount(1);
	                this.flowKey = false;
	                this.flowLevel = 1;
	                return 'flow';
	            case '}':
	            case ']':
	                // this is an error
	                yield* this.pushCount(1);
	                return 'doc';
	            case '*':
	                yield* this.pushUntil(isNotAnchorChar);
	                return 'doc';
	            case '"':
	            case "'":
	                return yield* this.parseQuotedScalar();
	            case '|':
	            case '>':
	                n += yield* this.parseBlockScalarHeader();
	                n += yield* this.pushSpaces(true);
	                yield* this.pushCount(line.length - n);
	                yield* this.pushNewline();
	                return yield* this.parseBlockScalar();
	            default:
	                return yield* this.parsePlainScalar();
	        }
	    }
	    *parseFlowCollection() {
	        let nl, sp;
	        let indent = -1;
	        do {
	            nl = yield* this.pushNewline();
	            if (nl > 0) {
	                sp = yield* this.pushSpaces(false);
	                this.indentValue = indent = sp;
	            }
	            else {
	                sp = 0;
	            }
	            sp += yield* this.pushSpaces(true);
	        } while (nl + sp > 0);
	        const line = this.getLine();
	        if (line === null)
	            return this.setNext('flow');
	        if ((indent !== -1 && indent < this.indentNext && line[0] !== '#') ||
	            (indent === 0 &&
	                (line.startsWith('---') || line.startsWith('...')) &&
	                isEmpty(line[3]))) {
	            // Allowing for the terminal ] or } at the same (rather than greater)
	            // indent level as the initial [ or { is technically invalid, but
	            // failing here would be surprising to users.
	            const atFlowEndMarker = indent === this.indentNext - 1 &&
	                this.flowLevel === 1 &&
	                (line[0] === ']' || line[0] === '}');
	            if (!atFlowEndMarker) {
	                // this is an error
	                this.flowLevel = 0;
	                yield cst.FLOW_END;
	                return yield* this.parseLineStart();
	            }
	        }
	        let n = 0;
	        while (line[n] === ',') {
	            n += yield* this.pushCount(1);
	            n += yield* this.pushSpaces(true);
	            this.flowKey = false;
	        }
	        n += yield* this.pushIndicators();
	        switch (line[n]) {
	            case undefined:
	                return 'flow';
	            case '#':
	                yield* this.pushCount(line.length - n);
	                return 'flow';
	            case '{':
	            case '[':
	                yield* this.pushCount(1);
	                this.flowKey = false;
	                this.flowLevel += 1;
	                return 'flow';
	            case '}':
	            case ']':
	                yield* this.pushCount(1);
	                this.flowKey = true;
	                this.flowLevel -= 1;
	                return this.flowLevel ? 'flow' : 'doc';
	            case '*':
	                yield* this.pushUntil(isNotAnchorChar);
	                return 'flow';
	            case '"':
	            case "'":
	                this.flowKey = true;
	                return yield* this.parseQuotedScalar();
	            case ':': {
	                const next = this.charAt(1);
	                if (this.flowKey || isEmpty(next) || next === ',') {
	                    this.flowKey = false;
	                    yield* this.pushCount(1);
	                    yield* this.pushSpaces(true);
	                    return 'flow';
	                }
	            }
	            // fallthrough
	            default:
	                this.flowKey = false;
	                return yield* this.parsePlainScalar();
	        }
	    }
	    *parseQuotedScalar() {
	        const quote = this.charAt(0);
	        let end = this.buffer.indexOf(quote, this.pos + 1);
	        if (quote === "'") {
	            while (end !== -1 && this.buffer[end + 1] === "'")
	                end = this.buffer.indexOf("'", end + 2);
	        }
	        else {
	            // double-quote
	            while (end !== -1) {
	                let n = 0;
	                while (this.buffer[end - 1 - n] === '\\')
	                    n += 1;
	                if (n % 2 === 0)
	                    break;
	                end = this.buffer.indexOf('"', end + 1);
	            }
	        }
	        // Only looking for newlines within the quotes
	        const qb = this.buffer.substring(0, end);
	        let nl = qb.indexOf('\n', this.pos);
	        if (nl !== -1) {
	            while (nl !== -1) {
	                const cs = this.continueScalar(nl + 1);
	                if (cs === -1)
	                    break;
	                nl = qb.indexOf('\n', cs);
	            }
	            if (nl !== -1) {
	                // this is an error caused by an unexpected unindent
	                end = nl - (qb[nl - 1] === '\r' ? 2 : 1);
	            }
	        }
	        if (end === -1) {
	            if (!this.atEnd)
	                return this.setNext('quoted-scalar');
	            end = this.buffer.length;
	        }
	        yield* this.pushToIndex(end + 1, false);
	        return this.flowLevel ? 'flow' : 'doc';
	    }
	    *parseBlockScalarHeader() {
	        this.blockScalarIndent = -1;
	        this.blockScalarKeep = false;
	        let i = this.pos;
	        while (true) {
	            const ch = this.buffer[++i];
	            if (ch === '+')
	                this.blockScalarKeep = true;
	            else if (ch > '0' && ch <= '9')
	                this.blockScalarIndent = Number(ch) - 1;
	            else if (ch !== '-')
	                break;
	        }
	        return yield* this.pushUntil(ch => isEmpty(ch) || ch === '#');
	    }
	    *parseBlockScalar() {
	        let nl = this.pos - 1; // may be -1 if this.pos === 0
	        let indent = 0;
	        let ch;
	        loop: for (let i = this.pos; (ch = this.buffer[i]); ++i) {
	            switch (ch) {
	                case ' ':
	                    indent += 1;
	                    break;
	                case '\n':
	                    nl = i;
	                    indent = 0;
	                    break;
	                case '\r': {
	                    const next = this.buffer[i + 1];
	                    if (!next && !this.atEnd)
	                        return this.setNext('block-scalar');
	                    if (next === '\n')
	                        break;
	                } // fallthrough
	                default:
	                    break loop;
	            }
	        }
	        if (!ch && !this.atEnd)
	            return this.setNext('block-scalar');
	        if (indent >= this.indentNext) {
	            if (this.blockScalarIndent === -1)
	                this.indentNext = indent;
	            else {
	                this.indentNext =
	                    this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
	            }
	            do {
	                const cs = this.continueScalar(nl + 1);
	                if (cs === -1)
	                    break;
	                nl = this.buffer.indexOf('\n', cs);
	            } while (nl !== -1);
	            if (nl === -1) {
	                if (!this.atEnd)
	                    return this.setNext('block-scalar');
	                nl = this.buffer.length;
	            }
	        }
	        // Trailing insufficiently indented tabs are invalid.
	        // To catch that during parsing, we include them in the block scalar value.
	        let i = nl + 1;
	        ch = this.buffer[i];
	        while (ch === ' ')
	            ch = this.buffer[++i];
	        if (ch === '\t') {
	            while (ch === '\t' || ch === ' ' || ch === '\r' || ch === '\n')
	                ch = this.buffer[++i];
	            nl = i - 1;
	        }
	        else if (!this.blockScalarKeep) {
	            do {
	                let i = nl - 1;
	                let ch = this.buffer[i];
	                if (ch === '\r')
	                    ch = this.buffer[--i];
	                const lastChar = i; // Drop the line if last char not more indented
	                while (ch === ' ')
	                    ch = this.buffer[--i];
	                if (ch === '\n' && i >= this.pos && i + 1 + indent > lastChar)
	                    nl = i;
	                else
	                    break;
	            } while (true);
	        }
	        yield cst.SCALAR;
	        yield* this.pushToIndex(nl + 1, true);
	        return yield* this.parseLineStart();
	    }
	    *parsePlainScalar() {
	        const inFlow = this.flowLevel > 0;
	        let end = this.pos - 1;
	        let i = this.pos - 1;
	        let ch;
	        while ((ch = this.buffer[++i])) {
	            if (ch === ':') {
	                const next = this.buffer[i + 1];
	                if (isEmpty(next) || (inFlow && flowIndicatorChars.has(next)))
	                    break;
	                end = i;
	            }
	            else if (isEmpty(ch)) {
	                let next = this.buffer[i + 1];
	                if (ch === '\r') {
	                    if (next === '\n') {
	                        i += 1;
	                        ch = '\n';
	                        next = this.buffer[i + 1];
	                    }
	                    else
	                        end = i;
	                }
	                if (next === '#' || (inFlow && flowIndicatorChars.has(next)))
	                    break;
	                if (ch === '\n') {
	                    const cs = this.continueScalar(i + 1);
	                    if (cs === -1)
	                        break;
	                    i = Math.max(i, cs - 2); // to advance, but still account for ' #'
	                }
	            }
	            else {
	                if (inFlow && flowIndicatorChars.has(ch))
	                    break;
	                end = i;
	            }
	        }
	        if (!ch && !this.atEnd)
	            return this.setNext('plain-scalar');
	        yield cst.SCALAR;
	        yield* this.pushToIndex(end + 1, true);
	        return inFlow ? 'flow' : 'doc';
	    }
	    *pushCount(n) {
	        if (n > 0) {
	            yield this.buffer.substr(this.pos, n);
	            this.pos += n;
	            return n;
	        }
	        return 0;
	    }
	    *pushToIndex(i, allowEmpty) {
	        const s = this.buffer.slice(this.pos, i);
	        if (s) {
	            yield s;
	            this.pos += s.length;
	            return s.length;
	        }
	        else if (allowEmpty)
	            yield '';
	        return 0;
	    }
	    *pushIndicators() {
	        let n = 0;
	        loop: while (true) {
	            switch (this.charAt(0)) {
	                case '!':
	                    n += yield* this.pushTag();
	                    n += yield* this.pushSpaces(true);
	                    continue loop;
	                case '&':
	                    n += yield* this.pushUntil(isNotAnchorChar);
	                    n += yield* this.pushSpaces(true);
	                    continue loop;
	                case '-': // this is an error
	                case '?': // this is an error outside flow collections
	                case ':': {
	                    const inFlow = this.flowLevel > 0;
	                    const ch1 = this.charAt(1);
	                    if (isEmpty(ch1) || (inFlow && flowIndicatorChars.has(ch1))) {
	                        if (!inFlow)
	                            this.indentNext = this.indentValue + 1;
	                        else if (this.flowKey)
	                            this.flowKey = false;
	                        n += yield* this.pushCount(1);
	                        n += yield* this.pushSpaces(true);
	                        continue loop;
	                    }
	                }
	            }
	            break loop;
	        }
	        return n;
	    }
	    *pushTag() {
	        if (this.charAt(1) === '<') {
	            let i = this.pos + 2;
	            let ch = this.buffer[i];
	            while (!isEmpty(ch) && ch !== '>')
	                ch = this.buffer[++i];
	            return yield* this.pushToIndex(ch === '>' ? i + 1 : i, false);
	        }
	        else {
	            let i = this.pos + 1;
	            let ch = this.buffer[i];
	            while (ch) {
	                if (tagChars.has(ch))
	                    ch = this.buffer[++i];
	                else if (ch === '%' &&
	                    hexDigits.has(this.buffer[i + 1]) &&
	                    hexDigits.has(this.buffer[i + 2])) {
	                    ch = this.buffer[(i += 3)];
	                }
	                else
	                    break;
	            }
	            return yield* this.pushToIndex(i, false);
	        }
	    }
	    *pushNewline() {
	        const ch = this.buffer[this.pos];
	        if (ch === '\n')
	            return yield* this.pushCount(1);
	        else if (ch === '\r' && this.charAt(1) === '\n')
	            return yield* this.pushCount(2);
	        else
	            return 0;
	    }
	    *pushSpaces(allowTabs) {
	        let i = this.pos - 1;
	        let ch;
	        do {
	            ch = this.buffer[++i];
	        } while (ch === ' ' || (allowTabs && ch === '\t'));
	        const n = i - this.pos;
	        if (n > 0) {
	            yield this.buffer.substr(this.pos, n);
	            this.pos = i;
	        }
	        return n;
	    }
	    *pushUntil(test) {
	        let i = this.pos;
	        let ch = this.buffer[i];
	        while (!test(ch))
	            ch = this.buffer[++i];
	        return yield* this.pushToIndex(i, false);
	    }
	}

	lexer.Lexer = Lexer;
	return lexer;
}

var lineCounter = {};

var hasRequiredLineCounter;

function requireLineCounter () {
	if (hasRequiredLineCounter) return lineCounter;
	hasRequiredLineCounter = 1;

	/**
	 * Tracks newlines during parsing in order to provide an efficient API for
	 * determining the one-indexed `{ line, col }` position for any offset
	 * within the input.
	 */
	class LineCounter {
	    constructor() {
	        this.lineStarts = [];
	        /**
	         * Should be called in ascending order. Otherwise, call
	         * `lineCounter.lineStarts.sort()` before calling `linePos()`.
	         */
	        this.addNewLine = (offset) => this.lineStarts.push(offset);
	        /**
	         * Performs a binary search and returns the 1-indexed { line, col }
	         * position of `offset`. If `line === 0`, `addNewLine` has never been
	         * called or `offset` is before the first known newline.
	         */
	        this.linePos = (offset) => {
	            let low = 0;
	            let high = this.lineStarts.length;
	            while (low < high) {
	                const mid = (low + high) >> 1; // Math.floor((low + high) / 2)
	                if (this.lineStarts[mid] < offset)
	                    low = mid + 1;
	                else
	                    high = mid;
	            }
	            if (this.lineStarts[low] === offset)
	                return { line: low + 1, col: 1 };
	            if (low === 0)
	                return { line: 0, col: offset };
	            const start = this.lineStarts[low - 1];
	            return { line: low, col: offset - start + 1 };
	        };
	    }
	}

	lineCounter.LineCounter = LineCounter;
	return lineCounter;
}

var parser = {};

var hasRequiredParser;

function requireParser () {
	if (hasRequiredParser) return parser;
	hasRequiredParser = 1;

	var node_process = require$$0;
	var cst = requireCst();
	var lexer = requireLexer();

	function includesToken(list, type) {
	    for (let i = 0; i < list.length; ++i)
	        if (list[i].type === type)
	            return true;
	    return false;
	}
	function findNonEmptyIndex(list) {
	    for (let i = 0; i < list.length; ++i) {
	        switch (list[i].type) {
	            case 'space':
	            case 'comment':
	            case 'newline':
	                break;
	            default:
	                return i;
	        }
	    }
	    return -1;
	}
	function isFlowToken(token) {
	    switch (token?.type) {
	        case 'alias':
	        case 'scalar':
	        case 'single-quoted-scalar':
	        case 'double-quoted-scalar':
	        case 'flow-collection':
	            return true;
	        default:
	            return false;
	    }
	}
	function getPrevProps(parent) {
	    switch (parent.type) {
	        case 'document':
	            return parent.start;
	        case 'block-map': {
	            const it = parent.items[parent.items.length - 1];
	            return it.sep ?? it.start;
	        }
	        case 'block-seq':
	            return parent.items[parent.items.length - 1].start;
	        /* istanbul ignore next should not happen */
	        default:
	            return [];
	    }
	}
	/** Note: May modify input array */
	function getFirstKeyStartProps(prev) {
	    if (prev.length === 0)
	        return [];
	    let i = prev.length;
	    loop: while (--i >= 0) {
	        switch (prev[i].type) {
	            case 'doc-start':
	            case 'explicit-key-ind':
	            case 'map-value-ind':
	            case 'seq-item-ind':
	            case 'newline':
	                break loop;
	        }
	    }
	    while (prev[++i]?.type === 'space') {
	        /* loop */
	    }
	    return prev.splice(i, prev.length);
	}
	function arrayPushArray(target, source) {
	    // May exhaust call stack with large `source` array
	    if (source.length < 1e5)
	        Array.prototype.push.apply(target, source);
	    else
	        for (let i = 0; i < source.length; ++i)
	            target.push(source[i]);
	}
	function fixFlowSeqItems(fc) {
	    if (fc.start.type === 'flow-seq-start') {
	        for (const it of fc.items) {
	            if (it.sep &&
	                !it.value &&
	                !includesToken(it.start, 'explicit-key-ind') &&
	                !includesToken(it.sep, 'map-value-ind')) {
	                if (it.key)
	                    it.value = it.key;
	                delete it.key;
	                if (isFlowToken(it.value)) {
	                    if (it.value.end)
	                        arrayPushArray(it.value.end, it.sep);
	                    else
	                        it.value.end = it.sep;
	                }
	                else
	                    arrayPushArray(it.start, it.sep);
	                delete it.sep;
	            }
	        }
	    }
	}
	/**
	 * A YAML concrete syntax tree (CST) parser
	 *
	 * ```ts
	 * const src: string = ...
	 * for (const token of new Parser().parse(src)) {
	 *   // token: Token
	 * }
	 * ```
	 *
	 * To use the parser with a user-provided lexer:
	 *
	 * ```ts
	 * function* parse(source: string, lexer: Lexer) {
	 *   const parser = new Parser()
	 *   for (const lexeme of lexer.lex(source))
	 *     yield* parser.next(lexeme)
	 *   yield* parser.end()
	 * }
	 *
	 * const src: string = ...
	 * const lexer = new Lexer()
	 * for (const token of parse(src, lexer)) {
	 *   // token: Token
	 * }
	 * ```
	 */
	class Parser {
	    /**
	     * @param onNewLine - If defined, called separately with the start position of
	     *   each new line (in `parse()`, including the start of input).
	     */
	    constructor(onNewLine) {
	        /** If true, space and sequence indicators count as indentation */
	        this.atNewLine = true;
	        /** If true, next token is a scalar value */
	        this.atScalar = false;
	        /** Current indentation level */
	        this.indent = 0;
	        /** Current offset since the start of parsing */
	        this.offset = 0;
	        /** On the same line with a block map key */
	        this.onKeyLine = false;
	        /** Top indicates the node that's currently being built */
	        this.stack = [];
	        /** The source of the current token, set in parse() */
	        this.source = '';
	        /** The type of the current token, set in parse() */
	        this.type = '';
	        // Must be defined after `next()`
	        this.lexer = new lexer.Lexer();
	        this.onNewLine = onNewLine;
	    }
	    /**
	     * Parse `source` as a YAML stream.
	     * If `incomplete`, a part of the last line may be left as a buffer for the next call.
	     *
	     * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
	     *
	     * @returns A generator of tokens representing each directive, document, and other structure.
	     */
	    *parse(source, incomplete = false) {
	        if (this.onNewLine && this.offset === 0)
	            this.onNewLine(0);
	        for (const lexeme of this.lexer.lex(source, incomplete))
	            yield* this.next(lexeme);
	        if (!incomplete)
	            yield* this.end();
	    }
	    /**
	     * Advance the parser by the `source` of one lexical token.
	     */
	    *next(source) {
	        this.source = source;
	        if (node_process.env.LOG_TOKENS)
	            console.log('|', cst.prettyToken(source));
	        if (this.atScalar) {
	            this.atScalar = false;
	            yield* this.step();
	            this.offset += source.length;
	            return;
	        }
	        const type = cst.tokenType(source);
	        if (!type) {
	            const message = `Not a YAML token: ${source}`;
	            yield* this.pop({ type: 'error', offset: this.offset, message, source });
	            this.offset += source.length;
	        }
	        else if (type === 'scalar') {
	            this.atNewLine = false;
	            this.atScalar = true;
	            this.type = 'scalar';
	        }
	        else {
	            this.type = type;
	            yield* this.step();
	            switch (type) {
	                case 'newline':
	                    this.atNewLine = true;
	                    this.indent = 0;
	                    if (this.onNewLine)
	                        this.onNewLine(this.offset + source.length);
	                    break;
	                case 'space':
	                    if (this.atNewLine && source[0] === ' ')
	                        this.indent += source.length;
	                    break;
	                case 'explicit-key-ind':
	                case 'map-value-ind':
	                case 'seq-item-ind':
	                    if (this.atNewLine)
	                        this.indent += source.length;
	                    break;
	                case 'doc-mode':
	                case 'flow-error-end':
	                    return;
	                default:
	                    this.atNewLine = false;
	            }
	            this.offset += source.length;
	        }
	    }
	    /** Call at end of input to push out any remaining constructions */
	    *end() {
	        while (this.stack.length > 0)
	            yield* this.pop();
	    }
	    get sourceToken() {
	        const st = {
	            type: this.type,
	            offset: this.offset,
	            indent: this.indent,
	            source: this.source
	        };
	        return st;
	    }
	    *step() {
	        const top = this.peek(1);
	        if (this.type === 'doc-end' && top?.type !== 'doc-end') {
	            while (this.stack.length > 0)
	                yield* this.pop();
	            this.stack.push({
	                type: 'doc-end',
	                offset: this.offset,
	                source: this.source
	            });
	            return;
	        }
	        if (!top)
	            return yield* this.stream();
	        switch (top.type) {
	            case 'document':
	                return yield* this.document(top);
	            case 'alias':
	            case 'scalar':
	            case 'single-quoted-scalar':
	            case 'double-quoted-scalar':
	                return yield* this.scalar(top);
	            case 'block-scalar':
	                return yield* this.blockScalar(top);
	            case 'block-map':
	                return yield* this.blockMap(top);
	            case 'block-seq':
	                return yield* this.blockSequence(top);
	            case 'flow-collection':
	                return yield* this.flowCollection(top);
	            case 'doc-end':
	                return yield* this.documentEnd(top);
	        }
	        /* istanbul ignore next should not happen */
	        yield* this.pop();
	    }
	    peek(n) {
	        return this.stack[this.stack.length - n];
	    }
	    *pop(error) {
	        const token = error ?? this.stack.pop();
	        /* istanbul ignore if should not happen */
	        if (!token) {
	            const message = 'Tried to pop an empty stack';
	            yield { type: 'error', offset: this.offset, source: '', message };
	        }
	        else if (this.stack.length === 0) {
	            yield token;
	        }
	        else {
	            const top = this.peek(1);
	            if (token.type === 'block-scalar') {
	                // Block scalars use their parent rather than header indent
	                token.indent = 'indent' in top ? top.indent : 0;
	            }
	            else if (token.type === 'flow-collection' && top.type === 'document') {
	                // Ignore all indent for top-level flow collections
	                token.indent = 0;
	            }
	            if (token.type === 'flow-collection')
	                fixFlowSeqItems(token);
	            switch (top.type) {
	                case 'document':
	                    top.value = token;
	                    break;
	                case 'block-scalar':
	                    top.props.push(token); // error
	                    break;
	                case 'block-map': {
	                    const it = top.items[top.items.length - 1];
	                    if (it.value) {
	                        top.items.push({ start: [], key: token, sep: [] });
	                        this.onKeyLine = true;
	                        return;
	                    }
	                    else if (it.sep) {
	                        it.value = token;
	                    }
	                    else {
	                        Object.assign(it, { key: token, sep: [] });
	                        this.onKeyLine = !it.explicitKey;
	                        return;
	                    }
	                    break;
	                }
	                case 'block-seq': {
	                    const it = top.items[top.items.length - 1];
	                    if (it.value)
	                        top.items.push({ start: [], value: token });
	                    else
	                        it.value = token;
	                    break;
	                }
	                case 'flow-collection': {
	                    const it = top.items[top.items.length - 1];
	                    if (!it || it.value)
	                        top.items.push({ start: [], key: token, sep: [] });
	                    else if (it.sep)
	                        it.value = token;
	                    else
	                        Object.assign(it, { key: token, sep: [] });
	                    return;
	                }
	                /* istanbul ignore next should not happen */
	                default:
	                    yield* this.pop();
	                    yield* this.pop(token);
	            }
	            if ((top.type === 'document' ||
	                top.type === 'block-map' ||
	                top.type === 'block-seq') &&
	                (token.type === 'block-map' || token.type === 'block-seq')) {
	                const last = token.items[token.items.length - 1];
	                if (last &&
	                    !last.sep &&
	                    !last.value &&
	                    last.start.length > 0 &&
	                    findNonEmptyIndex(last.start) === -1 &&
	                    (token.indent === 0 ||
	                        last.start.every(st => st.type !== 'comment' || st.indent < token.indent))) {
	                    if (top.type === 'document')
	                        top.end = last.start;
	                    else
	                        top.items.push({ start: last.start });
	                    token.items.splice(-1, 1);
	                }
	            }
	        }
	    }
	    *stream() {
	        switch (this.type) {
	            case 'directive-line':
	                yield { type: 'directive', offset: this.offset, source: this.source };
	                return;
	            case 'byte-order-mark':
	            case 'space':
	            case 'comment':
	            case 'newline':
	                yield this.sourceToken;
	                return;
	            case 'doc-mode':
	            case 'doc-start': {
	                const doc = {
	                    type: 'document',
	                    offset: this.offset,
	                    start: []
	                };
	                if (this.type === 'doc-start')
	                    doc.start.push(this.sourceToken);
	                this.stack.push(doc);
	                return;
	            }
	        }
	        yield {
	            type: 'error',
	            offset: this.offset,
	            message: `Unexpected ${this.type} token in YAML stream`,
	            source: this.source
	        };
	    }
	    *document(doc) {
	        if (doc.value)
	            return yield* this.lineEnd(doc);
	        switch (this.type) {
	            case 'doc-start': {
	                if (findNonEmptyIndex(doc.start) !== -1) {
	                    yield* this.pop();
	                    yield* this.step();
	                }
	                else
	                    doc.start.push(this.sourceToken);
	                return;
	            }
	            case 'anchor':
	            case 'tag':
	            case 'space':
	            case 'comment':
	            case 'newline':
	                doc.start.push(this.sourceToken);
	                return;
	        }
	        const bv = this.startBlockValue(doc);
	        if (bv)
	            this.stack.push(bv);
	        else {
	            yield {
	                type: 'error',
	                offset: this.offset,
	                message: `Unexpected ${this.type} token in YAML document`,
	                source: this.source
	            };
	        }
	    }
	    *scalar(scalar) {
	        if (this.type === 'map-value-ind') {
	            const prev = getPrevProps(this.peek(2));
	            const start = getFirstKeyStartProps(prev);
	            let sep;
	            if (scalar.end) {
	                sep = scalar.end;
	                sep.push(this.sourceToken);
	                delete scalar.end;
	            }
	            else
	                sep = [this.sourceToken];
	            const map = {
	                type: 'block-map',
	                offset: scalar.offset,
	                indent: scalar.indent,
	                items: [{ start, key: scalar, sep }]
	            };
	            this.onKeyLine = true;
	            this.stack[this.stack.length - 1] = map;
	        }
	        else
	            yield* this.lineEnd(scalar);
	    }
	    *blockScalar(scalar) {
	        switch (this.type) {
	            case 'space':
	            case 'comment':
	            case 'newline':
	                scalar.props.push(this.sourceToken);
	                return;
	            case 'scalar':
	                scalar.source = this.source;
	                // block-scalar source includes trailing newline
	                this.atNewLine = true;
	                this.indent = 0;
	                if (this.onNewLine) {
	                    let nl = this.source.indexOf('\n') + 1;
	                    while (nl !== 0) {
	                        this.onNewLine(this.offset + nl);
	                        nl = this.source.indexOf('\n', nl) + 1;
	                    }
	                }
	                yield* this.pop();
	                break;
	            /* istanbul ignore next should not happen */
	            default:
	                yield* this.pop();
	                yield* this.step();
	        }
	    }
	    *blockMap(map) {
	        const it = map.items[map.items.length - 1];
	        // it.sep is true-ish if pair already has key or : separator
	        switch (this.type) {
	            case 'newline':
	                this.onKeyLine = false;
	                if (it.value) {
	                    const end = 'end' in it.value ? it.value.end : undefined;
	                    const last = Array.isArray(end) ? end[end.length - 1] : undefined;
	                    if (last?.type === 'comment')
	                        end?.push(this.sourceToken);
	                    else
	                        map.items.push({ start: [this.sourceToken] });
	                }
	                else if (it.sep) {
	                    it.sep.push(this.sourceToken);
	                }
	                else {
	                    it.start.push(this.sourceToken);
	                }
	                return;
	            case 'space':
	            case 'comment':
	                if (it.value) {
	                    map.items.push({ start: [this.sourceToken] });
	                }
	                else if (it.sep) {
	                    it.sep.push(this.sourceToken);
	                }
	                else {
	                    if (this.atIndentedComment(it.start, map.indent)) {
	                        const prev = map.items[map.items.length - 2];
	                        const end = prev?.value?.end;
	                        if (Array.isArray(end)) {
	                            arrayPushArray(end, it.start);
	                            end.push(this.sourceToken);
	                            map.items.pop();
	                            return;
	                        }
	                    }
	                    it.start.push(this.sourceToken);
	                }
	                return;
	        }
	        if (this.indent >= map.indent) {
	            const atMapIndent = !this.onKeyLine && this.indent === map.indent;
	            const atNextItem = atMapIndent &&
	                (it.sep || it.explicitKey) &&
	                this.type !== 'seq-item-ind';
	            // For empty nodes, assign newline-separated not indented empty tokens to following node
	            let start = [];
	            if (atNextItem && it.sep && !it.value) {
	                const nl = [];
	                for (let i = 0; i < it.sep.length; ++i) {
	                    const st = it.sep[i];
	                    switch (st.type) {
	                        case 'newline':
	                            nl.push(i);
	                            break;
	                        case 'space':
	                            break;
	                        case 'comment':
	                            if (st.indent > map.indent)
	                                nl.length = 0;
	                            break;
	                        default:
	                            nl.length = 0;
	                    }
	                }
	                if (nl.length >= 2)
	                    start = it.sep.splice(nl[1]);
	            }
	            switch (this.type) {
	                case 'anchor':
	                case 'tag':
	                    if (atNextItem || it.value) {
	                        start.push(this.sourceToken);
	                        map.items.push({ start });
	                        this.onKeyLine = true;
	                    }
	                    else if (it.sep) {
	                        it.sep.push(this.sourceToken);
	                    }
	                    else {
	                        it.start.push(this.sourceToken);
	                    }
	                    return;
	                case 'explicit-key-ind':
	                    if (!it.sep && !it.explicitKey) {
	                        it.start.push(this.sourceToken);
	                        it.explicitKey = true;
	                    }
	                    else if (atNextItem || it.value) {
	                        start.push(this.sourceToken);
	                        map.items.push({ start, explicitKey: true });
	                    }
	                    else {
	                        this.stack.push({
	                            type: 'block-map',
	                            offset: this.offset,
	                            indent: this.indent,
	                            items: [{ start: [this.sourceToken], explicitKey: true }]
	                        });
	                    }
	                    this.onKeyLine = true;
	                    return;
	                case 'map-value-ind':
	                    if (it.explicitKey) {
	                        if (!it.sep) {
	                            if (includesToken(it.start, 'newline')) {
	                                Object.assign(it, { key: null, sep: [this.sourceToken] });
	                            }
	                            else {
	                                const start = getFirstKeyStartProps(it.start);
	                                this.stack.push({
	                                    type: 'block-map',
	                                    offset: this.offset,
	                                    indent: this.indent,
	                                    items: [{ start, key: null, sep: [this.sourceToken] }]
	                                });
	                            }
	                        }
	                        else if (it.value) {
	                            map.items.push({ start: [], key: null, sep: [this.sourceToken] });
	                        }
	                        else if (includesToken(it.sep, 'map-value-ind')) {
	                            this.stack.push({
	                                type: 'block-map',
	                                offset: this.offset,
	                                indent: this.indent,
	                                items: [{ start, key: null, sep: [this.sourceToken] }]
	                            });
	                        }
	                        else if (isFlowToken(it.key) &&
	                            !includesToken(it.sep, 'newline')) {
	                            const start = getFirstKeyStartProps(it.start);
	                            const key = it.key;
	                            const sep = it.sep;
	                            sep.push(this.sourceToken);
	                            // @ts-expect-error type guard is wrong here
	                            delete it.key;
	                            // @ts-expect-error type guard is wrong here
	                            delete it.sep;
	                            this.stack.push({
	                                type: 'block-map',
	                                offset: this.offset,
	                                indent: this.indent,
	                                items: [{ start, key, sep }]
	                            });
	                        }
	                        else if (start.length > 0) {
	                            // Not actually at next item
	                            it.sep = it.sep.concat(start, this.sourceToken);
	                        }
	                        else {
	                            it.sep.push(this.sourceToken);
	                        }
	                    }
	                    else {
	                        if (!it.sep) {
	                            Object.assign(it, { key: null, sep: [this.sourceToken] });
	                        }
	                        else if (it.value || atNextItem) {
	                            map.items.push({ start, key: null, sep: [this.sourceToken] });
	                        }
	                        else if (includesToken(it.sep, 'map-value-ind')) {
	                            this.stack.push({
	                                type: 'block-map',
	                                offset: this.offset,
	                                indent: this.indent,
	                                items: [{ start: [], key: null, sep: [this.sourceToken] }]
	                            });
	                        }
	                        else {
	                            it.sep.push(this.sourceToken);
	                        }
	                    }
	                    this.onKeyLine = true;
	                    return;
	                case 'alias':
	                case 'scalar':
	                case 'single-quoted-scalar':
	                case 'double-quoted-scalar': {
	                    const fs = this.flowScalar(this.type);
	                    if (atNextItem || it.value) {
	                        map.items.push({ start, key: fs, sep: [] });
	                        this.onKeyLine = true;
	                    }
	                    else if (it.sep) {
	                        this.stack.push(fs);
	                    }
	                    else {
	                        Object.assign(it, { key: fs, sep: [] });
	                        this.onKeyLine = true;
	                    }
	                    return;
	                }
	                default: {
	                    const bv = this.startBlockValue(map);
	                    if (bv) {
	                        if (bv.type === 'block-seq') {
	                            if (!it.explicitKey &&
	                                it.sep &&
	                                !includesToken(it.sep, 'newline')) {
	                                yield* this.pop({
	                                    type: 'error',
	                                    offset: this.offset,
	                                    message: 'Unexpected block-seq-ind on same line with key',
	                                    source: this.source
	                                });
	                                return;
	                            }
	                        }
	                        else if (atMapIndent) {
	                            map.items.push({ start });
	                        }
	                        this.stack.push(bv);
	                        return;
	                    }
	                }
	            }
	        }
	        yield* this.pop();
	        yield* this.step();
	    }
	    *blockSequence(seq) {
	        const it = seq.items[seq.items.length - 1];
	        switch (this.type) {
	            case 'newline':
	                if (it.value) {
	                    const end = 'end' in it.value ? it.value.end : undefined;
	                    const last = Array.isArray(end) ? end[end.length - 1] : undefined;
	                    if (last?.type === 'comment')
	                        end?.push(this.sourceToken);
	                    else
	                        seq.items.push({ start: [this.sourceToken] });
	                }
	                else
	                    it.start.push(this.sourceToken);
	                return;
	            case 'space':
	            case 'comment':
	                if (it.value)
	                    seq.items.push({ start: [this.sourceToken] });
	                else {
	                    if (this.atIndentedComment(it.start, seq.indent)) {
	                        const prev = seq.items[seq.items.length - 2];
	                        const end = prev?.value?.end;
	                        if (Array.isArray(end)) {
	                            arrayPushArray(end, it.start);
	                            end.push(this.sourceToken);
	                            seq.items.pop();
	                            return;
	                        }
	                    }
	                    it.start.push(this.sourceToken);
	                }
	                return;
	            case 'anchor':
	            case 'tag':
	                if (it.value || this.indent <= seq.indent)
	                    break;
	                it.start.push(this.sourceToken);
	                return;
	            case 'seq-item-ind':
	                if (this.indent !== seq.indent)
	                    break;
	                if (it.value || includesToken(it.start, 'seq-item-ind'))
	                    seq.items.push({ start: [this.sourceToken] });
	                else
	                    it.start.push(this.sourceToken);
	                return;
	        }
	        if (this.indent > seq.indent) {
	            const bv = this.startBlockValue(seq);
	            if (bv) {
	                this.stack.push(bv);
	                return;
	            }
	        }
	        yield* this.pop();
	        yield* this.step();
	    }
	    *flowCollection(fc) {
	        const it = fc.items[fc.items.length - 1];
	        if (this.type === 'flow-error-end') {
	            let top;
	            do {
	                yield* this.pop();
	                top = this.peek(1);
	            } while (top?.type === 'flow-collection');
	        }
	        else if (fc.end.length === 0) {
	            switch (this.type) {
	                case 'comma':
	                case 'explicit-key-ind':
	                    if (!it || it.sep)
	                        fc.items.push({ start: [this.sourceToken] });
	                    else
	                        it.start.push(this.sourceToken);
	                    return;
	                case 'map-value-ind':
	                    if (!it || it.value)
	                        fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
	                    else if (it.sep)
	                        it.sep.push(this.sourceToken);
	                    else
	                        Object.assign(it, { key: null, sep: [this.sourceToken] });
	                    return;
	                case 'space':
	                case 'comment':
	                case 'newline':
	                case 'anchor':
	                case 'tag':
	                    if (!it || it.value)
	                        fc.items.push({ start: [this.sourceToken] });
	                    else if (it.sep)
	                        it.sep.push(this.sourceToken);
	                    else
	                        it.start.push(this.sourceToken);
	                    return;
	                case 'alias':
	                case 'scalar':
	                case 'single-quoted-scalar':
	                case 'double-quoted-scalar': {
	                    const fs = this.flowScalar(this.type);
	                    if (!it || it.value)
	                        fc.items.push({ start: [], key: fs, sep: [] });
	                    else if (it.sep)
	                        this.stack.push(fs);
	                    else
	                        Object.assign(it, { key: fs, sep: [] });
	                    return;
	                }
	                case 'flow-map-end':
	                case 'flow-seq-end':
	                    fc.end.push(this.sourceToken);
	                    return;
	            }
	            const bv = this.startBlockValue(fc);
	            /* istanbul ignore else should not happen */
	            if (bv)
	                this.stack.push(bv);
	            else {
	                yield* this.pop();
	                yield* this.step();
	            }
	        }
	        else {
	            const parent = this.peek(2);
	            if (parent.type === 'block-map' &&
	                ((this.type === 'map-value-ind' && parent.indent === fc.indent) ||
	                    (this.type === 'newline' &&
	                        !parent.items[parent.items.length - 1].sep))) {
	                yield* this.pop();
	                yield* this.step();
	            }
	            else if (this.type === 'map-value-ind' &&
	                parent.type !== 'flow-collection') {
	                const prev = getPrevProps(parent);
	                const start = getFirstKeyStartProps(prev);
	                fixFlowSeqItems(fc);
	                const sep = fc.end.splice(1, fc.end.length);
	                sep.push(this.sourceToken);
	                const map = {
	                    type: 'block-map',
	                    offset: fc.offset,
	                    indent: fc.indent,
	                    items: [{ start, key: fc, sep }]
	                };
	                this.onKeyLine = true;
	                this.stack[this.stack.length - 1] = map;
	            }
	            else {
	                yield* this.lineEnd(fc);
	            }
	        }
	    }
	    flowScalar(type) {
	        if (this.onNewLine) {
	            let nl = this.source.indexOf('\n') + 1;
	            while (nl !== 0) {
	                this.onNewLine(this.offset + nl);
	                nl = this.source.indexOf('\n', nl) + 1;
	            }
	        }
	        return {
	            type,
	            offset: this.offset,
	            indent: this.indent,
	            source: this.source
	        };
	    }
	    startBlockValue(parent) {
	        switch (this.type) {
	            case 'alias':
	            case 'scalar':
	            case 'single-quoted-scalar':
	            case 'double-quoted-scalar':
	                return this.flowScalar(this.type);
	            case 'block-scalar-header':
	                return {
	                    type: 'block-scalar',
	                    offset: this.offset,
	                    indent: this.indent,
	                    props: [this.sourceToken],
	                    source: ''
	                };
	            case 'flow-map-start':
	            case 'flow-seq-start':
	                return {
	                    type: 'flow-collection',
	                    offset: this.offset,
	                    indent: this.indent,
	                    start: this.sourceToken,
	                    items: [],
	                    end: []
	                };
	            case 'seq-item-ind':
	                return {
	                    type: 'block-seq',
	                    offset: this.offset,
	                    indent: this.indent,
	                    items: [{ start: [this.sourceToken] }]
	                };
	            case 'explicit-key-ind': {
	                this.onKeyLine = true;
	                const prev = getPrevProps(parent);
	                const start = getFirstKeyStartProps(prev);
	                start.push(this.sourceToken);
	                return {
	                    type: 'block-map',
	                    offset: this.offset,
	                    indent: this.indent,
	                    items: [{ start, explicitKey: true }]
	                };
	            }
	            case 'map-value-ind': {
	                this.onKeyLine = true;
	                const prev = getPrevProps(parent);
	                const start = getFirstKeyStartProps(prev);
	                return {
	                    type: 'block-map',
	                    offset: this.offset,
	                    indent: this.indent,
	                    items: [{ start, key: null, sep: [this.sourceToken] }]
	                };
	            }
	        }
	        return null;
	    }
	    atIndentedComment(start, indent) {
	        if (this.type !== 'comment')
	            return false;
	        if (this.indent <= indent)
	            return false;
	        return start.every(st => st.type === 'newline' || st.type === 'space');
	    }
	    *documentEnd(docEnd) {
	        if (this.type !== 'doc-mode') {
	            if (docEnd.end)
	                docEnd.end.push(this.sourceToken);
	            else
	                docEnd.end = [this.sourceToken];
	            if (this.type === 'newline')
	                yield* this.pop();
	        }
	    }
	    *lineEnd(token) {
	        switch (this.type) {
	            case 'comma':
	            case 'doc-start':
	            case 'doc-end':
	            case 'flow-seq-end':
	            case 'flow-map-end':
	            case 'map-value-ind':
	                yield* this.pop();
	                yield* this.step();
	                break;
	            case 'newline':
	                this.onKeyLine = false;
	            // fallthrough
	            case 'space':
	            case 'comment':
	            default:
	                // all other values are errors
	                if (token.end)
	                    token.end.push(this.sourceToken);
	                else
	                    token.end = [this.sourceToken];
	                if (this.type === 'newline')
	                    yield* this.pop();
	        }
	    }
	}

	parser.Parser = Parser;
	return parser;
}

var publicApi = {};

var hasRequiredPublicApi;

function requirePublicApi () {
	if (hasRequiredPublicApi) return publicApi;
	hasRequiredPublicApi = 1;

	var composer = requireComposer();
	var Document = requireDocument();
	var errors = requireErrors();
	var log = requireLog();
	var identity = requireIdentity();
	var lineCounter = requireLineCounter();
	var parser = requireParser();

	function parseOptions(options) {
	    const prettyErrors = options.prettyErrors !== false;
	    const lineCounter$1 = options.lineCounter || (prettyErrors && new lineCounter.LineCounter()) || null;
	    return { lineCounter: lineCounter$1, prettyErrors };
	}
	/**
	 * Parse the input as a stream of YAML documents.
	 *
	 * Documents should be separated from each other by `...` or `---` marker lines.
	 *
	 * @returns If an empty `docs` array is returned, it will be of type
	 *   EmptyStream and contain additional stream information. In
	 *   TypeScript, you should use `'empty' in docs` as a type guard for it.
	 */
	function parseAllDocuments(source, options = {}) {
	    const { lineCounter, prettyErrors } = parseOptions(options);
	    const parser$1 = new parser.Parser(lineCounter?.addNewLine);
	    const composer$1 = new composer.Composer(options);
	    const docs = Array.from(composer$1.compose(parser$1.parse(source)));
	    if (prettyErrors && lineCounter)
	        for (const doc of docs) {
	            doc.errors.forEach(errors.prettifyError(source, lineCounter));
	            doc.warnings.forEach(errors.prettifyError(source, lineCounter));
	        }
	    if (docs.length > 0)
	        return docs;
	    return Object.assign([], { empty: true }, composer$1.streamInfo());
	}
	/** Parse an input string into a single YAML.Document */
	function parseDocument(source, options = {}) {
	    const { lineCounter, prettyErrors } = parseOptions(options);
	    const parser$1 = new parser.Parser(lineCounter?.addNewLine);
	    const composer$1 = new composer.Composer(options);
	    // `doc` is always set by compose.end(true) at the very latest
	    let doc = null;
	    for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
	        if (!doc)
	            doc = _doc;
	        else if (doc.options.logLevel !== 'silent') {
	            doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
	            break;
	        }
	    }
	    if (prettyErrors && lineCounter) {
	        doc.errors.forEach(errors.prettifyError(source, lineCounter));
	        doc.warnings.forEach(errors.prettifyError(source, lineCounter));
	    }
	    return doc;
	}
	function parse(src, reviver, options) {
	    let _reviver = undefined;
	    if (typeof reviver === 'function') {
	        _reviver = reviver;
	    }
	    else if (options === undefined && reviver && typeof reviver === 'object') {
	        options = reviver;
	    }
	    const doc = parseDocument(src, options);
	    if (!doc)
	        return null;
	    doc.warnings.forEach(warning => log.warn(doc.options.logLevel, warning));
	    if (doc.errors.length > 0) {
	        if (doc.options.logLevel !== 'silent')
	            throw doc.errors[0];
	        else
	            doc.errors = [];
	    }
	    return doc.toJS(Object.assign({ reviver: _reviver }, options));
	}
	function stringify(value, replacer, options) {
	    let _replacer = null;
	    if (typeof replacer === 'function' || Array.isArray(replacer)) {
	        _replacer = replacer;
	    }
	    else if (options === undefined && replacer) {
	        options = replacer;
	    }
	    if (typeof options === 'string')
	        options = options.length;
	    if (typeof options === 'number') {
	        const indent = Math.round(options);
	        options = indent < 1 ? undefined : indent > 8 ? { indent: 8 } : { indent };
	    }
	    if (value === undefined) {
	        const { keepUndefined } = options ?? replacer ?? {};
	        if (!keepUndefined)
	            return undefined;
	    }
	    if (identity.isDocument(value) && !_replacer)
	        return value.toString(options);
	    return new Document.Document(value, _replacer, options).toString(options);
	}

	publicApi.parse = parse;
	publicApi.parseAllDocuments = parseAllDocuments;
	publicApi.parseDocument = parseDocument;
	publicApi.stringify = stringify;
	return publicApi;
}

var hasRequiredDist;

function requireDist () {
	if (hasRequiredDist) return dist;
	hasRequiredDist = 1;

	var composer = requireComposer();
	var Document = requireDocument();
	var Schema = requireSchema();
	var errors = requireErrors();
	var Alias = requireAlias();
	var identity = requireIdentity();
	var Pair = requirePair();
	var Scalar = requireScalar();
	var YAMLMap = requireYAMLMap();
	var YAMLSeq = requireYAMLSeq();
	var cst = requireCst();
	var lexer = requireLexer();
	var lineCounter = requireLineCounter();
	var parser = requireParser();
	var publicApi = requirePublicApi();
	var visit = requireVisit();



	dist.Composer = composer.Composer;
	dist.Document = Document.Document;
	dist.Schema = Schema.Schema;
	dist.YAMLError = errors.YAMLError;
	dist.YAMLParseError = errors.YAMLParseError;
	dist.YAMLWarning = errors.YAMLWarning;
	dist.Alias = Alias.Alias;
	dist.isAlias = identity.isAlias;
	dist.isCollection = identity.isCollection;
	dist.isDocument = identity.isDocument;
	dist.isMap = identity.isMap;
	dist.isNode = identity.isNode;
	dist.isPair = identity.isPair;
	dist.isScalar = identity.isScalar;
	dist.isSeq = identity.isSeq;
	dist.Pair = Pair.Pair;
	dist.Scalar = Scalar.Scalar;
	dist.YAMLMap = YAMLMap.YAMLMap;
	dist.YAMLSeq = YAMLSeq.YAMLSeq;
	dist.CST = cst;
	dist.Lexer = lexer.Lexer;
	dist.LineCounter = lineCounter.LineCounter;
	dist.Parser = parser.Parser;
	dist.parse = publicApi.parse;
	dist.parseAllDocuments = publicApi.parseAllDocuments;
	dist.parseDocument = publicApi.parseDocument;
	dist.stringify = publicApi.stringify;
	dist.visit = visit.visit;
	dist.visitAsync = visit.visitAsync;
	return dist;
}

var distExports = requireDist();

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
    return (await stat(path)).isFile();
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
    text = await readFile(file, "utf8");
  } catch (error) {
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
  constructor(message) {
    super(message, EXIT.usage);
  }
}
function preflight(config, cwd, options = {}) {
  const paths = resolvePaths(config, cwd);
  const problems = [];
  if (options.promptFile !== false) {
    try {
      if (!statSync(paths.promptFile).isFile())
        problems.push(`prompt file ${paths.promptFile} is not a file`);
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
  if (problems.length > 0) throw new PreflightError(problems.join("\n"));
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
  return parseEpochSuffix(text) ?? parseResetField(text, nowMs) ?? parseIsoTimestamp(text) ?? parseRetryAfter(text, nowMs) ?? parseRelative(text, nowMs) ?? parseWallClock(text, nowMs, defaultZone);
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
  /\busage_limit_reached\b|\brate_limit_exceeded\b|\brate_limit_error\b/i
];
const FIRM_API_LIMIT_TEXTS = [
  /Request rejected \(429\)/i,
  /\brate[ _-]?limit(?:ed)?\s*:\s*too many requests/i,
  /\b429 Too Many Requests\b|"code":\s*429\b|(?:status|status code|error_status)[:=]?\s*"?429\b|\(429\)|\b429\b[^\n]{0,20}retry-after/i,
  /\bRESOURCE_EXHAUSTED\b/,
  /\bquota (?:exceeded|exhausted)\b|\bexhausted your (?:capacity|quota)\b/i
];
const API_LIMIT_TEXTS = [
  /\b429\b/,
  /too many requests/i,
  /\brate[ _-]?limit(?:ed|s)?\b/i,
  /\bquota\b/i
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
  const tries = [
    ["usage_text", USAGE_LIMIT_TEXTS],
    ["api_status", FIRM_API_LIMIT_TEXTS]
  ];
  if (options.apiTexts) tries.push(["api_status", API_LIMIT_TEXTS]);
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
        if (hasContent(message)) s.modelOutput = true;
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
    model_output: s.modelOutput || succeeded && (resultText ?? "").trim() !== "" || // A cut tail that shows nothing either way: the model's output may lie before the window.
    !complete && result === null && s.assistantError === null && s.retry === null,
    notice: s.plainText.at(-1) ?? null,
    metrics: {
      ...result === null ? emptyMetrics() : metricsOf$3(result),
      model: s.initModel ?? s.model
    }
  };
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
const TYPE_HEAD$1 = /^\s*\{"type":"([a-z_.]+)"/;
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
      let type = TYPE_HEAD$1.exec(line.length > 64 ? line.slice(0, 64) : line)?.[1] ?? null;
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
    model_output: s.modelOutput || !complete && s.result === null && s.errors.length === 0,
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

const TYPE_HEAD = /^\s*\{"type":"([a-z_]+)"/;
function lineType(line) {
  const head = TYPE_HEAD.exec(line.length > 64 ? line.slice(0, 64) : line)?.[1];
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

const FAILURE_LINES = 8;
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
    const rate_limit = limitFromText(lastChars(text, TEXT_WINDOW_CHARS), "output", options);
    return {
      final: false,
      is_error: null,
      result_text: lastLine === null ? null : truncate(lastLine, RESULT_TEXT_CHARS),
      rate_limit,
      failure: rate_limit === null ? failureOf(text, options.exit) : null,
      model_output: null,
      notice: lastLine,
      metrics: emptyMetrics()
    };
  }
};
function failureOf(text, exit) {
  if (exit === void 0 || exit.signal !== null || exit.code === null || exit.code === 0) return null;
  const { lines } = lastLines(text.trimEnd(), FAILURE_LINES);
  const last = lines.map((l) => l.trim()).filter((l) => l !== "");
  return failureFromText(last.join("\n"), "stderr") ?? crashFailure(last, exit);
}

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
    const usable = process.getuid?.() === 0 ? fs.bfree : fs.bavail;
    return fs.blocks > 0 && usable === 0;
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

async function gitCode(cwd, args) {
  return runGit(cwd, args, 1e4).catch(() => ({ code: -1, stdout: "" }));
}
async function gitRefs(cwd) {
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
  const handle = await open(path, "r");
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
    file = ctx.work?.promptText ?? await readFile(paths.promptFile, "utf8");
  } catch (error) {
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
        ctx.log("info", { status: "session_running", pid: pgid, output: basename(transcript) });
      },
      onGrowth: (bytes) => status.postThrottled({ output_bytes: bytes }),
      onEscaped: (escaped) => status.post({ agent_escaped: escaped }),
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
  const scan = await scanTranscript(record.transcript, {
    patterns: ctx.commitPatterns,
    agentText: ctx.adapter.agentText,
    toolCalls: ctx.adapter.toolCalls,
    turnShape: ctx.adapter.turnShape
  });
  if (record.verdict.metrics.tool_calls === null && scan.toolCalls !== null) {
    record.verdict.metrics.tool_calls = scan.toolCalls;
  }
  record.verdict.metrics = withTurnShape(record.verdict.metrics, scan.turns, ctx.adapter.reportsTurns);
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
   * Writes are serialised so an older document can never land after a newer one. The returned promise rejects
   * when this write fails (a HarnessFileError naming the file); the failure also goes to the fault latch.
   */
  set(change) {
    this.doc = { ...this.doc, ...change, last_update: isoSeconds(this.clock.now()) };
    const snapshot = this.doc;
    this.lastWrite = this.clock.now();
    const write = this.chain.then(() => writeStatus(this.path, snapshot));
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
  await record(() => status.set({ state: "stopped", stop_reason: end.reason, agent_pgid: null }));
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
  const end = error instanceof HarnessFileError ? { reason: "write_failed", exitCode: EXIT.writeFailed, error: error.message } : error instanceof LoopError ? { reason: error.reason, exitCode: error.exitCode, error: error.message } : null;
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

const HARNESS_IDENTITY = { name: "agent-harness", email: "agent-harness@localhost" };
function checkRevision(rev) {
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
  checkRevision(base);
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
  checkRevision(base);
  const out = await git(cwd, ["diff", "--name-only", base, "--", ...userFiles(harness)]);
  return out.split("\n").filter((line) => line !== "");
}
async function unstage(cwd, pathspecs) {
  if (await headCommit(cwd) !== null) await git(cwd, ["reset", "-q", "HEAD", "--", ...pathspecs]);
  else await git(cwd, ["rm", "-r", "-q", "--cached", "--ignore-unmatch", "--", ...pathspecs]);
}
async function configValue(cwd, key) {
  const result = await runGit(cwd, ["config", "--get", key]);
  return result.code === 0 ? result.stdout.trim() : "";
}
async function commitAll(cwd, message, harness = NO_HARNESS_FILES) {
  await git(cwd, ["add", "-A", "--", ":/"]);
  if (harness.pathspecs.length > 0) await unstage(cwd, harness.pathspecs);
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
async function rollback(cwd, base, harness = NO_HARNESS_FILES) {
  checkRevision(base);
  const restore = [
    "restore",
    "-q",
    `--source=${base}`,
    "--staged",
    "--worktree",
    "--",
    ...userFiles(harness)
  ];
  const restored = await runGit(cwd, restore);
  if (restored.code !== 0 && !/did not match any file/.test(restored.stderr)) {
    throw gitFailure(cwd, restore, restored);
  }
  await git(cwd, ["reset", "-q", "--soft", base]);
  if (harness.pathspecs.length > 0) await git(cwd, ["reset", "-q", base, "--", ...harness.pathspecs]);
  await git(cwd, ["clean", "-fdq", ...harness.ignorePatterns.flatMap((p) => ["-e", p])]);
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
    current = await readFile(path, "utf8");
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
    checkRevision(base);
    await git(cwd, ["update-ref", ref, base]);
    recreated = ` (it had been deleted; made again at ${base.slice(0, 7)})`;
  }
  await git(cwd, ["symbolic-ref", "HEAD", ref]);
  await git(cwd, ["reset", "-q"]);
  return `agent left branch ${branch} (HEAD was ${where}); back on ${branch}${recreated}, working tree kept`;
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
    return readFileSync(path, "utf8");
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
    return parseOwner(await readFile(join(dir, "owner"), "utf8"));
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
    text = await readFile(join(dir, "pid"), "utf8");
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
    await appendFile(this.path, `${line}
`);
  }
  /** The last `n` lines (without newlines), oldest first; [] when the log does not exist. */
  async tail(n, blockSize = 64 * 1024) {
    if (n <= 0) return [];
    let handle;
    try {
      handle = await open(this.path, "r");
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
function rollbackMessage(hash) {
  return `git reset --hard ${shortHash(hash)}`;
}
function lockAcquired(pid) {
  return `acquired (pid=${pid})`;
}
function lockReleased() {
  return "released";
}

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
  const uncommitted = await hasUncommittedChanges(cwd, harness);
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
      if (action.kind === "commit_then_validate") await commitAll(cwd, commitMessage, harness);
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
        const commit = action.kind === "validate_with_uncommitted" ? await commitAll(cwd, commitMessage, harness) : null;
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
      await rollback(cwd, base, harness);
      log({ type: "ROLLBACK", message: `[${id}] git reset --hard ${base} && git clean -fd` });
      recovery("mark_failed", `validation ${outcome.result}; rolled back to ${base}`);
      const result = failed(category, outcome.message, attempts);
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
  constructor(file, session, lock, progress, options, git) {
    this.file = file;
    this.session = session;
    this.lock = lock;
    this.progress = progress;
    this.options = options;
    this.git = git;
  }
  file;
  session;
  lock;
  progress;
  options;
  git;
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
      const git = await TaskSession.harnessView(options, lock.dir);
      const self = new TaskSession(file, session, lock, progress, options, git);
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
        const recovered = await recoverInterruptedTask(task, {
          cwd: options.cwd,
          env: options.env,
          ...self.containment(),
          now: () => self.now(),
          harness: git,
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
        await options.emit({ event: "task_recovered", task_id: task.id, outcome: recovered.outcome });
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
   * The harness's files as git sees them; outside a repository, none (the protocol's git steps then fail on
   * their own). The untracked ones also go into the repository's local exclude file, so the agent's own
   * `git add -A` and `git clean -fd` leave them alone too.
   */
  static async harnessView(options, lockDir) {
    let prefix;
    try {
      prefix = await repoPrefix(options.cwd);
    } catch {
      return NO_HARNESS_FILES;
    }
    const view = harnessGitView(harnessFiles(options.paths, { lockDir }), options.cwd, prefix);
    await excludeLocally(options.cwd, view.ignorePatterns).catch(
      (error) => options.log("warn", { git_exclude: `could not update the local exclude file: ${error.message}` })
    );
    return view;
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
      await this.options.emit({ event: "task_started", task_id: next.id, attempt: next.attempts + 1, base });
      this.current = { task: claimed, previous: next };
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
      const commit = await commitAll(cwd, `${task.id}: ${task.title} (work left uncommitted by the agent)`, this.git) ?? await headCommit(cwd);
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
      await this.fail(task, outcome.category ?? "TEST_FAIL", outcome.message, lastValidation);
      if (outcome.category === "ENV_SETUP") return { stop: "env_setup", exitCode: EXIT.taskEnvironment };
    }
    this.tasksThisSession++;
    if (this.tasksThisSession >= this.file.session_config.max_tasks_per_session) {
      return { stop: "max_tasks_per_session" };
    }
    return null;
  }
  async fail(task, category, message, lastValidation) {
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
    } else {
      await rollback(cwd, base, this.git);
      await this.note({ type: "ROLLBACK", taskId: task.id, message: rollbackMessage(base) });
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
        const { task, previous } = this.current;
        await this.backOnBranch(task);
        const untouched = await headCommit(this.options.cwd) === task.started_at_commit && !await hasUncommittedChanges(this.options.cwd, this.git);
        if (untouched) {
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
    key: context.sha256 !== null ? `sha256:${context.sha256}` : `run:${context.run}:${event.global}`,
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

const DAY_MS = 24 * 60 * 60 * 1e3;
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

function openSessionRecorder(input) {
  const { config, paths, run, clock, logger } = input;
  if (paths.metricsDb === null) return null;
  if (sqliteModule() === null) {
    logger.log("warn", {
      metrics: "off",
      why: `this Node (${process.version}) has no node:sqlite; sessions are not recorded (Node >= 22.13 has it)`
    });
    return null;
  }
  const store = MetricsStore.open(paths.metricsDb);
  const record = async (event) => {
    const sha256 = event.output_bytes > 0 ? await sha256File(event.output_file).catch(() => null) : null;
    const facts = loopFacts(event, { sha256, run, format: config.agent.format, endedAtMs: clock.now() });
    store.record(facts, "loop", { path: event.output_file, bytes: event.output_bytes });
  };
  const retain = async () => {
    if (!retentionEnabled(config.storage)) return;
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
    close: () => store.close()
  };
  async function safely(event, what, work) {
    try {
      await work();
    } catch (error) {
      logger.log("warn", {
        metrics: what,
        global: event.global,
        error: error instanceof Error ? error.message : String(error),
        ...what === "not_recorded" ? {
          fix: "the event log keeps the session; `agent-harness metrics ingest` records its transcript later"
        } : {}
      });
    }
  }
}

async function runHarness(options) {
  const { config, cwd, clock, spawn, stop } = options;
  preflight(config, cwd, { promptFile: options.driver === void 0, self: options.self !== void 0 });
  const paths = resolvePaths(config, cwd);
  const cookie = newCookie();
  const lock = await acquireInstanceLock(paths.lock, { cookie, workDir: cwd });
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
    const opened = await openContainment({
      cookie,
      env: options.env,
      clock,
      graceMs: config.watchdog.kill_grace_secs * 1e3
    });
    containment = opened.run;
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
      signal: stop.interrupt
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
function readText(path) {
  try {
    return { text: readFileSync(path, "utf8") };
  } catch (error) {
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
  task_id: string$1().min(1),
  prompt: string$1(),
  constraints: object({
    max_iterations: number().int().positive(),
    timeout_seconds: number().positive(),
    allowed_paths: array(string$1().min(1)).min(1)
  }),
  created_at: isoString
});
const workerStateSchema = looseObject({
  status: _enum(WORKER_STATUSES),
  iteration: count,
  started_at: isoString.nullable(),
  updated_at: isoString,
  termination_reason: _enum(TERMINATION_REASONS).nullable(),
  error: object({ kind: string$1(), message: string$1() }).nullable().default(null),
  elapsed_ms: count.default(0),
  security_violations: count.default(0)
});
const taskFile = (dir, name) => join(dir, TASK_FILES[name]);
function readJson(path, what) {
  const read = readText(path);
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
function readPending(dir) {
  const read = readText(taskFile(dir, "pending"));
  if (!("text" in read)) return null;
  try {
    const value = JSON.parse(read.text);
    if (value === null || !Number.isSafeInteger(value.iteration) || typeof value.llm_response !== "object" || !Array.isArray(value.results))
      return null;
    return value;
  } catch {
    return null;
  }
}
function removePending(dir) {
  removeFileNamed(taskFile(dir, "pending"));
}
function readActionLog(dir) {
  const read = readText(taskFile(dir, "actions"));
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

export { readActionLog as A, readPending as B, removePending as C, WORKER_SETTINGS_ENV as D, exitForError as E, WORKER_TASK_ENV as F, WORKER_DENIED_ENV as G, readHeartbeat as H, INIT_SCRIPT as I, workerDenied as J, configJsonSchema as K, LlmError as L, runHarness as M, NO_USAGE as N, LLM_FAILURE_KINDS as O, ProgressLog as P, HARNESS_IDENTITY as Q, repoPrefix as R, StopController as S, TASK_FILES as T, closestMatch as U, addSpend as V, WorkerStateError as W, NO_SPEND as X, spendOf as Y, runShell as Z, excludeLocally as _, acquireLock as a, lockDirFor as b, checkpointMessage as c, readyTasks as d, loadConfig as e, adapterFor as f, classifyOutcome as g, createLineScan as h, installSignalHandlers as i, lineSplitter as j, compilePattern as k, leafKeyPaths as l, renderPrompt as m, nextTaskId as n, writeState as o, pendingState as p, writePending as q, readLockPid as r, readState as s, taskFile as t, writeHeartbeat as u, validateDependencies as v, withTurnShape as w, appendActionLine as x, readTask as y, adoptTaskDefinition as z };
