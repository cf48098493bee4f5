import { readFileSync, readdirSync, readlinkSync, writeFileSync, renameSync, unlinkSync, realpathSync, createReadStream, createWriteStream, accessSync, constants, statSync, existsSync, rmdirSync, mkdirSync, lstatSync } from 'node:fs';
import { open as open$2, readdir, unlink, rename, readFile, mkdir, writeFile, link, stat, mkdtemp, rm, appendFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { H as HarnessError, E as EXIT, L as LoopError } from './exit-codes-CXhDj5n2.js';
import { join, dirname, basename, sep, isAbsolute, resolve, delimiter, posix, relative } from 'node:path';
import { randomBytes, createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { execFile, spawnSync } from 'node:child_process';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';

const BARE_WORD = /^[A-Za-z_][\w./:@+-]*$/;
function valueOf(line) {
  const at = line.indexOf("=");
  if (at < 0) return void 0;
  return line.slice(at + 1).replace(/\s+#.*$/, "").trim();
}
function tomlSyntaxHint(reason, line = "") {
  const text = line.trim();
  if (text.startsWith("[") && !/^\[\[?[^\]]*\]\]?\s*(#.*)?$/.test(text))
    return "check the table header: a section is named on a line of its own, like [agent] or [watchdog]";
  if (/redefine/.test(reason))
    return "each key and each [section] may appear once in a file: remove or merge the repeated one";
  if (/unfinished string|control characters are not allowed in strings/.test(reason))
    return `close the string with the quote it opened with, on the same line (''' or """ start a multi-line string)`;
  if (/illegal character in key|unexpected end of key|empty bare key|end-of-line/.test(reason))
    return 'write one setting per line as key = value, with strings in quotes (command = "claude")';
  if (/unfinished array|expected comma/.test(reason))
    return 'separate the items with commas and close the list with ] (args = ["-p", "{prompt}"])';
  if (/invalid value/.test(reason)) {
    const value = valueOf(text);
    if (value !== void 0 && BARE_WORD.test(value) && !/^(true|false|inf|nan)$/.test(value)) {
      const key = text.slice(0, text.indexOf("=")).trim();
      return `strings need quotes: ${key} = "${value}"`;
    }
    return `strings need quotes ("text" or 'text'), also inside lists (args = ["-p", "{prompt}"]); numbers and true/false do not`;
  }
  return "see https://toml.io for the syntax of this line";
}
function unquotedPlaceholder(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return void 0;
  const entries = Object.entries(value);
  if (entries.length !== 1 || entries[0][1] !== null) return void 0;
  return `{${entries[0][0]}}`;
}

const MAX_VALUE_CHARS = 60;
function formatValue$1(value) {
  let text;
  if (value === void 0) text = "nothing";
  else if (typeof value === "number" && !Number.isFinite(value)) text = String(value);
  else if (typeof value === "bigint") text = value.toString();
  else {
    try {
      text = JSON.stringify(value, (_key, v) => typeof v === "bigint" ? v.toString() : v) ?? unserializable(value);
    } catch {
      text = unserializable(value);
    }
  }
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}\u2026` : text;
}
function unserializable(value) {
  if (typeof value === "symbol") return value.toString();
  if (typeof value === "function") return "a function";
  return "a circular value";
}
function valueAt(data, path) {
  let node = data;
  for (const key of path) {
    if (typeof node !== "object" || node === null) return void 0;
    node = node[key];
  }
  return node;
}
function formatKeyPath(segments) {
  let out = "";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else {
      const key = String(segment);
      out += /^[A-Za-z_][\w-]*$/.test(key) ? `${out ? "." : ""}${key}` : `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}
const didYouMean = (suggestion) => suggestion === void 0 ? "" : ` (did you mean "${suggestion}"?)`;
function mismatchProblem(source, path, expected, value, suggestion) {
  const found = formatValue$1(value);
  const placeholder = unquotedPlaceholder(value);
  const quote = placeholder === void 0 || !expected.includes("string") ? "" : ` (YAML reads an unquoted ${placeholder} as a mapping: quote it, "${placeholder}")`;
  return {
    source,
    path,
    expected,
    found,
    message: `expected ${expected}, found ${found}${didYouMean(suggestion)}${quote}`,
    ...suggestion === void 0 ? {} : { suggestion }
  };
}
function unknownKeyProblem(source, path, validKeys, suggestion, what = "key") {
  const hint = suggestion !== void 0 ? didYouMean(suggestion) : validKeys.length ? ` (valid ${what}s: ${validKeys.join(", ")})` : "";
  return {
    source,
    path,
    message: `unknown ${what}${hint}`,
    ...suggestion === void 0 ? {} : { suggestion }
  };
}
function formatProblem(p) {
  const position = p.line === void 0 ? "" : `:${p.line}${p.column === void 0 ? "" : `:${p.column}`}`;
  const location = `${p.source}${position}: ${p.path ? `${p.path}: ` : ""}`;
  return `${location}${p.message}`.replace(/\s*\n\s*/g, " ");
}
class ConfigError extends HarnessError {
  name = "ConfigError";
  problems;
  constructor(problems) {
    super(problems.map(formatProblem).join("\n"), EXIT.usage);
    this.problems = Object.freeze([...problems]);
  }
}

function getEnumValues(entries) {
    const numericValues = Object.values(entries).filter((v) => typeof v === "number");
    const values = Object.entries(entries)
        .filter(([k, _]) => numericValues.indexOf(+k) === -1)
        .map(([_, v]) => v);
    return values;
}
function joinValues(array, separator = "|") {
    return array.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
    if (typeof value === "bigint")
        return value.toString();
    return value;
}
// the accessor lives on a shared prototype: an own accessor makes every box a dictionary-mode object (~360 B and a slow load per read against ~100 B and an inlined getter here)
class Cached {
    constructor(getter) {
        this._getter = getter;
        this._value = undefined;
    }
    get value() {
        const getter = this._getter;
        if (getter !== undefined) {
            this._value = getter();
            this._getter = undefined;
        }
        return this._value;
    }
}
function cached(getter) {
    return new Cached(getter);
}
function nullish(input) {
    return input === null || input === undefined;
}
function cleanRegex(source) {
    const start = source.startsWith("^") ? 1 : 0;
    const end = source.endsWith("$") ? source.length - 1 : source.length;
    return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
    const ratio = val / step;
    const roundedRatio = Math.round(ratio);
    // `val` and `step` each round to a double before the division rounds again, so a true decimal multiple's quotient can sit up to 1.5 of these scaled epsilons from the integer. A 1x tolerance therefore rejected 2.03 as a multiple of 0.07; 4x covers the worst case with margin.
    const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
    if (Math.abs(ratio - roundedRatio) < tolerance)
        return 0;
    return ratio - roundedRatio;
}
function assignProp(target, prop, value) {
    Object.defineProperty(target, prop, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
    });
}
/**
 * Whichever object a def's `shape` currently answers from: the one the caller passed until the first read, the frozen copy after it.
 *
 * Its keys and descriptors read without invoking anything, which is what lets a discriminated union check its discriminator, and the cycle walk read a shape, without resolving a getter that references the schema being constructed. A def that answers `shape` from an accessor of its own has none.
 */
function rawShape(def) {
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    return desc?.get ? desc.get.raw : desc?.value;
}
// where a builder reads its source's keys and descriptors, resolving only a shape a def answers for itself. A shape resolves by object spread, so only its enumerable keys are ever part of it.
function sourceShape(schema) {
    return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
// a key whose value is not settled yet, self-caching so every read after the first gets the same one
function deferProp(target, key, getter) {
    Object.defineProperty(target, key, {
        get() {
            const value = getter();
            assignProp(this, key, value);
            return value;
        },
        enumerable: true,
        configurable: true,
    });
}
// Writes a settled key. A plain assignment is much cheaper than `defineProperty` and produces the same descriptor, but it runs whatever setter already answers to the key — an accessor this shape deferred, or an inherited one, which `__proto__` has on every object and prototype pollution can add for any name.
function putProp(target, key, value) {
    if (key in target)
        assignProp(target, key, value);
    else
        target[key] = value;
}
/**
 * Copies `keys` of `source`'s shape onto `target`, each value passed through `wrap`.
 *
 * A key the source has resolved is copied through now, so the derived shape states it outright and nothing has to resolve it to learn what it holds. A key the source still defers stays deferred, and reads back through the source's own `shape`, so it resolves once and both shapes get that one schema.
 */
function mirrorShape(target, source, keys, wrap) {
    const raw = sourceShape(source);
    for (const key of keys) {
        const desc = Object.getOwnPropertyDescriptor(raw, key);
        if (!desc.enumerable)
            continue;
        if (desc.get) {
            deferProp(target, key, () => {
                const value = source._zod.def.shape[key];
                return wrap ? wrap(value, key) : value;
            });
        }
        else
            putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
    }
}
// same, for a plain shape a caller passed rather than a schema's
function mirrorProps(target, source) {
    for (const key of Reflect.ownKeys(source)) {
        const desc = Object.getOwnPropertyDescriptor(source, key);
        if (!desc.enumerable)
            continue;
        if (desc.get)
            deferProp(target, key, () => source[key]);
        else
            putProp(target, key, desc.value);
    }
}
function mergeDefs(...defs) {
    const mergedDescriptors = {};
    for (const def of defs) {
        const descriptors = Object.getOwnPropertyDescriptors(def);
        Object.assign(mergedDescriptors, descriptors);
    }
    return Object.defineProperties({}, mergedDescriptors);
}
function esc(str) {
    return JSON.stringify(str);
}
function slugify(input) {
    return input
        .toLowerCase()
        .trim()
        .replace(/[^\w\s-]/g, "")
        .replace(/[\s_-]+/g, "-")
        .replace(/^-+|-+$/g, "");
}
const captureStackTrace = ("captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => { });
function isObject(data) {
    return typeof data === "object" && data !== null && !Array.isArray(data);
}
const allowsEval = /* @__PURE__*/ cached(() => {
    // Skip the probe under `jitless`: strict CSPs report the caught `new Function` as a `securitypolicyviolation` even though the throw is swallowed.
    if (globalConfig.jitless) {
        return false;
    }
    // @ts-ignore
    if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
        return false;
    }
    try {
        const F = Function;
        new F("");
        return true;
    }
    catch (_) {
        return false;
    }
});
function isPlainObject(o) {
    if (isObject(o) === false)
        return false;
    // modified constructor
    const ctor = o.constructor;
    if (ctor === undefined)
        return true;
    if (typeof ctor !== "function")
        return true;
    // modified prototype
    const prot = ctor.prototype;
    if (isObject(prot) === false)
        return false;
    // ctor doesn't have static `isPrototypeOf`
    if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
        return false;
    }
    return true;
}
function shallowClone(o) {
    if (isPlainObject(o))
        return { ...o };
    if (Array.isArray(o))
        return [...o];
    if (o instanceof Map)
        return new Map(o);
    if (o instanceof Set)
        return new Set(o);
    return o;
}
const propertyKeyTypes = /* @__PURE__*/ new Set(["string", "number", "symbol"]);
function escapeRegex(str) {
    return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
// zod-specific utils
function clone(inst, def, params) {
    const cl = new inst._zod.constr(def ?? inst._zod.def);
    if (!def || params?.parent)
        cl._zod.parent = inst;
    return cl;
}
function normalizeParams(_params) {
    const params = _params;
    if (!params)
        return {};
    if (typeof params === "string")
        return { error: () => params };
    if (params?.message !== undefined) {
        if (params?.error !== undefined)
            throw new Error("Cannot specify both `message` and `error` params");
        params.error = params.message;
    }
    delete params.message;
    if (typeof params.error === "string")
        return { ...params, error: () => params.error };
    return params;
}
function stringifyPrimitive(value) {
    if (typeof value === "bigint")
        return value.toString() + "n";
    if (typeof value === "string")
        return `"${value}"`;
    return `${value}`;
}
function optionalKeys(shape) {
    return Object.keys(shape).filter((k) => {
        return shape[k]._zod.optin !== undefined && shape[k]._zod.optout === "optional";
    });
}

const NUMBER_FORMAT_RANGES = /*@__PURE__*/ (() => ({
    safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    int32: [-2147483648, 2147483647],
    uint32: [0, 4294967295],
    float32: [-34028234663852886e22, 3.4028234663852886e38],
    float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
}))();
const BIGINT_FORMAT_RANGES = {
    int64: [/* @__PURE__*/ BigInt("-9223372036854775808"), /* @__PURE__*/ BigInt("9223372036854775807")],
    uint64: [/* @__PURE__*/ BigInt(0), /* @__PURE__*/ BigInt("18446744073709551615")],
};
function pick(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".pick() cannot be used on object schemas containing refinements");
    }
    const newShape = {};
    mirrorShape(newShape, schema, maskedKeys(schema, mask));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
// the mask keys that select something, checked against the source's shape without resolving it
function maskedKeys(schema, mask) {
    const raw = sourceShape(schema);
    const keys = [];
    // `for...in` skips symbols, so a symbol in the mask would select nothing
    for (const key of Reflect.ownKeys(mask)) {
        if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
            throw new Error(`Unrecognized key: "${String(key)}"`);
        }
        if (mask[key])
            keys.push(key);
    }
    return keys;
}
function omit(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".omit() cannot be used on object schemas containing refinements");
    }
    const omitted = new Set(maskedKeys(schema, mask));
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to extend: expected a plain object");
    }
    const checks = schema._zod.def.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        // Only throw if new shape overlaps with existing shape. Use getOwnPropertyDescriptor to check key existence without accessing values
        const existingShape = sourceShape(schema);
        for (const key of Reflect.ownKeys(shape)) {
            if (Object.getOwnPropertyDescriptor(existingShape, key) !== undefined) {
                throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
            }
        }
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
// the source's keys, then the caller's overlaid on top
function extended(schema, shape) {
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
    mirrorProps(newShape, shape);
    return newShape;
}
function safeExtend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to safeExtend: expected a plain object");
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
    if (!b?._zod?.def) {
        throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
    }
    if (a._zod.def.checks?.length) {
        throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
    }
    const newShape = {};
    mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
    mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
    const def = mergeDefs(a._zod.def, {
        shape: newShape,
        get catchall() {
            return b._zod.def.catchall;
        },
        checks: b._zod.def.checks ?? [],
    });
    return clone(a, def);
}
function partial(Class, schema, mask, name = "partial") {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
    }
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class &&
        ((value, key) => (selected && !selected.has(key) ? value : new Class({ type: "optional", innerType: value }))));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class, schema, mask) {
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => 
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class({ type: "nonoptional", innerType: value }));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
// invalid_type | too_big | too_small | invalid_format | not_multiple_of | unrecognized_keys | invalid_union | invalid_key | invalid_element | invalid_value | custom
function aborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue !== true) {
            return true;
        }
    }
    return false;
}
// Checks for explicit abort (continue === false), as opposed to implicit abort (continue === undefined). Used to respect `abort: true` in .refine() even for checks that have a `when` function.
function explicitlyAborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue === false) {
            return true;
        }
    }
    return false;
}
function prefixIssues(path, issues) {
    return issues.map((iss) => {
        var _a;
        (_a = iss).path ?? (_a.path = []);
        iss.path.unshift(path);
        return iss;
    });
}
function unwrapMessage(message) {
    return typeof message === "string" ? message : message?.message;
}
/* A check holds no link back to the schema it is attached to — the same check instance is shared by every clone of that schema — so the owner is stamped onto the issues a check just raised, at the only point where both are in scope. Runs on the failure path only; `start` is the issue count from before the check ran. */
/** The leading size checks of `defChecks` that set an upper bound, each paired with it. */
function sizeCaps(defChecks) {
    const caps = [];
    for (const ch of defChecks ?? []) {
        const d = ch._zod.def;
        // a later check may rewrite the value
        if (!/_(length|size)$|_equals$/.test(d.check))
            break;
        const max = d.maximum ?? d.length ?? d.size;
        if (max >= 0)
            caps.push([max, ch]);
    }
    return caps;
}
function attachSchema(issues, start, inst) {
    var _a;
    for (let i = start; i < issues.length; i++) {
        (_a = issues[i]).schema ?? (_a.schema = inst);
    }
}
function finalizeIssue(iss, ctx, config) {
    var _a;
    // A schema that raised an issue itself owns it outright, and outranks any stamp an enclosing check left in `attachSchema`. String formats and z.custom() are schema and check at once, so when they act as a check they defer to that stamp instead.
    const traits = iss.inst?._zod?.traits;
    if (traits?.has("$ZodType")) {
        if (traits.has("$ZodCheck"))
            (_a = iss).schema ?? (_a.schema = iss.inst);
        else
            iss.schema = iss.inst;
    }
    // Decreasing specificity, first map to return a message wins. `inst` is whatever raised the issue, so a check's own map outranks the owning schema's.
    const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : undefined;
    const message = iss.message
        ? iss.message
        : (unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ??
            unwrapMessage(schemaError?.(iss)) ??
            unwrapMessage(ctx?.error?.(iss)) ??
            unwrapMessage(config.customError?.(iss)) ??
            unwrapMessage(config.localeError?.(iss)) ??
            "Invalid input");
    // an explicit own-key copy beats object rest with excluded keys, which v8 routes through a generic runtime call; Object.keys rather than for-in so an issue pushed with a prototype does not leak inherited keys, and an own __proto__ key is dropped rather than assigned through the setter
    const full = {};
    for (const k of Object.keys(iss)) {
        if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
            continue;
        full[k] = iss[k];
    }
    full.path ?? (full.path = []);
    full.message = message;
    if (ctx?.reportInput) {
        full.input = iss.input;
    }
    return full;
}
const highSurrogate = /[\uD800-\uDBFF]/;
// Code points in `str`: a surrogate pair counts once, a lone surrogate as itself. Hand-rolled because the string iterator allocates and runs ~250x slower on this path; the regex probe exits ~50x quicker for a string with no astral characters.
function codePointLength(str) {
    const units = str.length;
    if (!highSurrogate.test(str))
        return units;
    let count = units;
    for (let i = 0; i < units - 1; i++) {
        if ((str.charCodeAt(i) & 0xfc00) === 0xd800 && (str.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
            count--;
            i++;
        }
    }
    return count;
}
function getLengthableOrigin(input) {
    if (Array.isArray(input))
        return "array";
    if (typeof input === "string")
        return "string";
    return "unknown";
}
function parsedType(data) {
    const t = typeof data;
    switch (t) {
        case "number": {
            return Number.isNaN(data) ? "nan" : "number";
        }
        case "object": {
            if (data === null) {
                return "null";
            }
            if (Array.isArray(data)) {
                return "array";
            }
            const obj = data;
            if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
                return obj.constructor.name;
            }
        }
    }
    return t;
}
function issue(...args) {
    const [iss, input, inst] = args;
    if (typeof iss === "string") {
        return {
            message: iss,
            code: "custom",
            input,
            inst,
        };
    }
    return { ...iss };
}
//////////    PROTOTYPE INSTALLERS     //////////
//
// Members live on the prototype and materialize per instance on first read, which keeps own-property count under the step where V8 stops using inline slots. Changing anything here means re-measuring runtime, memory and bundle size together — see "The three axes" in AGENTS.md.
/**
 * Installs a trait's members on its prototype. Each value builds that member for the instance on first read; the built value shadows the accessor as an own property, so a detached `const { parse } = schema` keeps working.
 *
 * Call this from a `proto` initializer, which runs once per prototype — never per instance.
 */
function members(proto, table) {
    for (const key in table) {
        const desc = Object.getOwnPropertyDescriptor(table, key);
        // a getter installs as written, so it stays live: `description` reads through to the registry on every access. not enumerable: an object literal's is, and a prototype member never was
        if (desc.get)
            Object.defineProperty(proto, key, { ...desc, enumerable: false });
        // a method materializes bound on first read, which is what keeps a detached member working: `const opt = schema.optional; opt()`
        else
            defineBound(proto, key, desc.value);
    }
}
/** Shadows a prototype member with an own value, so a getter that builds from the instance runs once. */
function own(inst, key, value, enumerable = true) {
    Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
    return value;
}
/** Like {@link own}, for a member that was never an own data property and has to stay out of `Object.keys`. */
function hide(inst, key, value) {
    return own(inst, key, value, false);
}
/** Adds members a table derives from the instance: each builds on first read and shadows as own data, and assignment shadows the same way, as when these were own properties. */
function derived(computes, table) {
    for (const key in computes) {
        const compute = computes[key];
        // an object literal's accessor is configurable and enumerable, and `members` copies the descriptor as written
        Object.defineProperty(table, key, {
            configurable: true,
            enumerable: true,
            get() {
                return own(this, key, compute(this));
            },
            set(value) {
                own(this, key, value);
            },
        });
    }
    return table;
}
function defineBound(proto, key, fn) {
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // vitest's spyOn calls a prototype getter bare to find the function it wraps, so a nullish receiver answers the raw method
            return this == null ? fn : own(this, key, fn.bind(this));
        },
        set(value) {
            own(this, key, value);
        },
    });
}
/** Returns the prototype to install on, or `undefined` if this group is already installed on it. */
function claim(inst, sentinel) {
    const proto = Object.getPrototypeOf(inst);
    // Runs on every construction, so `in` rather than the costlier `hasOwnProperty.call`. Sentinels are keys the group itself defines.
    return sentinel in proto ? undefined : proto;
}
// The internals whose init chain is installing. A second call for the same one is a derived constructor overriding its base, so it must not construct another schema in between or the override is dropped.
let installing;
// Set while a getter is running, so a value that resolved through a recursion break is not memoized. One shared descriptor shadows the key for the duration, which costs no per-key allocation.
let broke = false;
const breaker = {
    configurable: true,
    get() {
        broke = true;
        return undefined;
    },
};
/**
 * Installs a lazily-derived internal on the `_zod` prototype of `inst`'s
 * constructor, computed from the internals object itself and cached there on
 * first read. One accessor per constructor rather than one per instance.
 */
function defineLazyInternal(inst, key, compute) {
    const proto = Object.getPrototypeOf(inst._zod);
    if (key in proto && installing !== inst._zod) {
        // A repeat construction: everything is installed already. Cleared here so the reference is not held past the first construction of every type.
        installing = undefined;
        return;
    }
    installing = inst._zod;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing so a re-entrant read from a recursive schema resolves to undefined instead of running the getter again.
            Object.defineProperty(this, key, breaker);
            const outer = broke;
            broke = false;
            try {
                const value = compute(this);
                // A result that resolved through a recursion break is recomputed once the graph is complete; everything else memoizes, undefined included.
                if (broke)
                    delete this[key];
                else
                    Object.defineProperty(this, key, { configurable: true, writable: true, value });
                broke = broke || outer;
                return value;
            }
            catch (err) {
                // A compute that threw memoizes nothing, so a later read runs it again and fails the same way. The shadow goes with it, since leaving it installed would answer undefined for every later read.
                delete this[key];
                broke = broke || outer;
                throw err;
            }
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, value });
        },
    });
}
/**
 * Installs `key` on `inst`'s prototype, computed by `make` on first read and cached there as an own
 * data property. One accessor per constructor rather than one per instance, because an own accessor
 * puts every instance after the first into v8 dictionary mode. The key doubles as the sentinel.
 */
function installLazyProp(inst, key, make, enumerable) {
    const proto = claim(inst, key);
    if (!proto)
        return;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing, so a re-entrant read from a self-referential shape resolves to undefined instead of running the getter again. A data property rather than an accessor: an own accessor is the dictionary-mode transition this exists to avoid.
            const desc = { configurable: true, writable: true, enumerable, value: undefined };
            Object.defineProperty(this, key, desc);
            // a compute that throws leaves the shadow behind, so later reads answer undefined instead of re-throwing; `defineLazy` did the same, and `defineLazyInternal`'s delete-on-catch would cost bytes in every bundle for a case only a throwing user getter reaches
            desc.value = make(this);
            Object.defineProperty(this, key, desc);
            return desc.value;
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
        },
    });
}
/** Marks the thunk `_catch` synthesises for a constant catch value. `Function.length` cannot tell that thunk from a user callback — rest and defaulted parameters both report arity 0 — and a user callback reads `ctx.error`, whose issues only finalize correctly against the caller's per-parse error map. Provenance can say what arity cannot. A plain string key rather than `Symbol.for`, whose call at module scope no bundler can prove pure — the same shape that anchored `urlCanParse` into every build. */
const CONSTANT_CATCH = "~constantCatch";
/** Wraps a constant catch value in a thunk tagged with {@link CONSTANT_CATCH}. */
function constantCatch(value) {
    const fn = () => value;
    fn[CONSTANT_CATCH] = true;
    return fn;
}

var _a$1;
/** A special constant with type `never` */
const NEVER = /*@__PURE__*/ Object.freeze({
    status: "aborted",
});
/* Shared descriptor for installing `_zod`; defineProperty reads it
 * synchronously, so reusing one object avoids a per-instance allocation. */
const _zodDesc = { value: undefined, enumerable: false };
// null where suppressing the capture would be unrecoverable: `parse()` puts the frames back with `captureStackTrace`, so without it the throw would lose its stack. also latched to null once `stackTraceLimit` proves unassignable, which a realm can do at any point by hardening Error
let _E = "captureStackTrace" in Error ? Error : null;
// v8 captures a stack trace inside the Error constructor, which dominates a failed parse; costs only the frames, and parse() restores those. the constructor must RUN: Object.create is cheaper and passes instanceof, but Error.isError and util.types.isNativeError check an internal slot
function newError(Definition) {
    const E = _E;
    if (E) {
        const saved = E.stackTraceLimit;
        if (typeof saved === "number") {
            try {
                E.stackTraceLimit = 0;
            }
            catch {
                _E = null;
                return new Definition();
            }
            try {
                return new Definition();
            }
            finally {
                E.stackTraceLimit = saved;
            }
        }
    }
    return new Definition();
}
function $constructor(name, initializer, 
/** This trait's members, installed once on every prototype that composes it. They cannot be declared in the initializer above: that runs per instance, and the prototype is shared. */
proto, params) {
    // Prototype for this constructor's `_zod` internals. Lazily-derived fields (`values`, `pattern`, `optin`, …) install here once rather than as an accessor on every instance.
    const zodProto = {};
    // Assigning the fields in the constructor body is what gives instances in-object slots; building the object literally and reparenting it costs a second allocation and a generic property copy.
    function Internals(def) {
        this.def = def;
        this.constr = _;
        this.traits = new Set();
    }
    Internals.prototype = zodProto;
    const protoMembers = proto;
    // One trait's members land on every prototype whose chain composes it, so the answer is per prototype rather than per trait.
    const initialized = protoMembers && new WeakSet();
    function init(inst, def) {
        if (!inst._zod) {
            _zodDesc.value = new Internals(def);
            try {
                Object.defineProperty(inst, "_zod", _zodDesc);
            }
            finally {
                // Cleared even on throw, so the shared descriptor never leaks one instance's internals into the next.
                _zodDesc.value = undefined;
            }
        }
        else if (inst._zod.traits.has(name)) {
            return;
        }
        inst._zod.traits.add(name);
        initializer(inst, def);
        if (initialized) {
            // `super(def)` from a user subclass gives `this` a prototype the subclass owns, and installing there would overwrite whatever the subclass declared. `constr` built the instance, so its prototype is the one below the subclass's that should carry the members. A receiver whose chain never reaches that prototype installs on its own, which for a plain object handed straight to `init` means `Object.prototype` — unchanged from before.
            const own = Object.getPrototypeOf(inst);
            const ctorProto = inst._zod.constr.prototype;
            let up = own;
            while (up && up !== ctorProto)
                up = Object.getPrototypeOf(up);
            const target = up ?? own;
            if (!initialized.has(target)) {
                initialized.add(target);
                members(target, protoMembers);
            }
        }
        // support prototype modifications; for-in avoids the array allocation of Object.keys on the (usually empty) prototype
        const proto = _.prototype;
        for (const k in proto) {
            if (!Object.prototype.hasOwnProperty.call(proto, k))
                continue;
            if (!(k in inst)) {
                inst[k] = proto[k].bind(inst);
            }
        }
    }
    // doesn't work if Parent has a constructor with arguments
    const Parent = params?.Parent ?? Object;
    class Definition extends Parent {
    }
    Object.defineProperty(Definition, "name", { value: name });
    function _(def) {
        const inst = params?.Parent ? newError(Definition) : this;
        init(inst, def);
        const deferred = inst._zod.deferred;
        if (deferred) {
            for (const fn of deferred) {
                fn();
            }
            // Released: initializers run once, and the list would otherwise be retained for the schema's lifetime.
            inst._zod.deferred = undefined;
        }
        // Global post-processor hook. Internal: installed by `import "zod/compile"` to enable AOT compilation for every constructed schema. Runs last, once the instance is fully built, because it hands the instance to compile(). The post-processor is expected to be reentrancy-guarded by its own implementation.
        const pp = globalThis.__zod_globalConfig?.postProcessor;
        if (pp)
            pp(inst);
        return inst;
    }
    Object.defineProperty(_, "init", { value: init });
    Object.defineProperty(_, Symbol.hasInstance, {
        value: (inst) => {
            if (params?.Parent && inst instanceof params.Parent)
                return true;
            return inst?._zod?.traits?.has(name);
        },
    });
    Object.defineProperty(_, "name", { value: name });
    return _;
}
class $ZodAsyncError extends Error {
    constructor() {
        super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
    }
}
class $ZodEncodeError extends Error {
    constructor(name) {
        super(`Encountered unidirectional transform during encode: ${name}`);
        this.name = "ZodEncodeError";
    }
}
(_a$1 = globalThis).__zod_globalConfig ?? (_a$1.__zod_globalConfig = {});
const globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
    if (newConfig)
        Object.assign(globalConfig, newConfig);
    return globalConfig;
}

/* Computing the message eagerly is expensive (pretty-printed JSON of all
 * issues), so defer it until first read. The accessor functions and
 * descriptors are shared across instances to keep error construction
 * cheap; the computed message is cached on the internals object. The
 * setter preserves plain assignment semantics for consumers that
 * overwrite `message`. */
function _getMessage() {
    const internals = this._zod;
    internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
    return internals.message;
}
function _setMessage(value) {
    this._zod.message = value;
}
const _messageDesc = {
    get: _getMessage,
    set: _setMessage,
    enumerable: true,
    configurable: true,
};
const _issuesDesc = { value: undefined, enumerable: false };
/* Prototypes that already carry the lazy `toString`. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
const initializer$1 = (inst, def) => {
    inst.name = "$ZodError";
    // `_zod` is already non-enumerable: $constructor's init defined it with this same descriptor
    _issuesDesc.value = def;
    Object.defineProperty(inst, "issues", _issuesDesc);
    // Clear the shared slot; a retained `value` pins the last error's issues.
    _issuesDesc.value = undefined;
    Object.defineProperty(inst, "message", _messageDesc);
    /* `toString` lives as a non-enumerable lazy getter on the shared
     * prototype; on first access it caches a per-instance closure so
     * detached usage still works. */
    const proto = Object.getPrototypeOf(inst);
    if (!_installedToString.has(proto)) {
        _installedToString.add(proto);
        Object.defineProperty(proto, "toString", {
            configurable: true,
            enumerable: false,
            get() {
                const value = () => this.message;
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
                return value;
            },
            set(value) {
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
            },
        });
    }
};
const $ZodError = $constructor("$ZodError", initializer$1);
/** Get-or-create `obj[key]` as an own data property. A path segment naming an inherited member
 * ("toString", "constructor") would otherwise read through to the prototype, and assigning
 * "__proto__" would hit the setter instead of creating a key. */
function node(obj, key, make) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) {
        if (key === "__proto__") {
            Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
        }
        else {
            obj[key] = make();
        }
    }
    return obj[key];
}
function flattenError(error, mapper = (issue) => issue.message) {
    const fieldErrors = {};
    const formErrors = [];
    for (const sub of error.issues) {
        if (sub.path.length > 0) {
            node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
        }
        else {
            formErrors.push(mapper(sub));
        }
    }
    return { formErrors, fieldErrors };
}
function formatError(error, mapper = (issue) => issue.message) {
    const fieldErrors = { _errors: [] };
    const processError = (error, path = []) => {
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    fieldErrors._errors.push(mapper(issue));
                }
                else {
                    let curr = fieldErrors;
                    let i = 0;
                    while (i < fullpath.length) {
                        const el = fullpath[i];
                        const terminal = i === fullpath.length - 1;
                        // `_errors` is reserved by this legacy format, so merge a matching path segment into the current node instead of treating its array as a child.
                        if (el === "_errors") {
                            if (terminal)
                                curr._errors.push(mapper(issue));
                            i++;
                            continue;
                        }
                        // A path element may collide with an inherited property name such as
                        // "__proto__" or "constructor". Truthiness checks read the prototype
                        // (so no node is created, then ._errors.push throws), and bracket
                        // assignment of "__proto__" hits the setter instead of creating an
                        // own key. Guard the read with hasOwnProperty and create the node
                        // with defineProperty so any path element becomes a real own key.
                        if (!Object.prototype.hasOwnProperty.call(curr, el)) {
                            Object.defineProperty(curr, el, {
                                value: { _errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        const node = curr[el];
                        if (terminal) {
                            node._errors.push(mapper(issue));
                        }
                        curr = node;
                        i++;
                    }
                }
            }
        }
    };
    processError(error);
    return fieldErrors;
}

// Always both keys, so the `_params` read site in `_parse` sees one object shape rather than two.
function finalizeParams(callee, params) {
    return { callee: params?.callee ?? callee, Err: params?.Err };
}
const _parse = (_Err) => {
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
        const result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise) {
            throw new $ZodAsyncError();
        }
        if (result.issues.length) {
            const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, _params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const _parseAsync = (_Err) => {
    const fn = async (schema, value, _ctx, params) => {
        const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
        let result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise)
            result = await result;
        if (result.issues.length) {
            const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const _safeParse = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
// the error is built on the first read of `error`: finalizing the issues and constructing the instance is most of a failing parse, and a caller that only branches on `success` never pays it. a getter in the literal keeps this small; the alternative, one shared accessor descriptor plus a hidden state slot, reads ~15% faster but costs ~75 B gzipped in every bundle
function failure(Err, issues, ctx) {
    let error;
    return {
        success: false,
        get error() {
            if (!error) {
                error = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
                // finalizeIssue drops `input`, so the built error holds nothing; keeping the raw issues past this point pins the parsed value for the life of the result
                issues = undefined;
                ctx = undefined;
            }
            return error;
        },
        set error(e) {
            error = e;
            // a replacement makes the getter's branch unreachable, so the captures have to go here too
            issues = undefined;
            ctx = undefined;
        },
    };
}
const _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
// registry mirrors of the compiler's sentinels, so this module never imports the compiler
const COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
const COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
// Deliberately tiny, because v8 will not inline a body carrying the fallback's object literals and throw. Everything that is not the compiled happy path lives in validateFallback, and that split is worth ~35% on a compiled schema.
const validate = ((schema, value, _ctx) => {
    const validator = schema._zod.bag.validator;
    if (validator !== undefined) {
        if (validator(value) !== COMPILE_INVALID)
            return true;
        // a definite sentinel means the runtime would reject, so skip the re-parse; a ctx can still change the answer
        if (validator.definite === true && _ctx === undefined)
            return false;
    }
    return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
    const ctx = _ctx
        ? { ..._ctx, async: false, abortEarly: true }
        : { async: false, abortEarly: true };
    const fallbackRun = schema._zod.bag.fallbackRun;
    let result;
    if (fallbackRun) {
        // skip nested fast paths on the fallback, so user callbacks keep the at-most-twice bound
        ctx[COMPILE_FALLBACK] = true;
        result = fallbackRun({ value, issues: [] }, ctx);
    }
    else {
        result = schema._zod.run({ value, issues: [] }, ctx);
    }
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length === 0;
}
// no fast path: the compiler keeps async parses on the runtime, because a promise-returning callback that is not declared async compiles to a throw
const validateAsync$1 = async (schema, value, _ctx) => {
    const ctx = _ctx
        ? { ..._ctx, async: true, abortEarly: true }
        : { async: true, abortEarly: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length === 0;
};
const _encode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return parse(schema, value, ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const _decode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        return parse(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const _encodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return (await parseAsync(schema, value, ctx, finalizeParams(fn, _params)));
    };
    return fn;
};
const _decodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        return await parseAsync(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const _safeEncode = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParse(_Err)(schema, value, ctx);
};
const _safeDecode = (_Err) => (schema, value, _ctx) => {
    return _safeParse(_Err)(schema, value, _ctx);
};
const _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParseAsync(_Err)(schema, value, ctx);
};
const _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
    return _safeParseAsync(_Err)(schema, value, _ctx);
};

/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const cuid = /^[cC][0-9a-z]{6,}$/;
const cuid2 = /^[0-9a-z]+$/;
const ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
const xid = /^[0-9a-vA-V]{20}$/;
const ksuid = /^[A-Za-z0-9]{27}$/;
const nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
    return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
/** ISO 8601-1 duration regex. Does not support the 8601-2 extensions like negative durations or fractional/negative components. */
const duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
/** A regex for any UUID-like identifier: 8-4-4-4-12 hex pattern */
const guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
/** Returns a regex for validating an RFC 9562/4122 UUID.
 *
 * @param version Optionally specify a version 1-8. If no version is specified, all versions are supported. */
const uuid = (version) => {
    if (!version)
        return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
    return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
/** Practical email validation */
const email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
// from https://thekevinscott.com/emojis-in-javascript/#writing-a-regular-expression
// Single character class, not an alternation: the two properties overlap (U+1F9B0-U+1F9B3), so `(A|B)+` backtracks exponentially on a failed match. The leading lookahead then demands one anchor — a pictograph, a regional indicator, or the enclosing keycap — because `\p{Emoji_Component}` on its own covers ASCII digits, `#`, `*`, ZWJ, variation selectors and skin tone modifiers, none of which is an emoji without a base.
const _emoji$1 = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
    return new RegExp(_emoji$1, "u");
}
const ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
const ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
const cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
const cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
// https://stackoverflow.com/questions/7860392/determine-if-string-is-in-base64-using-javascript
const base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
const base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
const httpProtocol = /^https?$/;
// https://blog.stevenlevithan.com/archives/validate-phone-number#r4-3 (regex sans spaces) E.164: leading digit must be 1-9; total digits (excluding '+') between 7-15
const e164 = /^\+[1-9]\d{6,14}$/;
const dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;

function anchor(source) {
    return new RegExp(`^${source}$`);
}
const date = /*@__PURE__*/ anchor(dateSource);
function timeSource(args) {
    const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
    const regex = typeof args.precision === "number"
        ? args.precision === -1
            ? `${hhmm}`
            : args.precision === 0
                ? `${hhmm}:[0-5]\\d`
                : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}`
        : args.seconds
            ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?`
            : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
    return regex;
}
function time(args) {
    return new RegExp(`^${timeSource(args)}$`);
}
// Adapted from https://stackoverflow.com/a/3143231
function datetime(args) {
    const opts = ["Z"];
    // if (args.offset) opts.push(`([+-]\\d{2}:\\d{2})`);
    if (args.offset)
        opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
    // RFC 3339 mandates seconds wherever the time carries a `Z` or an offset, so only the unqualified form `local` adds may omit them
    const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
    const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
    return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
// the unbounded form of `string()` as a literal, so every plain string shares one instance instead of building its own
const anyString = /^[\s\S]{0,}$/;
const integer$1 = /^-?\d+$/;
const number$2 = /^-?\d+(?:\.\d+)?$/;
const boolean$1 = /^(?:true|false)$/i;
// regex for string with no uppercase letters
const lowercase = /^[^A-Z]*$/;
// regex for string with no lowercase letters
const uppercase = /^[^a-z]*$/;

// import { $ZodType } from "./schemas.js";
const $ZodCheck = /*@__PURE__*/ $constructor("$ZodCheck", (inst, def) => {
    var _a;
    inst._zod ?? (inst._zod = {});
    inst._zod.def = def;
    (_a = inst._zod).onattach ?? (_a.onattach = []);
});
/** Default `when` for length-based checks: run only on non-nullish values with a `length`. */
const _whenHasLength = (payload) => {
    const val = payload.value;
    return !nullish(val) && val.length !== undefined;
};
const numericOriginMap = {
    number: "number",
    bigint: "bigint",
    object: "date",
};
const $ZodCheckLessThan = /*@__PURE__*/ $constructor("$ZodCheckLessThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_big",
            maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckGreaterThan = /*@__PURE__*/ $constructor("$ZodCheckGreaterThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_small",
            minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMultipleOf = 
/*@__PURE__*/ $constructor("$ZodCheckMultipleOf", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        if (typeof payload.value !== typeof def.value)
            throw new Error("Cannot mix number and bigint in multiple_of check.");
        const isMultiple = typeof payload.value === "bigint"
            ? // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
                def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
            : floatSafeRemainder(payload.value, def.value) === 0;
        if (isMultiple)
            return;
        payload.issues.push({
            origin: typeof payload.value,
            code: "not_multiple_of",
            divisor: def.value,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckNumberFormat = /*@__PURE__*/ $constructor("$ZodCheckNumberFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    def.format = def.format || "float64";
    const isInt = def.format?.includes("int");
    const origin = isInt ? "int" : "number";
    const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (isInt) {
            if (!Number.isInteger(input)) {
                // invalid_format issue
                // payload.issues.push({
                //   expected: def.format,
                //   format: def.format,
                //   code: "invalid_format",
                //   input,
                //   inst,
                // });
                // invalid_type issue
                payload.issues.push({
                    expected: origin,
                    format: def.format,
                    code: "invalid_type",
                    continue: false,
                    input,
                    inst,
                });
                return;
                // not_multiple_of issue
                // payload.issues.push({
                //   code: "not_multiple_of",
                //   origin: "number",
                //   input,
                //   inst,
                //   divisor: 1,
                // });
            }
            if (!Number.isSafeInteger(input)) {
                if (input > 0) {
                    // too_big
                    payload.issues.push({
                        input,
                        code: "too_big",
                        maximum: Number.MAX_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                else {
                    // too_small
                    payload.issues.push({
                        input,
                        code: "too_small",
                        minimum: Number.MIN_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                return;
            }
        }
        if (input < minimum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_small",
                minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodCheckMaxLength = /*@__PURE__*/ $constructor("$ZodCheckMaxLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // Strings are measured in Unicode code points, not UTF-16 units. A code point is at most two units, so a string that already fits in units fits in code points; only an overflow has to be counted.
        const length = typeof input === "string" && units > def.maximum ? codePointLength(input) : units;
        if (length <= def.maximum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMinLength = /*@__PURE__*/ $constructor("$ZodCheckMinLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so fewer units than the floor can never reach it and twice the floor always clears it. Only in between is the exact count in doubt.
        const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2
            ? codePointLength(input)
            : units;
        if (length >= def.minimum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLengthEquals = /*@__PURE__*/ $constructor("$ZodCheckLengthEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so outside `[length, length * 2]` units the target is missed either way — and missed in the same direction in both measures.
        const length = typeof input === "string" && units >= def.length && units <= def.length * 2
            ? codePointLength(input)
            : units;
        if (length === def.length)
            return;
        const origin = getLengthableOrigin(input);
        const tooBig = length > def.length;
        payload.issues.push({
            origin,
            ...(tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStringFormat = /*@__PURE__*/ $constructor("$ZodCheckStringFormat", (inst, def) => {
    var _a, _b;
    $ZodCheck.init(inst, def);
    if (def.pattern)
        (_a = inst._zod).check ?? (_a.check = (payload) => {
            def.pattern.lastIndex = 0;
            if (def.pattern.test(payload.value))
                return;
            payload.issues.push({
                origin: "string",
                code: "invalid_format",
                format: def.format,
                input: payload.value,
                ...(def.pattern ? { pattern: def.pattern.toString() } : {}),
                inst,
                continue: !def.abort,
            });
        });
    else
        (_b = inst._zod).check ?? (_b.check = () => { });
});
const $ZodCheckRegex = /*@__PURE__*/ $constructor("$ZodCheckRegex", (inst, def) => {
    $ZodCheckStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        def.pattern.lastIndex = 0;
        if (def.pattern.test(payload.value))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "regex",
            input: payload.value,
            pattern: def.pattern.toString(),
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLowerCase = /*@__PURE__*/ $constructor("$ZodCheckLowerCase", (inst, def) => {
    def.pattern ?? (def.pattern = lowercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckUpperCase = /*@__PURE__*/ $constructor("$ZodCheckUpperCase", (inst, def) => {
    def.pattern ?? (def.pattern = uppercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckIncludes = /*@__PURE__*/ $constructor("$ZodCheckIncludes", (inst, def) => {
    $ZodCheck.init(inst, def);
    const escapedRegex = escapeRegex(def.includes);
    // `String.prototype.includes(sub, position)` matches `sub` at `position`
    // OR LATER, so the pattern must allow at least `position` leading chars
    // (`{N,}`), not exactly `position` chars (`{N}`).
    const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
    def.pattern = pattern;
    inst._zod.check = (payload) => {
        if (payload.value.includes(def.includes, def.position))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "includes",
            includes: def.includes,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStartsWith = /*@__PURE__*/ $constructor("$ZodCheckStartsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.startsWith(def.prefix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "starts_with",
            prefix: def.prefix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckEndsWith = /*@__PURE__*/ $constructor("$ZodCheckEndsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.endsWith(def.suffix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "ends_with",
            suffix: def.suffix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckOverwrite = /*@__PURE__*/ $constructor("$ZodCheckOverwrite", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        payload.value = def.tx(payload.value);
    };
});

class Doc {
    constructor(args = [], closed = {}) {
        this.content = [];
        this.indent = 0;
        this.args = args;
        this.closed = closed;
    }
    // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
    indented(fn) {
        this.indent += 1;
        try {
            fn(this);
        }
        finally {
            this.indent -= 1;
        }
    }
    write(arg) {
        if (typeof arg === "function") {
            arg(this, { execution: "sync" });
            arg(this, { execution: "async" });
            return;
        }
        const content = arg;
        const lines = content.split("\n").filter((x) => x);
        const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
        const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
        for (const line of dedented) {
            this.content.push(line);
        }
    }
    compile() {
        const F = Function;
        const content = this?.content ?? [``];
        const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {\n${content.join("\n")}\n};`);
        return factory(...Object.values(this.closed));
    }
}

const version = {
    major: 4,
    minor: 6,
    patch: 7,
};

const $ZodType = /*@__PURE__*/ $constructor("$ZodType", (inst, def) => {
    var _a;
    inst ?? (inst = {});
    inst._zod.def = def; // set _def property
    inst._zod.bag = inst._zod.bag || {}; // initialize _bag object
    inst._zod.version = version;
    const defChecks = inst._zod.def.checks;
    // if inst is itself a checks.$ZodCheck, run it as a check
    const checks = inst._zod.traits.has("$ZodCheck")
        ? [inst, ...(defChecks ?? [])]
        : defChecks?.length
            ? [...defChecks]
            : [];
    for (const ch of checks) {
        for (const fn of ch._zod.onattach) {
            fn(inst);
        }
    }
    if (checks.length === 0) {
        // deferred initializer inst._zod.parse is not yet defined
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred?.push(() => {
            inst._zod.run = inst._zod.parse;
        });
    }
    else {
        const runChecks = (payload, checks, ctx) => {
            if (payload.memo)
                return payload;
            let isAborted = aborted(payload);
            let asyncResult;
            for (const ch of checks) {
                if (ch._zod.def.when) {
                    if (explicitlyAborted(payload))
                        continue;
                    const shouldRun = ch._zod.def.when(payload);
                    if (!shouldRun)
                        continue;
                }
                else if (isAborted) {
                    continue;
                }
                const currLen = payload.issues.length;
                const _ = ch._zod.check(payload);
                if (_ instanceof Promise && ctx?.async === false) {
                    throw new $ZodAsyncError();
                }
                if (asyncResult || _ instanceof Promise) {
                    asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
                        await _;
                        const nextLen = payload.issues.length;
                        if (nextLen === currLen)
                            return;
                        attachSchema(payload.issues, currLen, inst);
                        if (!isAborted)
                            isAborted = aborted(payload, currLen);
                    });
                }
                else {
                    const nextLen = payload.issues.length;
                    if (nextLen === currLen)
                        continue;
                    attachSchema(payload.issues, currLen, inst);
                    if (!isAborted)
                        isAborted = aborted(payload, currLen);
                }
            }
            if (asyncResult) {
                return asyncResult.then(() => {
                    return payload;
                });
            }
            return payload;
        };
        const handleCanaryResult = (canary, payload, ctx) => {
            // abort if the canary is aborted
            if (aborted(canary)) {
                canary.aborted = true;
                return canary;
            }
            // run checks first, then
            const checkResult = runChecks(payload, checks, ctx);
            if (checkResult instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return checkResult.then((checkResult) => inst._zod.parse(checkResult, ctx));
            }
            return inst._zod.parse(checkResult, ctx);
        };
        inst._zod.run = (payload, ctx) => {
            if (ctx.skipChecks) {
                return inst._zod.parse(payload, ctx);
            }
            if (ctx.direction === "backward") {
                // run canary initial pass (no checks)
                const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
                if (canary instanceof Promise) {
                    return canary.then((canary) => {
                        return handleCanaryResult(canary, payload, ctx);
                    });
                }
                return handleCanaryResult(canary, payload, ctx);
            }
            // forward
            const result = inst._zod.parse(payload, ctx);
            if (result instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return result.then((result) => runChecks(result, checks, ctx));
            }
            return runChecks(result, checks, ctx);
        };
    }
}, {
    // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
    get "~standard"() {
        return hide(this, "~standard", standardProps(this));
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
});
/** The Standard Schema surface for `inst`. Shared so wrappers can extend it without forcing it. */
// a Standard Schema result only reports issues, so a failure finalizes them straight off the raw payload: no ZodError, and no lazy result to read through
const toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync(inst, value) {
    const ctx = { async: true };
    return toStandardResult((await inst._zod.run({ value, issues: [] }, ctx)), ctx);
}
function standardProps(inst) {
    return {
        validate: (value) => {
            const ctx = { async: false };
            try {
                const r = inst._zod.run({ value, issues: [] }, ctx);
                if (!(r instanceof Promise))
                    return toStandardResult(r, ctx);
            }
            catch (_) { }
            // async function so a synchronously throwing check rejects instead of escaping validate
            return validateAsync(inst, value);
        },
        vendor: "zod",
        version: 1,
    };
}
const $ZodString = /*@__PURE__*/ $constructor("$ZodString", (inst, def) => {
    $ZodType.init(inst, def);
    // a format's own pattern, else unbounded; a template literal derives the check-aware form itself
    inst._zod.pattern = def.pattern ?? anyString;
    inst._zod.parse = (payload, _) => {
        if (def.coerce)
            try {
                payload.value = String(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "string")
            return payload;
        payload.issues.push({
            expected: "string",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodStringFormat = /*@__PURE__*/ $constructor("$ZodStringFormat", (inst, def) => {
    // check initialization must come first
    $ZodCheckStringFormat.init(inst, def);
    $ZodString.init(inst, def);
});
const $ZodGUID = /*@__PURE__*/ $constructor("$ZodGUID", (inst, def) => {
    def.pattern ?? (def.pattern = guid);
    $ZodStringFormat.init(inst, def);
});
const $ZodUUID = /*@__PURE__*/ $constructor("$ZodUUID", (inst, def) => {
    if (def.version) {
        const versionMap = {
            v1: 1,
            v2: 2,
            v3: 3,
            v4: 4,
            v5: 5,
            v6: 6,
            v7: 7,
            v8: 8,
        };
        const v = versionMap[def.version];
        if (v === undefined)
            throw new Error(`Invalid UUID version: "${def.version}"`);
        def.pattern ?? (def.pattern = uuid(v));
    }
    else
        def.pattern ?? (def.pattern = uuid());
    $ZodStringFormat.init(inst, def);
});
const $ZodEmail = /*@__PURE__*/ $constructor("$ZodEmail", (inst, def) => {
    def.pattern ?? (def.pattern = email);
    $ZodStringFormat.init(inst, def);
});
/** The `://` guard rejected the input before the URL constructor saw it. */
const URL_BAD_FORMAT = 1;
/** The URL parser rejected the input. */
const URL_UNPARSEABLE = 2;
function canParseURL(input) {
    try {
        if (typeof URL !== "undefined" && typeof URL.canParse === "function")
            return URL.canParse(input);
        new URL(input);
        return true;
    }
    catch {
        return false;
    }
}
function validateURL(trimmed, def) {
    if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
        return canParseURL(trimmed) || URL_UNPARSEABLE;
    }
    return parseURLObject(trimmed, def);
}
/** Parses a URL while preserving the non-normalizing HTTP guard. */
function parseURLObject(trimmed, def) {
    // When normalize is off, require :// for http/https URLs. This prevents strings like "http:example.com" or "https:/path" from being silently accepted
    if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
        return URL_BAD_FORMAT;
    }
    try {
        if (typeof URL !== "undefined") {
            const URLStatic = URL;
            if (typeof URLStatic.parse === "function")
                return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
        }
        // @ts-ignore
        return new URL(trimmed);
    }
    catch {
        return URL_UNPARSEABLE;
    }
}
const asciiTabOrNewline = /[\t\n\r]/g;
/** The URL parser deletes every ASCII tab, LF and CR from its input before it parses, so `new URL("https://exa\nmple.com")` reports on `example.com`. Applying the same deletion to the returned value closes the half of that divergence which can move the host; the parser's other rewrite, stripping C0 controls at the edges, cannot. */
function stripTabAndNewline(value) {
    return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
    hostname.lastIndex = 0;
    return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
    protocol.lastIndex = 0;
    return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
const $ZodURL = /*@__PURE__*/ $constructor("$ZodURL", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        try {
            // Trim whitespace from input
            const trimmed = payload.value.trim();
            const url = validateURL(trimmed, def);
            if (url === URL_BAD_FORMAT) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid URL format",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === URL_UNPARSEABLE) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === true) {
                payload.value = stripTabAndNewline(trimmed);
                return;
            }
            if (def.hostname && !urlHostnameOk(url, def.hostname)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid hostname",
                    pattern: def.hostname.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            if (def.protocol && !urlProtocolOk(url, def.protocol)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid protocol",
                    pattern: def.protocol.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            // Set the output value based on normalize flag
            payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
            return;
        }
        catch (_) {
            payload.issues.push({
                code: "invalid_format",
                format: "url",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodEmoji = /*@__PURE__*/ $constructor("$ZodEmoji", (inst, def) => {
    def.pattern ?? (def.pattern = emoji());
    $ZodStringFormat.init(inst, def);
});
const $ZodNanoID = /*@__PURE__*/ $constructor("$ZodNanoID", (inst, def) => {
    if (def.length !== undefined && (!Number.isInteger(def.length) || def.length < 1))
        throw new Error(`Invalid nanoid length: ${def.length}`);
    def.pattern ?? (def.pattern = def.length === undefined ? nanoid : nanoidOfLength(def.length));
    $ZodStringFormat.init(inst, def);
});
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link $ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const $ZodCUID = /*@__PURE__*/ $constructor("$ZodCUID", (inst, def) => {
    def.pattern ?? (def.pattern = cuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodCUID2 = /*@__PURE__*/ $constructor("$ZodCUID2", (inst, def) => {
    def.pattern ?? (def.pattern = cuid2);
    $ZodStringFormat.init(inst, def);
});
const $ZodULID = /*@__PURE__*/ $constructor("$ZodULID", (inst, def) => {
    def.pattern ?? (def.pattern = ulid);
    $ZodStringFormat.init(inst, def);
});
const $ZodXID = /*@__PURE__*/ $constructor("$ZodXID", (inst, def) => {
    def.pattern ?? (def.pattern = xid);
    $ZodStringFormat.init(inst, def);
});
const $ZodKSUID = /*@__PURE__*/ $constructor("$ZodKSUID", (inst, def) => {
    def.pattern ?? (def.pattern = ksuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodISODateTime = /*@__PURE__*/ $constructor("$ZodISODateTime", (inst, def) => {
    def.pattern ?? (def.pattern = datetime(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODate = /*@__PURE__*/ $constructor("$ZodISODate", (inst, def) => {
    def.pattern ?? (def.pattern = date);
    $ZodStringFormat.init(inst, def);
});
const $ZodISOTime = /*@__PURE__*/ $constructor("$ZodISOTime", (inst, def) => {
    def.pattern ?? (def.pattern = time(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODuration = /*@__PURE__*/ $constructor("$ZodISODuration", (inst, def) => {
    def.pattern ?? (def.pattern = duration);
    $ZodStringFormat.init(inst, def);
});
const $ZodIPv4 = /*@__PURE__*/ $constructor("$ZodIPv4", (inst, def) => {
    def.pattern ?? (def.pattern = ipv4);
    $ZodStringFormat.init(inst, def);
});
/** An IPv6 address is written with hex digits, colons and dots, and nothing else. The guard is what makes the check below an IPv6 check: `new URL("http://[...]")` parses an authority, not an address, so `@` and `\` re-delimit it and `"::@1\\"` validates against the host `0.0.0.1`. The URL parser also deletes ASCII tab, LF and CR rather than failing, which is how `"::1\n"` validated as `::1`. */
const ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
    if (!ipv6Alphabet.test(value))
        return false;
    return canParseURL(`http://[${value}]`);
}
const $ZodIPv6 = /*@__PURE__*/ $constructor("$ZodIPv6", (inst, def) => {
    def.pattern ?? (def.pattern = ipv6);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidIPv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "ipv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodCIDRv4 = /*@__PURE__*/ $constructor("$ZodCIDRv4", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv4);
    $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
    const parts = value.split("/");
    if (parts.length !== 2)
        return false;
    const [address, prefix] = parts;
    if (!prefix)
        return false;
    const prefixNum = Number(prefix);
    if (`${prefixNum}` !== prefix)
        return false;
    if (prefixNum < 0 || prefixNum > 128)
        return false;
    return isValidIPv6(address);
}
const $ZodCIDRv6 = /*@__PURE__*/ $constructor("$ZodCIDRv6", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv6); // not used for validation
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidCIDRv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "cidrv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
//////////////////////////////   ZodBase64   //////////////////////////////
function isValidBase64(data) {
    if (data === "")
        return true;
    // atob ignores whitespace, so reject it up front.
    if (/\s/.test(data))
        return false;
    if (data.length % 4 !== 0)
        return false;
    try {
        // @ts-ignore
        atob(data);
        return true;
    }
    catch {
        return false;
    }
}
// lax on purpose: the quantified regexes.base64 overflows the regex stack on multi-MB input and its leading ^$| alternation leaks through template-literal composition; isValidBase64 enforces length and padding
const base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
const $ZodBase64 = /*@__PURE__*/ $constructor("$ZodBase64", (inst, def) => {
    def.pattern ?? (def.pattern = base64Charset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
//////////////////////////////   ZodBase64URL   //////////////////////////////
// lax on purpose: the quantified regexes.base64url overflows the regex stack on multi-MB input; isValidBase64 enforces length on the padded string
const base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
    if (!base64urlCharset.test(data))
        return false;
    const base64 = data.replace(/[-_]/g, (c) => (c === "-" ? "+" : "/"));
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");
    return isValidBase64(padded);
}
const $ZodBase64URL = /*@__PURE__*/ $constructor("$ZodBase64URL", (inst, def) => {
    def.pattern ?? (def.pattern = base64urlCharset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64URL(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64url",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodE164 = /*@__PURE__*/ $constructor("$ZodE164", (inst, def) => {
    def.pattern ?? (def.pattern = e164);
    $ZodStringFormat.init(inst, def);
});
//////////////////////////////   ZodJWT   //////////////////////////////
function isValidJWT(token, algorithm = null) {
    try {
        const tokensParts = token.split(".");
        if (tokensParts.length !== 3)
            return false;
        const [header] = tokensParts;
        if (!header)
            return false;
        // @ts-ignore
        const parsedHeader = JSON.parse(atob(header));
        if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
            return false;
        if (!parsedHeader.alg)
            return false;
        if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
            return false;
        return true;
    }
    catch {
        return false;
    }
}
const $ZodJWT = /*@__PURE__*/ $constructor("$ZodJWT", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidJWT(payload.value, def.alg))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "jwt",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodNumber = /*@__PURE__*/ $constructor("$ZodNumber", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = number$2;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Number(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
            return payload;
        }
        const received = typeof input === "number"
            ? Number.isNaN(input)
                ? "NaN"
                : !Number.isFinite(input)
                    ? String(input)
                    : undefined
            : undefined;
        payload.issues.push({
            expected: "number",
            code: "invalid_type",
            input,
            inst,
            ...(received ? { received } : {}),
        });
        return payload;
    };
});
const $ZodNumberFormat = /*@__PURE__*/ $constructor("$ZodNumberFormat", (inst, def) => {
    $ZodCheckNumberFormat.init(inst, def);
    $ZodNumber.init(inst, def); // no format checks
});
const $ZodBoolean = /*@__PURE__*/ $constructor("$ZodBoolean", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = boolean$1;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Boolean(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "boolean")
            return payload;
        payload.issues.push({
            expected: "boolean",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
});
const $ZodUnknown = /*@__PURE__*/ $constructor("$ZodUnknown", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
});
const $ZodNever = /*@__PURE__*/ $constructor("$ZodNever", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        payload.issues.push({
            expected: "never",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
// an oversized container fails its leading size checks before any element is parsed
function capSize(inst, size) {
    const caps = sizeCaps(inst._zod.def.checks);
    if (!caps.length)
        return;
    const cap = Math.min(...caps.map((c) => c[0]));
    const parse = inst._zod.parse;
    inst._zod.parse = (payload, ctx) => {
        const n = size(payload.value);
        if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
            for (const [max, ch] of sizeCaps(inst._zod.def.checks)) {
                if (n > max && ch._zod.def.when(payload)) {
                    const start = payload.issues.length;
                    ch._zod.check(payload);
                    // the value is still the raw input, so no later check may read it
                    payload.issues[start].continue = false;
                    attachSchema(payload.issues, start, inst);
                    return payload;
                }
            }
        }
        return parse(payload, ctx);
    };
}
const arraySize = (input) => (Array.isArray(input) ? input.length : -1);
function handleArrayResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
const $ZodArray = /*@__PURE__*/ $constructor("$ZodArray", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                expected: "array",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
        const proms = [];
        const abortEarly = ctx?.abortEarly;
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            const result = def.element._zod.run({
                value: item,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleArrayResult(result, payload, i)));
            }
            else {
                handleArrayResult(result, payload, i);
                // the element's payload is authoritative here, since handleArrayResult forwards every issue; an object's is not, because it drops a failed absent optional
                if (abortEarly && result.issues.length !== 0 && aborted(result))
                    break;
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload; //handleArrayResultsAsync(parseResults, final);
    };
    capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
    const isPresent = key in input;
    const isOptionalOut = optout === "optional";
    // The middle rung means "absence permitted, nothing supplied in its place", so an absent key contributes nothing — whatever the schema made of `undefined` is invented, not substituted. Only `optional` reaches this with a value: `defaulted` substitutes, and a schema that isn't optional-out has to keep the key.
    if (!isPresent && isOptionalOut && optin === "optional") {
        return;
    }
    if (result.issues.length) {
        // For optional-in/out schemas, ignore errors on absent keys.
        if (optin !== undefined && isOptionalOut && !isPresent) {
            return;
        }
        final.issues.push(...prefixIssues(key, result.issues));
    }
    if (!isPresent && optin === undefined) {
        if (!result.issues.length) {
            final.issues.push({
                code: "invalid_type",
                expected: "nonoptional",
                input: undefined,
                path: [key],
            });
        }
        return;
    }
    if (result.value === undefined) {
        if (isPresent || (optin === "defaulted" && !isOptionalOut)) {
            final.value[key] = undefined;
        }
    }
    else {
        final.value[key] = result.value;
    }
}
// one shared instance; a fresh [] per schema cost 56 bytes retained
const NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
    const keys = Object.keys(def.shape);
    const ownSymbols = Object.getOwnPropertySymbols(def.shape);
    const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
    // aliases `keys` when there are no symbols, so a string-only shape keeps one array
    const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
    for (const k of allKeys) {
        if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
            throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
        }
    }
    const okeys = optionalKeys(def.shape);
    return {
        ...def,
        allKeys,
        symbolKeys,
        // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
        keySet: new Set(keys),
        numKeys: keys.length,
        optionalKeys: new Set(okeys),
    };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
    const unrecognized = [];
    const keySet = def.keySet;
    const _catchall = def.catchall._zod;
    const t = _catchall.def.type;
    const optin = _catchall.optin;
    const optout = _catchall.optout;
    // starts at 0, not the current length: the shape phase already ran and may have aborted
    let seen = 0;
    for (const key in input) {
        if (abortEarly && payload.issues.length !== seen) {
            if (aborted(payload, seen))
                break;
            seen = payload.issues.length;
        }
        // Must precede the __proto__ branch: a declared key is not unrecognized, even though the shape loop deliberately strips __proto__ from the parsed output.
        if (keySet.has(key))
            continue;
        // Don't copy an undeclared __proto__ into the result; assignment to a plain {} would replace the result prototype. But in strict mode it is still an unknown key, so report it before skipping.
        if (key === "__proto__") {
            if (t === "never")
                unrecognized.push(key);
            continue;
        }
        if (t === "never") {
            unrecognized.push(key);
            continue;
        }
        const r = _catchall.run({ value: input[key], issues: [] }, ctx);
        if (r instanceof Promise) {
            proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
        }
        else {
            handlePropertyResult(r, payload, key, input, optin, optout);
        }
    }
    if (unrecognized.length) {
        payload.issues.push({
            code: "unrecognized_keys",
            keys: unrecognized,
            input,
            inst,
            // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
            continue: true,
        });
    }
    if (!proms.length)
        return payload;
    return Promise.all(proms).then(() => {
        return payload;
    });
}
const $ZodObject = /*@__PURE__*/ $constructor("$ZodObject", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodType.init(inst, def);
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    // a cloned def carries its source's accessor, which knows the shape it answers from; adopting that keeps the clone's keys readable without running it
    const sh = desc?.get ? desc.get.raw : (def.shape ?? {});
    if (sh) {
        // Freezes the shape on first read, so its getters resolve once and every later read sees the same schemas.
        const get = () => {
            const newSh = { ...sh };
            Object.defineProperty(def, "shape", { value: newSh });
            get.raw = newSh;
            return newSh;
        };
        get.raw = sh;
        Object.defineProperty(def, "shape", { get });
    }
    const _normalized = cached(() => normalizeDef(def));
    defineLazyInternal(inst, "propValues", (zod) => {
        const shape = zod.def.shape;
        const propValues = {};
        for (const key in shape) {
            const field = shape[key]._zod;
            if (field.values) {
                if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
                    assignProp(propValues, key, new Set());
                }
                for (const v of field.values)
                    propValues[key].add(v);
                // An omittable slot reads back as undefined at a discriminator lookup, so it has to claim undefined: two options that can both omit the key are not discriminable on it.
                if (field.optin !== undefined)
                    propValues[key].add(undefined);
            }
        }
        return propValues;
    });
    const isObject$1 = isObject;
    const catchall = def.catchall;
    let value;
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject$1(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
        const proms = [];
        const shape = value.shape;
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const key of value.allKeys) {
            if (abortEarly && payload.issues.length !== seen) {
                if (aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            if (key === "__proto__")
                continue;
            const el = shape[key];
            const optin = el._zod.optin;
            const optout = el._zod.optout;
            const r = el._zod.run({ value: input[key], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
            }
            else {
                handlePropertyResult(r, payload, key, input, optin, optout);
            }
        }
        if (!catchall) {
            return proms.length ? Promise.all(proms).then(() => payload) : payload;
        }
        return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
    };
});
const $ZodObjectJIT = /*@__PURE__*/ $constructor("$ZodObjectJIT", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodObject.init(inst, def);
    const superParse = inst._zod.parse;
    const _normalized = cached(() => normalizeDef(def));
    const memo = globalConfig.memoizer;
    const generateFastpass = (shape) => {
        const normalized = _normalized.value;
        const syms = normalized.symbolKeys;
        // a symbol has no source literal, so it is read as `syms[i]` off the closed-over scope
        const doc = new Doc(["payload", "ctx"], { shape, inst, memo, syms });
        const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
        // prefixes in place, like util.prefixIssues. newResult must land before the early return: a catchall runs after this and would otherwise write onto the caller's input
        const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
        doc.write(`const input = payload.value;`);
        const ids = Object.create(null);
        let counter = 0;
        for (const key of normalized.allKeys) {
            ids[key] = `key_${counter++}`;
        }
        // A: preserve key order {
        doc.write(memo ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
        for (const key of normalized.allKeys) {
            if (key === "__proto__")
                continue;
            const id = ids[key];
            const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key);
            const isPresent = `${k} in input`;
            const schema = shape[key];
            const optin = schema?._zod?.optin;
            const isOptionalIn = optin !== undefined;
            const isOptionalOut = schema?._zod?.optout === "optional";
            doc.write(`const ${id} = ${parseStr(k)};`);
            if (isOptionalIn && isOptionalOut) {
                // For optional-in/out schemas, ignore errors on absent keys — and, like the interpreted path, drop the value produced alongside them. The middle rung goes further: it permits absence without supplying anything in its place, so an absent key contributes nothing at all.
                const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
                doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
            }
            else if (!isOptionalIn) {
                doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
            }
            else {
                doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
                if (optin === "defaulted") {
                    doc.write(`newResult[${k}] = ${id}.value;`);
                }
                else {
                    doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
                }
            }
        }
        doc.write(`payload.value = newResult;`);
        doc.write(`return payload;`);
        // closing `shape` in is what pays: turbofan specializes the parser against that one shape object, so every `shape[k]._zod.run` folds to a known callee. as a parameter it stays a generic load and measures 13% slower even with the forwarding frame gone
        return doc.compile();
    };
    let fastpass;
    const isObject$1 = isObject;
    const jit = !globalConfig.jitless;
    const allowsEval$1 = allowsEval;
    const fastEnabled = jit && allowsEval$1.value; // && !def.catchall;
    const catchall = def.catchall;
    let value;
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject$1(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
            // always synchronous
            if (!fastpass)
                fastpass = generateFastpass(def.shape);
            payload = fastpass(payload, ctx);
            if (!catchall)
                return payload;
            return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
        }
        return superParse(payload, ctx);
    };
});
function handleUnionResults(results, final, inst, ctx) {
    for (const result of results) {
        if (result.issues.length === 0) {
            final.value = result.value;
            return final;
        }
    }
    const nonaborted = results.filter((r) => !aborted(r));
    if (nonaborted.length === 1) {
        final.value = nonaborted[0].value;
        return nonaborted[0];
    }
    final.issues.push({
        code: "invalid_union",
        input: final.value,
        inst,
        errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config()))),
    });
    return final;
}
const $ZodUnion = /*@__PURE__*/ $constructor("$ZodUnion", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted")
        ? "defaulted"
        : zod.def.options.some((o) => o._zod.optin !== undefined)
            ? "optional"
            : undefined);
    defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : undefined);
    defineLazyInternal(inst, "values", (zod) => {
        if (zod.def.options.every((o) => o._zod.values)) {
            return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
        }
        return undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        if (zod.def.options.every((o) => o._zod.pattern)) {
            const patterns = zod.def.options.map((o) => o._zod.pattern);
            return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
        }
        return undefined;
    });
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                if (result.issues.length === 0)
                    return result;
                results.push(result);
            }
        }
        if (!async)
            return handleUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleUnionResults(results, payload, inst, ctx);
        });
    };
});
function discriminatorMap(def) {
    const map = new Map();
    for (const option of def.options) {
        const values = option._zod.propValues?.[def.discriminator];
        if (!values || values.size === 0)
            throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
        for (const value of values) {
            if (map.has(value)) {
                if (value !== undefined)
                    throw new Error(`Duplicate discriminator value "${String(value)}"`);
                // keep the collision marked so a later member cannot reclaim it
                map.set(value, null);
            }
            else {
                map.set(value, option);
            }
        }
    }
    return map;
}
const $ZodDiscriminatedUnion = 
/*@__PURE__*/
$constructor("$ZodDiscriminatedUnion", (inst, def) => {
    def.inclusive = false;
    $ZodUnion.init(inst, def);
    const _super = inst._zod.parse;
    defineLazyInternal(inst, "propValues", (zod) => {
        const propValues = {};
        let undefinedCount = 0;
        for (const option of zod.def.options) {
            const pv = option._zod.propValues;
            if (!pv || Object.keys(pv).length === 0)
                throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
            if (pv[zod.def.discriminator]?.has(undefined))
                undefinedCount++;
            for (const [k, v] of Object.entries(pv)) {
                if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
                    assignProp(propValues, k, new Set());
                }
                for (const val of v) {
                    propValues[k].add(val);
                }
            }
        }
        if (!zod.def.unionFallback && undefinedCount > 1)
            propValues[zod.def.discriminator]?.delete(undefined);
        return propValues;
    });
    // Checked now rather than in the lookup map below, so an option that lacks the discriminator fails at the `discriminatedUnion` call instead of on the first object parsed. Options whose shape cannot be enumerated without resolving it — pipes and lazies — are left to the map.
    def.options.forEach((option, i) => {
        const propShape = rawShape(option._zod.def);
        if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
            throw new Error(`Invalid discriminated union option at index "${i}"`);
        }
    });
    const disc = cached(() => discriminatorMap(def));
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                code: "invalid_type",
                expected: "object",
                input,
                inst,
            });
            return payload;
        }
        const value = input?.[def.discriminator];
        const opt = disc.value.get(value);
        // forward metadata cannot choose an encoder for an absent tag
        if (opt && (value !== undefined || ctx.direction !== "backward")) {
            return opt._zod.run(payload, ctx);
        }
        // Fall back to union matching when the fast discriminator path fails:
        // - explicitly enabled via unionFallback, or
        // - during backward direction (encode), since codec-based discriminators have different values in forward vs backward directions
        if (def.unionFallback || ctx.direction === "backward") {
            return _super(payload, ctx);
        }
        // no matching discriminator
        payload.issues.push({
            code: "invalid_union",
            errors: [],
            note: "No matching discriminator",
            discriminator: def.discriminator,
            options: Array.from(disc.value.keys()).filter((value) => disc.value.get(value) !== null),
            input,
            path: [def.discriminator],
            inst,
        });
        return payload;
    };
});
const $ZodIntersection = /*@__PURE__*/ $constructor("$ZodIntersection", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        const left = def.left._zod.run({ value: input, issues: [] }, ctx);
        const right = def.right._zod.run({ value: input, issues: [] }, ctx);
        const async = left instanceof Promise || right instanceof Promise;
        if (async) {
            return Promise.all([left, right]).then(([left, right]) => {
                return handleIntersectionResults(payload, left, right);
            });
        }
        return handleIntersectionResults(payload, left, right);
    };
});
function mergeValues(a, b) {
    // const aType = parse.t(a);
    // const bType = parse.t(b);
    if (a === b) {
        return { valid: true, data: a };
    }
    if (a instanceof Date && b instanceof Date && +a === +b) {
        return { valid: true, data: a };
    }
    if (isPlainObject(a) && isPlainObject(b)) {
        const bKeys = Object.keys(b);
        const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
        const newObj = { ...a, ...b };
        if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
            delete newObj.__proto__;
        for (const key of sharedKeys) {
            if (key === "__proto__")
                continue;
            const sharedValue = mergeValues(a[key], b[key]);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [key, ...sharedValue.mergeErrorPath],
                };
            }
            newObj[key] = sharedValue.data;
        }
        return { valid: true, data: newObj };
    }
    if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) {
            return { valid: false, mergeErrorPath: [] };
        }
        const newArray = [];
        for (let index = 0; index < a.length; index++) {
            const itemA = a[index];
            const itemB = b[index];
            const sharedValue = mergeValues(itemA, itemB);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [index, ...sharedValue.mergeErrorPath],
                };
            }
            newArray.push(sharedValue.data);
        }
        return { valid: true, data: newArray };
    }
    return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
    // Track which side(s) reject each key. A key rejection is reported only when BOTH sides reject it, so a key owned by one branch survives the other's key schema. strictObject reports these as unrecognized_keys; a record with an open key schema reports one invalid_key per key.
    const unrecKeys = new Map();
    let unrecIssue;
    const keyIssues = new Map();
    const collect = (iss, side) => {
        let keys;
        if (iss.code === "unrecognized_keys" && !iss.path?.length) {
            unrecIssue ?? (unrecIssue = iss);
            keys = iss.keys;
        }
        else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
            const k = String(iss.path[0]);
            if (!keyIssues.has(k))
                keyIssues.set(k, iss);
            keys = [k];
        }
        else {
            return false;
        }
        for (const k of keys) {
            if (!unrecKeys.has(k))
                unrecKeys.set(k, {});
            unrecKeys.get(k)[side] = true;
        }
        return true;
    };
    for (const iss of left.issues) {
        if (!collect(iss, "l"))
            result.issues.push(iss);
    }
    for (const iss of right.issues) {
        if (!collect(iss, "r"))
            result.issues.push(iss);
    }
    // Report only keys rejected by BOTH sides
    const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
    if (bothKeys.length) {
        const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
        if (aggregated.length)
            result.issues.push({ ...unrecIssue, keys: aggregated });
        for (const k of bothKeys) {
            if (!aggregated.includes(k) && keyIssues.has(k))
                result.issues.push(keyIssues.get(k));
        }
    }
    const merged = mergeValues(left.value, right.value);
    if (!merged.valid) {
        if (aborted(result))
            return result;
        throw new Error(`Unmergable intersection. Error path: ` + `${JSON.stringify(merged.mergeErrorPath)}`);
    }
    result.value = merged.data;
    return result;
}
const $ZodRecord = /*@__PURE__*/ $constructor("$ZodRecord", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!isPlainObject(input)) {
            payload.issues.push({
                expected: "record",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        // no guard in either loop below: a record's invalid_key aborts but an enclosing intersection can reconcile it, so a stopped loop hides keys the sibling does not own and the intersection then rejects nothing
        const proms = [];
        const values = def.keyType._zod.values;
        if (values && !def.partial) {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            const recordKeys = new Set();
            for (const key of values) {
                if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
                    recordKeys.add(typeof key === "number" ? key.toString() : key);
                    // A declared __proto__ is stripped but is not an unrecognized key.
                    if (key === "__proto__")
                        continue;
                    const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                    if (keyResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (keyResult.issues.length) {
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                        continue;
                    }
                    const outKey = keyResult.value;
                    if (outKey === "__proto__")
                        continue;
                    const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                    if (result instanceof Promise) {
                        proms.push(result.then((result) => {
                            if (result.issues.length) {
                                payload.issues.push(...prefixIssues(key, result.issues));
                            }
                            payload.value[outKey] = result.value;
                        }));
                    }
                    else {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }
                }
            }
            let unrecognized;
            for (const key in input) {
                if (!recordKeys.has(key)) {
                    if (def.mode === "loose") {
                        // skip __proto__ so it can't replace the result prototype via the assignment setter on the plain {} we build into
                        if (key === "__proto__")
                            continue;
                        payload.value[key] = input[key];
                    }
                    else {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        else {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            // An enumerable key schema declares which keys the record owns, so a key outside the set is unrecognized. A non-enumerable one (regex, refine) is a constraint every key must satisfy, so a failing key is invalid. Only the former is reconcilable against the other side of an intersection.
            let unrecognized;
            // Reflect.ownKeys for Symbol-key support; filter non-enumerable to match z.object()
            for (const key of Reflect.ownKeys(input)) {
                if (key === "__proto__")
                    continue;
                if (!Object.prototype.propertyIsEnumerable.call(input, key))
                    continue;
                let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                if (keyResult instanceof Promise) {
                    throw new Error("Async schemas not supported in object keys currently");
                }
                // Numeric string fallback: if key is a numeric string and failed, retry with Number(key). This handles z.number(), z.literal([1, 2, 3]), and unions containing numeric literals
                const checkNumericKey = typeof key === "string" && number$2.test(key) && keyResult.issues.length;
                if (checkNumericKey) {
                    const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
                    if (retryResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (retryResult.issues.length === 0) {
                        keyResult = retryResult;
                    }
                }
                if (keyResult.issues.length) {
                    if (def.mode === "loose") {
                        // Pass through unchanged
                        payload.value[key] = input[key];
                    }
                    else if (values) {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                    else {
                        // Default "strict" behavior: error on invalid key
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                    }
                    continue;
                }
                // the guard above tests the raw input key, but the key schema can normalize an ordinary key into __proto__; re-check the key we actually write under
                const outKey = keyResult.value;
                if (outKey === "__proto__")
                    continue;
                const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((result) => {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }));
                }
                else {
                    if (result.issues.length) {
                        payload.issues.push(...prefixIssues(key, result.issues));
                    }
                    payload.value[outKey] = result.value;
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload;
    };
});
const $ZodEnum = /*@__PURE__*/ $constructor("$ZodEnum", (inst, def) => {
    $ZodType.init(inst, def);
    const values = getEnumValues(def.entries);
    const valuesSet = new Set(values);
    inst._zod.values = valuesSet;
    defineLazyInternal(inst, "pattern", (zod) => {
        const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (valuesSet.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodLiteral = /*@__PURE__*/ $constructor("$ZodLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const values = new Set(def.values);
    inst._zod.values = values;
    defineLazyInternal(inst, "pattern", (zod) => {
        const vals = zod.def.values;
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(vals.length
            ? `^(${vals
                .map((o) => typeof o === "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o))
                .join("|")})$`
            : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (values.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values: def.values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodTransform = /*@__PURE__*/ $constructor("$ZodTransform", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "optional";
    globalConfig.memoizer?.guard(inst);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new $ZodEncodeError(inst.constructor.name);
        }
        const _out = def.transform(payload.value, payload);
        if (ctx.async) {
            const output = _out instanceof Promise ? _out : Promise.resolve(_out);
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        if (_out instanceof Promise) {
            throw new $ZodAsyncError();
        }
        payload.value = _out;
        return payload;
    };
});
function handleOptionalResult(payload, result) {
    // A substituting schema that still failed has no usable answer; yield undefined. Its issues are simply dropped: it ran on a payload of its own, so there is no shared array to truncate and nothing of the caller's to lose with it.
    payload.value = result.issues.length ? undefined : result.value;
    return payload;
}
const $ZodOptional = /*@__PURE__*/ $constructor("$ZodOptional", (inst, def) => {
    $ZodType.init(inst, def);
    // .optional() propagates absence rather than substituting for it, so a defaulted inner keeps its rung.
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    inst._zod.optout = "optional";
    defineLazyInternal(inst, "values", (zod) => {
        const values = zod.def.innerType._zod.values;
        return values ? new Set([...values, undefined]) : undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        if (payload.value === undefined) {
            // Only the top rung substitutes a value for absence; everything else leaves it intact, which is what .optional() means.
            if (def.innerType._zod.optin !== "defaulted")
                return payload;
            // Its own payload, for the same reason $ZodCatch gets one: a pipe forwards an unrecognized key through the caller's issues array, and this must not read that as the substituting schema failing and drop it.
            const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
            if (result instanceof Promise)
                return result.then((result) => handleOptionalResult(payload, result));
            return handleOptionalResult(payload, result);
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodExactOptional = /*@__PURE__*/ $constructor("$ZodExactOptional", (inst, def) => {
    // Call parent init - inherits optin/optout = "optional"
    $ZodOptional.init(inst, def);
    // Override values/pattern to NOT add undefined
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
    // Override parse to just delegate (no undefined handling)
    inst._zod.parse = (payload, ctx) => {
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNullable = /*@__PURE__*/ $constructor("$ZodNullable", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : undefined;
    });
    defineLazyInternal(inst, "values", (zod) => {
        return zod.def.innerType._zod.values ? new Set([...zod.def.innerType._zod.values, null]) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        // Forward direction (decode): allow null to pass through
        if (payload.value === null)
            return payload;
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodDefault = /*@__PURE__*/ $constructor("$ZodDefault", (inst, def) => {
    $ZodType.init(inst, def);
    // inst._zod.qin = "true";
    inst._zod.optin = "defaulted";
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply defaults for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
            /**
             * $ZodDefault returns the default value immediately in forward direction.
             * It doesn't pass the default value into the validator ("prefault"). There's no reason to pass the default value through validation. The validity of the default is enforced by TypeScript statically. Otherwise, it's the responsibility of the user to ensure the default is valid. In the case of pipes with divergent in/out types, you can specify the default on the `in` schema of your ZodPipe to set a "prefault" for the pipe.   */
            return payload;
        }
        // Forward direction: continue with default handling
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleDefaultResult(result, def));
        }
        return handleDefaultResult(result, def);
    };
});
function handleDefaultResult(payload, def) {
    if (payload.value === undefined) {
        payload.value = def.defaultValue;
    }
    return payload;
}
const $ZodPrefault = /*@__PURE__*/ $constructor("$ZodPrefault", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "defaulted";
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply prefault for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNonOptional = /*@__PURE__*/ $constructor("$ZodNonOptional", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "values", (zod) => {
        const v = zod.def.innerType._zod.values;
        return v ? new Set([...v].filter((x) => x !== undefined)) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleNonOptionalResult(result, inst));
        }
        return handleNonOptionalResult(result, inst);
    };
});
function handleNonOptionalResult(payload, inst) {
    if (!payload.issues.length && payload.value === undefined) {
        payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: payload.value,
            inst,
        });
    }
    return payload;
}
function handleCatchResult(payload, result, def, ctx) {
    if (!result.issues.length) {
        payload.value = result.value;
        // The value carries up, so the flag describing it has to carry with it: a back-edge into a node still being parsed must not be frozen by an enclosing readonly, and its checks belong to the node itself. Guarded so the ordinary case adds no own property.
        if (result.memo)
            payload.memo = true;
        return payload;
    }
    // Spread the inner's own payload, not ours: `value` has to stay the input the catch was handed, and the inner ran on a payload of its own so its issues are already private to this call.
    payload.value = def.catchValue({
        ...result,
        value: payload.value,
        error: {
            issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config())),
        },
        input: payload.value,
    });
    return payload;
}
const $ZodCatch = /*@__PURE__*/ $constructor("$ZodCatch", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply catch logic
        const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleCatchResult(payload, result, def, ctx));
        }
        return handleCatchResult(payload, result, def, ctx);
    };
});
const $ZodPipe = /*@__PURE__*/ $constructor("$ZodPipe", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handlePipeResult(right, def.in, ctx));
            }
            return handlePipeResult(right, def.in, ctx);
        }
        const left = def.in._zod.run(payload, ctx);
        if (left instanceof Promise) {
            return left.then((left) => handlePipeResult(left, def.out, ctx));
        }
        return handlePipeResult(left, def.out, ctx);
    };
});
function handlePipeResult(left, next, ctx) {
    // Any issue stops the pipe, so a failing refinement never feeds its transform. An unrecognized key is the exception: it describes the input's extra properties, not the value being piped, and an enclosing intersection may yet reconcile it.
    if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
        // prevent further checks
        left.aborted = true;
        return left;
    }
    return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
const $ZodReadonly = /*@__PURE__*/ $constructor("$ZodReadonly", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then(handleReadonlyResult);
        }
        return handleReadonlyResult(result);
    };
});
function handleReadonlyResult(payload) {
    // A repeat visit hands back a node that is still being built; freezing it here would make the rest of its keys fail to assign.
    if (!payload.memo)
        payload.value = Object.freeze(payload.value);
    return payload;
}
const $ZodCustom = /*@__PURE__*/ $constructor("$ZodCustom", (inst, def) => {
    $ZodCheck.init(inst, def);
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _) => {
        return payload;
    };
    inst._zod.check = (payload) => {
        const input = payload.value;
        const r = def.fn(input);
        if (r instanceof Promise) {
            return r.then((r) => handleRefineResult(r, payload, input, inst));
        }
        handleRefineResult(r, payload, input, inst);
        return;
    };
});
function handleRefineResult(result, payload, input, inst) {
    if (!result) {
        const _iss = {
            code: "custom",
            input,
            inst, // incorporates params.error into issue reporting
            path: [...(inst._zod.def.path ?? [])], // incorporates params.error into issue reporting
            continue: !inst._zod.def.abort,
            // params: inst._zod.def.params,
        };
        if (inst._zod.def.params)
            _iss.params = inst._zod.def.params;
        payload.issues.push(issue(_iss));
    }
}

class $ZodCyclicError extends Error {
    constructor() {
        super(`Cannot parse a reference cycle that closes through a transform`);
        this.name = "ZodCyclicError";
    }
}
/** Keyed off the context object every schema in one parse call already shares. */
const STATE = "~memo";
const NO_ISSUES = [];
// a value a cycle can close through
function isRef(value) {
    return value !== null && typeof value === "object";
}
// Receivers prefix paths in place, so the cache and every hand-out need their own copies.
function cloneIssues(issues) {
    return issues.map((iss) => (iss.path ? { ...iss, path: iss.path.slice() } : { ...iss }));
}
const recursive = /*@__PURE__*/ new WeakMap();
/** What the walk established, in order of certainty: ordered so the strongest answer among children wins. */
const NONE = 0;
const ASSUMED = 1;
const PROVEN = 2;
/** Whether this schema's subtree contains a cycle, so one parse can re-enter it. */
function isRecursive(inst, stack, resolve) {
    const cached = recursive.get(inst);
    if (cached !== undefined)
        return cached ? PROVEN : NONE;
    // Relative to the walk in progress, so not cached.
    if (stack.has(inst))
        return PROVEN;
    stack.add(inst);
    let result = NONE;
    const check = (child) => {
        if (result !== PROVEN && child?._zod) {
            const answer = isRecursive(child, stack);
            if (answer > result)
                result = answer;
        }
    };
    // `Reflect.ownKeys` rather than `Object.keys`, so a cycle through a declared symbol key is still seen
    const shape = (sh, spread) => {
        let answer = NONE;
        for (const key of Reflect.ownKeys(sh)) {
            const desc = Object.getOwnPropertyDescriptor(sh, key);
            // an object resolves its shape by spread, so a key it does not enumerate is never parsed; `z.properties` reads every own key and so keeps them all
            if (!desc.enumerable)
                continue;
            // resolving runs user code, and a factory mints a fresh subtree per read, so an edge the walk can't follow counts as a cycle
            const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack) : NONE;
            if (child > answer)
                answer = child;
        }
        return answer;
    };
    const merge = (answer) => {
        if (answer > result)
            result = answer;
    };
    const def = inst._zod.def;
    const kind = def.type;
    switch (kind) {
        case "object": {
            const raw = rawShape(def);
            // a def with no raw shape answers `shape` from an accessor of its own, and running that can mint a whole fresh subtree
            merge(raw ? shape(raw) : ASSUMED);
            check(def.catchall);
            break;
        }
        case "array":
            check(def.element);
            break;
        case "tuple":
            for (const el of def.items)
                check(el);
            check(def.rest);
            break;
        case "record":
        case "map":
            check(def.keyType);
            check(def.valueType);
            break;
        case "set":
            check(def.valueType);
            break;
        case "union":
            for (const el of def.options)
                check(el);
            break;
        case "intersection":
            check(def.left);
            check(def.right);
            break;
        case "optional":
        case "nullable":
        case "default":
        case "prefault":
        case "catch":
        case "readonly":
        case "nonoptional":
        case "promise":
        case "success":
            check(def.innerType);
            break;
        case "pipe":
            check(def.in);
            check(def.out);
            break;
        case "function":
            check(def.input);
            check(def.output);
            break;
        // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
        case "lazy": {
            const inner = def._cachedInner ?? (undefined);
            // walked with resolution off: one hop sees past the deferral, and a lazy that yields only another unresolved lazy is generative, so it stops there
            merge(inner ? isRecursive(inner, stack) : ASSUMED);
            break;
        }
        // a leaf by choice: `parts` are regex fragments, not data positions
        case "template_literal":
        // leaves
        case "string":
        case "number":
        case "int":
        case "boolean":
        case "bigint":
        case "symbol":
        case "undefined":
        case "null":
        case "void":
        case "never":
        case "any":
        case "unknown":
        case "date":
        case "nan":
        case "enum":
        case "literal":
        case "file":
        case "transform":
        case "custom":
            break;
        default: {
            // a user-defined kind can still hold children, and only its author knows where, so fall back to scanning the def — skipping accessors, since reading one can run user code
            for (const key in def) {
                const desc = Object.getOwnPropertyDescriptor(def, key);
                if (!desc || desc.get)
                    continue;
                const value = desc.value;
                if (!value || typeof value !== "object")
                    continue;
                if (value._zod)
                    check(value);
                else if (Array.isArray(value))
                    for (const el of value)
                        check(el);
            }
        }
    }
    stack.delete(inst);
    return settle(inst, result);
}
/** An assumed answer must not outlive the resolution that settles it, so only a certain one is cached. */
function settle(inst, answer) {
    if (answer !== ASSUMED)
        recursive.set(inst, answer === PROVEN);
    return answer;
}
function bucketFor(state, inst) {
    let bucket = state.buckets.get(inst);
    if (!bucket) {
        bucket = new WeakMap();
        state.buckets.set(inst, bucket);
    }
    return bucket;
}
// Set immediately before delegating to core and cleared immediately after, so `alloc` registers only for a visit this module is driving.
let handoff;
// Allocated but unfinished entries. `alloc` and the matching pop both happen in the synchronous part of a parse, so they nest even when children are async, and one stack serves every schema.
const open$1 = [];
const memo = {
    alloc(_inst, payload, empty) {
        const bucket = handoff;
        if (!bucket)
            return empty;
        handoff = undefined;
        const entry = { value: empty, issues: null };
        bucket.set(payload.value, entry);
        open$1.push(entry);
        return empty;
    },
    guard(inst) {
        var _a;
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                // The value is a placeholder a back-edge is still waiting on, so the cycle closes through this transform. Its output can't exist in time to bind.
                if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
                    throw new $ZodCyclicError();
                return base(payload, ctx);
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
    attach(inst) {
        var _a;
        let isRecursiveInst;
        let rechecked = false;
        // a recursive schema is re-entered many times per parse and its bucket never changes
        let lastCtx;
        let lastBucket;
        // Wraps `parse` in a deferred so it sees the container's final parse. Core's own deferred copies `parse` into `run` when there are no checks, and it ran first, so `run` is patched to match; with checks, `run` reads `parse` dynamically.
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                if (isRecursiveInst === undefined) {
                    const walked = isRecursive(inst, new Set());
                    if (walked === NONE) {
                        // Nothing here can ever fire, so take it back out.
                        inst._zod.parse = base;
                        if (inst._zod.run === wrapped)
                            inst._zod.run = base;
                        return base(payload, ctx);
                    }
                    // this parse resolves the deferred edges on its own path, so ask once more before latching
                    if (walked === PROVEN || rechecked)
                        isRecursiveInst = true;
                    else
                        rechecked = true;
                }
                const input = payload.value;
                if (!isRef(input))
                    return base(payload, ctx);
                let state = ctx[STATE];
                if (!state) {
                    state = { buckets: new WeakMap(), backEdges: undefined };
                    ctx[STATE] = state;
                }
                let bucket;
                if (lastCtx === ctx) {
                    bucket = lastBucket;
                }
                else {
                    bucket = bucketFor(state, inst);
                    lastCtx = ctx;
                    lastBucket = bucket;
                }
                const hit = bucket.get(input);
                if (hit) {
                    payload.value = hit.value;
                    if (hit.issues) {
                        if (hit.issues.length)
                            payload.issues.push(...cloneIssues(hit.issues));
                    }
                    else {
                        // Still being parsed: its own checks cover it, so skip them here.
                        payload.memo = true;
                        state.backEdges ?? (state.backEdges = new WeakSet());
                        state.backEdges.add(hit.value);
                    }
                    return payload;
                }
                handoff = bucket;
                const depth = open$1.length;
                const result = base(payload, ctx);
                handoff = undefined;
                // A container that rejected its input outright allocated nothing.
                const entry = open$1.length > depth ? open$1.pop() : undefined;
                // Both paths written out so the sync one allocates no closure. It runs once per node, and capturing here cost more than everything else combined.
                if (result instanceof Promise) {
                    return result.then((r) => {
                        if (entry)
                            entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
                        return r;
                    });
                }
                if (entry)
                    entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
                return result;
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
};
/** The memoizer that gives containers cycle support. `zod` installs it by default; `zod/mini` opts in with `config({ memoizer: memoizer() })`. */
function memoizer() {
    return memo;
}
/** Whether this value is a node a back-edge resolved to before it finished. */
function isBackEdge(ctx, value) {
    const backEdges = ctx[STATE]?.backEdges;
    return backEdges !== undefined && isRef(value) && backEdges.has(value);
}

const error$1 = () => {
    const Sizable = {
        string: { unit: "characters", verb: "to have" },
        file: { unit: "bytes", verb: "to have" },
        array: { unit: "items", verb: "to have" },
        set: { unit: "items", verb: "to have" },
        map: { unit: "entries", verb: "to have" },
    };
    function getSizing(origin) {
        return Sizable[origin] ?? null;
    }
    const FormatDictionary = {
        regex: "input",
        email: "email address",
        url: "URL",
        emoji: "emoji",
        uuid: "UUID",
        uuidv4: "UUIDv4",
        uuidv6: "UUIDv6",
        nanoid: "nanoid",
        guid: "GUID",
        cuid: "cuid",
        cuid2: "cuid2",
        ulid: "ULID",
        xid: "XID",
        ksuid: "KSUID",
        datetime: "ISO datetime",
        date: "ISO date",
        time: "ISO time",
        duration: "ISO duration",
        ipv4: "IPv4 address",
        ipv6: "IPv6 address",
        mac: "MAC address",
        cidrv4: "IPv4 range",
        cidrv6: "IPv6 range",
        base64: "base64-encoded string",
        base64url: "base64url-encoded string",
        json_string: "JSON string",
        e164: "E.164 number",
        currency_code: "currency code",
        credit_card: "credit card number",
        iban: "IBAN",
        jwt: "JWT",
        template_literal: "input",
    };
    // type names: missing keys = do not translate (use raw value via ?? fallback)
    const TypeDictionary = {
        // Compatibility: "nan" -> "NaN" for display
        nan: "NaN",
        // All other type names omitted - they fall back to raw values via ?? operator
    };
    function getTypeName(type, input) {
        if (type === "number" && typeof input === "number" && !Number.isFinite(input)) {
            return String(input);
        }
        return TypeDictionary[type] ?? type;
    }
    return (issue) => {
        switch (issue.code) {
            case "invalid_type": {
                const expected = getTypeName(issue.expected);
                const receivedType = parsedType(issue.input);
                const received = getTypeName(receivedType, issue.input);
                return `Invalid input: expected ${expected}, received ${received}`;
            }
            case "invalid_value":
                if (issue.values.length === 1)
                    return `Invalid input: expected ${stringifyPrimitive(issue.values[0])}`;
                return `Invalid option: expected one of ${joinValues(issue.values, "|")}`;
            case "too_big": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? "<=" : "<";
                const sizing = getSizing(issue.origin);
                if (sizing)
                    return `Too big: expected ${issue.origin ?? "value"} to have ${adj}${issue.maximum.toString()} ${sizing.unit ?? "elements"}`;
                return `Too big: expected ${issue.origin ?? "value"} to be ${adj}${issue.maximum.toString()}`;
            }
            case "too_small": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? ">=" : ">";
                const sizing = getSizing(issue.origin);
                if (sizing) {
                    return `Too small: expected ${issue.origin} to have ${adj}${issue.minimum.toString()} ${sizing.unit}`;
                }
                return `Too small: expected ${issue.origin} to be ${adj}${issue.minimum.toString()}`;
            }
            case "invalid_format": {
                const _issue = issue;
                if (_issue.format === "starts_with") {
                    return `Invalid string: must start with "${_issue.prefix}"`;
                }
                if (_issue.format === "ends_with")
                    return `Invalid string: must end with "${_issue.suffix}"`;
                if (_issue.format === "includes")
                    return `Invalid string: must include "${_issue.includes}"`;
                if (_issue.format === "regex")
                    return `Invalid string: must match pattern ${_issue.pattern}`;
                return `Invalid ${FormatDictionary[_issue.format] ?? issue.format}`;
            }
            case "not_multiple_of":
                return `Invalid number: must be a multiple of ${issue.divisor}`;
            case "unrecognized_keys":
                return `Unrecognized key${issue.keys.length > 1 ? "s" : ""}: ${joinValues(issue.keys, ", ")}`;
            case "invalid_key":
                return `Invalid key in ${issue.origin}`;
            case "invalid_union":
                if (issue.options && Array.isArray(issue.options) && issue.options.length > 0) {
                    const opts = issue.options.map((o) => `'${o}'`).join(" | ");
                    return `Invalid discriminator value. Expected ${opts}`;
                }
                if (issue.inclusive === false) {
                    return "Invalid input: more than one option matched";
                }
                return "Invalid input";
            case "invalid_element":
                return `Invalid value in ${issue.origin}`;
            default:
                return `Invalid input`;
        }
    };
};
function en () {
    return {
        localeError: error$1(),
    };
}

var _a;
class $ZodRegistry {
    constructor() {
        this._map = new WeakMap();
        this._idmap = new Map();
    }
    add(schema, ..._meta) {
        const meta = _meta[0];
        this._map.set(schema, meta);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.set(meta.id, schema);
        }
        return this;
    }
    clear() {
        this._map = new WeakMap();
        this._idmap = new Map();
        return this;
    }
    remove(schema) {
        const meta = this._map.get(schema);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.delete(meta.id);
        }
        this._map.delete(schema);
        return this;
    }
    get(schema) {
        // return this._map.get(schema) as any;
        // inherit metadata
        const p = schema._zod.parent;
        if (p) {
            const pm = { ...(this.get(p) ?? {}) };
            delete pm.id; // do not inherit id
            const f = { ...pm, ...this._map.get(schema) };
            return Object.keys(f).length ? f : undefined;
        }
        return this._map.get(schema);
    }
    has(schema) {
        return this._map.has(schema);
    }
}
// registries
function registry() {
    return new $ZodRegistry();
}
(_a = globalThis).__zod_globalRegistry ?? (_a.__zod_globalRegistry = registry());
const globalRegistry = globalThis.__zod_globalRegistry;

function snapshotChecks(def) {
    if (def.checks)
        def.checks = [...def.checks];
    return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class, params) {
    return new Class(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class, params) {
    return new Class({
        type: "string",
        format: "email",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class, params) {
    return new Class({
        type: "string",
        format: "guid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v4",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v6",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v7",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _url(Class, params) {
    return new Class({
        type: "string",
        format: "url",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _emoji(Class, params) {
    return new Class({
        type: "string",
        format: "emoji",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class, params) {
    return new Class({
        type: "string",
        format: "nanoid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link _cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
// @__NO_SIDE_EFFECTS__
function _cuid(Class, params) {
    return new Class({
        type: "string",
        format: "cuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class, params) {
    return new Class({
        type: "string",
        format: "cuid2",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class, params) {
    return new Class({
        type: "string",
        format: "ulid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class, params) {
    return new Class({
        type: "string",
        format: "xid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class, params) {
    return new Class({
        type: "string",
        format: "ksuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class, params) {
    return new Class({
        type: "string",
        format: "ipv4",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class, params) {
    return new Class({
        type: "string",
        format: "ipv6",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv4",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv6",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class, params) {
    return new Class({
        type: "string",
        format: "base64",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class, params) {
    return new Class({
        type: "string",
        format: "base64url",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class, params) {
    return new Class({
        type: "string",
        format: "e164",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class, params) {
    return new Class({
        type: "string",
        format: "jwt",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class, params) {
    return new Class({
        type: "string",
        format: "datetime",
        check: "string_format",
        offset: false,
        local: false,
        precision: null,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class, params) {
    return new Class({
        type: "string",
        format: "date",
        check: "string_format",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class, params) {
    return new Class({
        type: "string",
        format: "time",
        check: "string_format",
        precision: null,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class, params) {
    return new Class({
        type: "string",
        format: "duration",
        check: "string_format",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _number(Class, params) {
    return new Class(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "safeint",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class, params) {
    return new Class({
        type: "boolean",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class) {
    return new Class({
        type: "unknown",
    });
}
// @__NO_SIDE_EFFECTS__
function _never(Class, params) {
    return new Class({
        type: "never",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}
// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
    return new $ZodCheckMultipleOf({
        check: "multiple_of",
        ...normalizeParams(params),
        value,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
    const ch = new $ZodCheckMaxLength({
        check: "max_length",
        ...normalizeParams(params),
        maximum,
    });
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
    return new $ZodCheckMinLength({
        check: "min_length",
        ...normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
    return new $ZodCheckLengthEquals({
        check: "length_equals",
        ...normalizeParams(params),
        length,
    });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
    return new $ZodCheckRegex({
        check: "string_format",
        format: "regex",
        ...normalizeParams(params),
        pattern,
    });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
    return new $ZodCheckLowerCase({
        check: "string_format",
        format: "lowercase",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
    return new $ZodCheckUpperCase({
        check: "string_format",
        format: "uppercase",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
    return new $ZodCheckIncludes({
        check: "string_format",
        format: "includes",
        ...normalizeParams(params),
        includes,
    });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
    return new $ZodCheckStartsWith({
        check: "string_format",
        format: "starts_with",
        ...normalizeParams(params),
        prefix,
    });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
    return new $ZodCheckEndsWith({
        check: "string_format",
        format: "ends_with",
        ...normalizeParams(params),
        suffix,
    });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
    return new $ZodCheckOverwrite({
        check: "overwrite",
        tx,
    });
}
// normalize
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
    return _overwrite((input) => input.normalize(form));
}
// trim
// @__NO_SIDE_EFFECTS__
function _trim() {
    return _overwrite((input) => input.trim());
}
// toLowerCase
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
    return _overwrite((input) => input.toLowerCase());
}
// toUpperCase
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
    return _overwrite((input) => input.toUpperCase());
}
// slugify
// @__NO_SIDE_EFFECTS__
function _slugify() {
    return _overwrite((input) => slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class, element, params) {
    return new Class({
        type: "array",
        element,
        // get element() {
        //   return element;
        // },
        ...normalizeParams(params),
    });
}
// same as _custom but defaults to abort:false
// @__NO_SIDE_EFFECTS__
function _refine(Class, fn, _params) {
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...normalizeParams(_params),
    });
    return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
    const ch = _check((payload) => {
        payload.addIssue = (issue$1) => {
            if (typeof issue$1 === "string") {
                payload.issues.push(issue(issue$1, payload.value, ch._zod.def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue$1;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = ch);
                _issue.continue ?? (_issue.continue = !ch._zod.def.abort); // abort is always undefined, so this is always true...
                payload.issues.push(issue(_issue));
            }
        };
        return fn(payload.value, payload);
    }, params);
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
    const ch = new $ZodCheck({
        check: "custom",
        ...normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}

function assignProps(target, ...sources) {
    for (const source of sources) {
        for (const key of Reflect.ownKeys(source)) {
            if (Object.prototype.propertyIsEnumerable.call(source, key)) {
                assignProp(target, key, source[key]);
            }
        }
    }
    return target;
}
// function initializeContext<T extends schemas.$ZodType>(inputs: JSONSchemaGeneratorParams<T>): ToJSONSchemaContext<T> {
//   return {
//     processor: inputs.processor,
//     metadataRegistry: inputs.metadata ?? globalRegistry,
//     target: inputs.target ?? "draft-2020-12",
//     unrepresentable: inputs.unrepresentable ?? "throw",
//   };
// }
function initializeContext(params) {
    // Normalize target: convert old non-hyphenated versions to hyphenated versions
    let target = params?.target ?? "draft-2020-12";
    if (target === "draft-4")
        target = "draft-04";
    if (target === "draft-7")
        target = "draft-07";
    return {
        processors: params.processors ?? {},
        metadataRegistry: params?.metadata ?? globalRegistry,
        target,
        unrepresentable: params?.unrepresentable ?? "throw",
        override: params?.override ?? (() => { }),
        io: params?.io ?? "output",
        counter: 0,
        seen: new Map(),
        sharedDefsExtractedFor: undefined,
        sharedEmitDoneFor: undefined,
        cycles: params?.cycles ?? "ref",
        reused: params?.reused ?? "inline",
        intersections: [],
        deferred: [],
        external: params?.external ?? undefined,
    };
}
/**
 * Applies the `unrepresentable` setting at a site that has no JSON Schema equivalent. Throws
 * `message` unless the setting (or the handler's return value) says otherwise. Returns `true` if a
 * custom JSON Schema was written into `json`, in which case the caller must not write its own.
 */
function handleUnrepresentable(schema, ctx, json, params, message) {
    const result = typeof ctx.unrepresentable === "function"
        ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message })
        : ctx.unrepresentable;
    if (result === "any")
        return false;
    if (result === undefined || result === "throw")
        throw new Error(message);
    Object.assign(json, result);
    return true;
}
// never rename this back to `process`: bundler polyfills inject a top-level `const process` that a lexical declaration of the same name collides with (#6397)
function processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
    var _a;
    const def = schema._zod.def;
    // check for schema in seens
    const seen = ctx.seen.get(schema);
    if (seen) {
        seen.count++;
        // check if cycle
        const isCycle = _params.schemaPath.includes(schema);
        if (isCycle) {
            seen.cycle = _params.path;
        }
        return seen.schema;
    }
    // initialize
    const result = { schema: {}, count: 1, cycle: undefined, path: _params.path };
    ctx.seen.set(schema, result);
    ctx.sharedDefsExtractedFor = undefined;
    ctx.sharedEmitDoneFor = undefined;
    // custom method overrides default behavior
    const overrideSchema = schema._zod.toJSONSchema?.();
    if (overrideSchema) {
        result.schema = overrideSchema;
    }
    else {
        const params = {
            ..._params,
            schemaPath: [..._params.schemaPath, schema],
            path: _params.path,
        };
        if (schema._zod.processJSONSchema) {
            schema._zod.processJSONSchema(ctx, result.schema, params);
        }
        else {
            const _json = result.schema;
            const processor = ctx.processors[def.type];
            if (!processor) {
                throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
            }
            processor(schema, ctx, _json, params);
        }
        const parent = schema._zod.parent;
        if (parent) {
            // Also set ref if processor didn't (for inheritance)
            if (!result.ref)
                result.ref = parent;
            processSchema(parent, ctx, params);
            ctx.seen.get(parent).isParent = true;
        }
    }
    // metadata
    const meta = ctx.metadataRegistry.get(schema);
    if (meta)
        assignProps(result.schema, meta);
    if (ctx.io === "input" && isTransforming(schema)) {
        // examples/defaults only apply to output type of pipe
        delete result.schema.examples;
        delete result.schema.default;
    }
    // set prefault as default
    if (ctx.io === "input" && "_prefault" in result.schema)
        (_a = result.schema).default ?? (_a.default = result.schema._prefault);
    delete result.schema._prefault;
    // pulling fresh from ctx.seen in case it was overwritten
    const _result = ctx.seen.get(schema);
    return _result.schema;
}
// Escape a reference token for use in a JSON Pointer fragment (RFC 6901): `~` becomes `~0` and `/` becomes `~1`. The `~` replacement must run first.
function encodeJSONPointerSegment(segment) {
    return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function extractDefs(ctx, schema
// params: EmitParams
) {
    // iterate over seen map;
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // With `external` set, every registered schema resolves through the external branch of `makeURI`, so the root branch below produces the same ref the external branch would — this pass is identical whichever schema it is called with, and only needs to run once.
    if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
        return;
    // Track ids to detect duplicates across different schemas
    const idToSchema = new Map();
    for (const entry of ctx.seen.entries()) {
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            const existing = idToSchema.get(id);
            if (existing && existing !== entry[0]) {
                throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
            }
            idToSchema.set(id, entry[0]);
        }
    }
    // returns a ref to the schema defId will be empty if the ref points to an external schema (or #)
    const makeURI = (entry) => {
        // comparing the seen objects because sometimes multiple schemas map to the same seen object. e.g. lazy
        // external is configured
        const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
        if (ctx.external) {
            const externalId = ctx.external.registry.get(entry[0])?.id; // ?? "__shared";// `__schema${ctx.counter++}`;
            // check if schema is in the external registry
            const uriGenerator = ctx.external.uri ?? ((id) => id);
            if (externalId) {
                return { ref: uriGenerator(externalId) };
            }
            // otherwise, add to __shared
            const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
            entry[1].defId = id; // set defId so it will be reused if needed
            return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
        }
        const uriPrefix = `#`;
        const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
        // an id-less root has nowhere to be extracted to, so it stays inline and self-references as `#`
        if (entry[1] === root && !entry[1].schema.id) {
            return { ref: uriPrefix };
        }
        // self-contained schema
        const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
        return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
    };
    // stored cached version in `def` property remove all properties, set $ref
    const extractToDef = (entry) => {
        // if the schema is already a reference, do not extract it
        if (entry[1].schema.$ref) {
            return;
        }
        const seen = entry[1];
        const { ref, defId } = makeURI(entry);
        seen.def = { ...seen.schema };
        // defId won't be set if the schema is a reference to an external schema or if the schema is the root schema
        if (defId)
            seen.defId = defId;
        // wipe away all properties except $ref
        const schema = seen.schema;
        for (const key in schema) {
            delete schema[key];
        }
        schema.$ref = ref;
    };
    // throw on cycles
    // break cycles
    if (ctx.cycles === "throw") {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.cycle) {
                throw new Error("Cycle detected: " +
                    `#/${seen.cycle?.join("/")}/<root>` +
                    '\n\nSet the `cycles` parameter to `"ref"` to resolve cyclical schemas with defs.');
            }
        }
    }
    // extract schemas into $defs
    for (const entry of ctx.seen.entries()) {
        const seen = entry[1];
        // convert root schema to # $ref
        if (schema === entry[0]) {
            extractToDef(entry); // this has special handling for the root schema
            continue;
        }
        // extract schemas that are in the external registry
        if (ctx.external) {
            const ext = ctx.external.registry.get(entry[0])?.id;
            if (schema !== entry[0] && ext) {
                extractToDef(entry);
                continue;
            }
        }
        // extract schemas with `id` meta
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            extractToDef(entry);
            continue;
        }
        // break cycles
        if (seen.cycle) {
            // any
            extractToDef(entry);
            continue;
        }
        // extract reused schemas
        if (seen.count > 1) {
            if (ctx.reused === "ref") {
                extractToDef(entry);
            }
        }
    }
    if (ctx.external)
        ctx.sharedDefsExtractedFor = ctx.external;
}
/** Rewrites `anyOf: [{type: "a"}, {type: "b"}]` to `type: ["a", "b"]`, which every JSON Schema draft treats as equivalent and most consumers render far better for the nullable case. Only branches that are a bare type assertion qualify — anything carrying a constraint, `$ref`, `const` or metadata is left alone. Runs after `flattenRef`, so a branch an override decorated or `$defs` extraction turned into a `$ref` is no longer bare and correctly stays in `anyOf`. `oneOf` is excluded: `integer` and `number` overlap, so "exactly one" and "at least one" are not the same there. OpenAPI 3.0 is excluded: its `type` must be a single string. */
function compactTypeUnion(schema) {
    const options = schema.anyOf;
    if (!Array.isArray(options) || options.length === 0 || schema.type !== undefined)
        return;
    const types = [];
    for (const option of options) {
        if (!option || typeof option !== "object")
            return;
        // A branch that is itself a compactible union folds into this one — nested `anyOf` and a flat `type` array say the same thing. Compacting it first also makes the result independent of the order this pass walks the seen map in.
        compactTypeUnion(option);
        const keys = Object.keys(option);
        if (keys.length !== 1 || keys[0] !== "type")
            return;
        const type = option.type;
        for (const member of Array.isArray(type) ? type : [type]) {
            if (typeof member !== "string")
                return;
            if (!types.includes(member))
                types.push(member);
        }
    }
    delete schema.anyOf;
    // A `type` array must be non-empty and unique (metaschema); a single member is spelled as a bare string.
    schema.type = types.length === 1 ? types[0] : types;
}
/** Keywords `foldIntersection` knows how to combine. Anything else — `$ref`, `patternProperties`,
 * an annotation like `description` — makes a member unfoldable, so a constraint this does not
 * understand leaves the `allOf` alone instead of being silently dropped or misattributed. */
const FOLDABLE_KEYS = new Set(["type", "properties", "required", "additionalProperties"]);
const UNION_KEYS = ["oneOf", "anyOf"];
/** A member's constraint on a key it does not declare itself. A `catchall` states one; `false`, an absent `additionalProperties`, and the empty schema a loose object emits state nothing. */
function undeclaredConstraint(member) {
    const extra = member.additionalProperties;
    if (extra === undefined || extra === false || typeof extra !== "object" || extra === null)
        return null;
    return Object.keys(extra).length ? extra : null;
}
/** Combines object members into the single object they describe together, or returns `null` if any of them carries a keyword outside {@link FOLDABLE_KEYS}. */
function foldObjects(members) {
    const objects = [];
    for (const member of members) {
        // A boolean subschema is legal JSON Schema and carries no keywords to fold.
        if (typeof member !== "object" || member.type !== "object")
            return null;
        for (const key in member) {
            if (!FOLDABLE_KEYS.has(key))
                return null;
        }
        objects.push(member);
    }
    const properties = {};
    const required = new Set();
    for (const object of objects) {
        for (const key in object.properties) {
            // `in` would report a `__proto__` key as already present via the prototype chain and skip it.
            if (Object.prototype.hasOwnProperty.call(properties, key))
                continue;
            // Every member constrains this key: the ones that declare it say how, and a `catchall` member constrains it too even though it does not name it. The key has to satisfy all of them, which is the same intersection one level down.
            const parts = [];
            for (const other of objects) {
                const part = other.properties?.[key] ?? undeclaredConstraint(other);
                if (part === null || part === undefined)
                    continue;
                if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
                    parts.push(part);
            }
            const merged = parts.length === 1
                ? parts[0]
                : (foldObjects(parts) ?? { allOf: parts });
            assignProp(properties, key, merged);
        }
        for (const key of object.required ?? [])
            required.add(key);
    }
    const folded = { type: "object", properties };
    if (required.size)
        folded.required = [...required];
    // A key no member declares is rejected only when every member rejects it, so the fold is closed only when every member is. Otherwise it carries whatever the `catchall` members demand of such a key.
    if (objects.every((object) => object.additionalProperties === false)) {
        folded.additionalProperties = false;
    }
    else {
        const constraints = [];
        for (const object of objects) {
            const constraint = undeclaredConstraint(object);
            if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
                constraints.push(constraint);
        }
        if (constraints.length === 1)
            folded.additionalProperties = constraints[0];
        else if (constraints.length > 1)
            folded.additionalProperties = { allOf: constraints };
    }
    return folded;
}
/** `additionalProperties` in an `allOf` member sees only that member's own `properties`, so two
 * closed object members reject each other's keys and the schema validates nothing. Zod's parser
 * pools the key sets instead — `handleIntersectionResults` reports a key as unrecognized only when
 * *every* side rejects it — so the emitted schema has to pool them too, and folding the members
 * into one object is the encoding that says so on every target.
 *
 * This runs from `finalize`, after `extractDefs`, which is what keeps it clear of the `$ref`
 * machinery: a member extracted into `$defs` is already a `$ref` by now and declines to fold, so it
 * keeps its reference and its own closedness rather than being inlined as a stale copy. */
function foldIntersection(json) {
    const allOf = json.allOf;
    if (!Array.isArray(allOf) || allOf.length < 2)
        return;
    // An `override` runs before this pass and may have written object keywords onto the intersection itself. Those are deliberate, so decline rather than overwrite them.
    for (const key of FOLDABLE_KEYS)
        if (key in json)
            return;
    // An intersection distributes over a union: `A & (X | Y)` is `(A & X) | (A & Y)`. Only the first union is distributed over; a second one stays among the members every branch folds against, where it fails the object check and declines the whole intersection rather than multiplying out.
    const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
    let folded = null;
    if (!unions.length) {
        folded = foldObjects(allOf);
    }
    else {
        const union = unions[0];
        const keyword = UNION_KEYS.find((k) => Array.isArray(union[k]));
        if (Object.keys(union).length !== 1)
            return;
        const rest = allOf.filter((m) => m !== union);
        const branches = union[keyword].map((branch) => foldObjects([...rest, branch]));
        if (branches.some((b) => !b))
            return;
        folded = { [keyword]: branches };
    }
    if (!folded)
        return;
    delete json.allOf;
    assignProps(json, folded);
}
function finalize(ctx, schema) {
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // flatten refs - inherit properties from parent schemas
    const flattenRef = (zodSchema) => {
        const seen = ctx.seen.get(zodSchema);
        // already processed
        if (seen.ref === null)
            return;
        const schema = seen.def ?? seen.schema;
        const _cached = { ...schema };
        const ref = seen.ref;
        seen.ref = null; // prevent infinite recursion
        if (ref) {
            flattenRef(ref);
            const refSeen = ctx.seen.get(ref);
            const refSchema = refSeen.schema;
            // merge referenced schema into current
            if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
                // older drafts can't combine $ref with other properties
                schema.allOf = schema.allOf ?? [];
                schema.allOf.push(refSchema);
            }
            else {
                assignProps(schema, refSchema);
            }
            // restore child's own properties (child wins)
            assignProps(schema, _cached);
            const isParentRef = zodSchema._zod.parent === ref;
            // For parent chain, child is a refinement - remove parent-only properties
            if (isParentRef) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (!(key in _cached)) {
                        delete schema[key];
                    }
                }
            }
            // When ref was extracted to $defs, remove properties that match the definition
            if (refSchema.$ref && refSeen.def) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (key in refSeen.def && JSON.stringify(schema[key]) === JSON.stringify(refSeen.def[key])) {
                        delete schema[key];
                    }
                }
            }
        }
        // If parent was extracted (has $ref), propagate $ref to this schema. This handles cases like: readonly().meta({id}).describe() where processor sets ref to innerType but parent should be referenced
        const parent = zodSchema._zod.parent;
        if (parent && parent !== ref) {
            // Ensure parent is processed first so its def has inherited properties
            flattenRef(parent);
            const parentSeen = ctx.seen.get(parent);
            if (parentSeen?.schema.$ref) {
                schema.$ref = parentSeen.schema.$ref;
                // De-duplicate with parent's definition
                if (parentSeen.def) {
                    for (const key in schema) {
                        if (key === "$ref" || key === "allOf")
                            continue;
                        if (key in parentSeen.def && JSON.stringify(schema[key]) === JSON.stringify(parentSeen.def[key])) {
                            delete schema[key];
                        }
                    }
                }
            }
        }
        // execute overrides
        ctx.override({
            zodSchema: zodSchema,
            jsonSchema: schema,
            path: seen.path ?? [],
        });
    };
    // Flattening walks the whole map and clears each `ref` as it goes, so a second call over the same map is a no-op scan. Skip it outright once it has run for a registry conversion.
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of [...ctx.seen.entries()].reverse()) {
            flattenRef(entry[0]);
        }
        if (ctx.target !== "openapi-3.0") {
            for (const entry of ctx.seen.entries()) {
                compactTypeUnion(entry[1].def ?? entry[1].schema);
            }
        }
        for (const rewrite of ctx.deferred)
            rewrite();
        // After flattening, every member that was extracted is a `$ref`, so the fold sees the final shape. A schema that inherits an intersection — through `z.lazy`, or any `ref` chain — holds the same `allOf` array, so fold by array identity to catch every copy.
        if (ctx.intersections.length) {
            const carriers = new Map();
            for (const seen of ctx.seen.values()) {
                for (const json of [seen.schema, seen.def]) {
                    const allOf = json?.allOf;
                    if (!Array.isArray(allOf))
                        continue;
                    const existing = carriers.get(allOf);
                    if (existing)
                        existing.push(json);
                    else
                        carriers.set(allOf, [json]);
                }
            }
            for (const allOf of ctx.intersections) {
                for (const json of carriers.get(allOf) ?? [])
                    foldIntersection(json);
            }
        }
    }
    const result = {};
    if (ctx.target === "draft-2020-12") {
        result.$schema = "https://json-schema.org/draft/2020-12/schema";
    }
    else if (ctx.target === "draft-07") {
        result.$schema = "http://json-schema.org/draft-07/schema#";
    }
    else if (ctx.target === "draft-04") {
        result.$schema = "http://json-schema.org/draft-04/schema#";
    }
    else if (ctx.target === "openapi-3.0") ;
    else ;
    if (ctx.external?.uri) {
        const id = ctx.external.registry.get(schema)?.id;
        if (!id)
            throw new Error("Schema is missing an `id` property");
        result.$id = ctx.external.uri(id);
    }
    // when the root was extracted into $defs, `root.schema` is the `$ref` wrapper and `root.def` is the body that now lives under $defs
    assignProps(result, root.defId ? root.schema : (root.def ?? root.schema));
    // The `id` in `.meta()` is a Zod-specific registration tag used to extract schemas into $defs — it is not user-facing JSON Schema metadata. Strip it from the output body where it would otherwise leak. The id is preserved implicitly via the $defs key (and via $ref paths).
    const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
    if (rootMetaId !== undefined && result.id === rootMetaId)
        delete result.id;
    // build defs object. With `external`, `defs` is the shared object every schema writes into, so the same entries are reassigned on every call. Without it, `defs` is fresh per call and must be rebuilt.
    const defs = ctx.external?.defs ?? {};
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.def && seen.defId) {
                if (seen.def.id === seen.defId)
                    delete seen.def.id;
                assignProp(defs, seen.defId, seen.def);
            }
        }
    }
    if (ctx.external)
        ctx.sharedEmitDoneFor = ctx.external;
    // set definitions in result
    if (ctx.external) ;
    else {
        if (Object.keys(defs).length > 0) {
            if (ctx.target === "draft-2020-12") {
                result.$defs = defs;
            }
            else {
                result.definitions = defs;
            }
        }
    }
    try {
        // this "finalizes" this schema and ensures all cycles are removed each call to finalize() is functionally independent though the seen map is shared
        const finalized = JSON.parse(JSON.stringify(result));
        Object.defineProperty(finalized, "~standard", {
            value: {
                ...schema["~standard"],
                jsonSchema: {
                    input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
                    output: createStandardJSONSchemaMethod(schema, "output", ctx.processors),
                },
            },
            enumerable: false,
            writable: false,
        });
        return finalized;
    }
    catch (_err) {
        throw new Error("Error converting schema to JSON.");
    }
}
function isTransforming(_schema, _ctx) {
    const ctx = _ctx ?? { seen: new Set() };
    if (ctx.seen.has(_schema))
        return false;
    ctx.seen.add(_schema);
    const def = _schema._zod.def;
    if (def.type === "transform")
        return true;
    if (def.type === "array")
        return isTransforming(def.element, ctx);
    if (def.type === "set")
        return isTransforming(def.valueType, ctx);
    if (def.type === "lazy")
        return isTransforming(def.getter(), ctx);
    if (def.type === "promise" ||
        def.type === "optional" ||
        def.type === "nonoptional" ||
        def.type === "nullable" ||
        def.type === "readonly" ||
        def.type === "default" ||
        def.type === "prefault" ||
        def.type === "catch") {
        return isTransforming(def.innerType, ctx);
    }
    if (def.type === "intersection") {
        return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
    }
    if (def.type === "record" || def.type === "map") {
        return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
    }
    if (def.type === "pipe") {
        if (_schema._zod.traits.has("$ZodCodec"))
            return true;
        return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
    }
    if (def.type === "object") {
        for (const key in def.shape) {
            if (isTransforming(def.shape[key], ctx))
                return true;
        }
        return false;
    }
    if (def.type === "union") {
        for (const option of def.options) {
            if (isTransforming(option, ctx))
                return true;
        }
        return false;
    }
    if (def.type === "tuple") {
        for (const item of def.items) {
            if (isTransforming(item, ctx))
                return true;
        }
        if (def.rest && isTransforming(def.rest, ctx))
            return true;
        return false;
    }
    return false;
}
/**
 * Creates a toJSONSchema method for a schema instance.
 * This encapsulates the logic of initializing context, processing, extracting defs, and finalizing.
 */
const createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
    const ctx = initializeContext({ ...params, processors });
    processSchema(schema, ctx);
    extractDefs(ctx, schema);
    return finalize(ctx, schema);
};
const createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
    const { libraryOptions, target } = params ?? {};
    const ctx = initializeContext({ ...(libraryOptions ?? {}), target, io, processors });
    processSchema(schema, ctx);
    extractDefs(ctx, schema);
    return finalize(ctx, schema);
};

const narrowMin = (agg, key, value) => {
    if (agg[key] === undefined || value > agg[key])
        agg[key] = value;
};
const narrowMax = (agg, key, value) => {
    if (agg[key] === undefined || value < agg[key])
        agg[key] = value;
};
const narrowBoth = (agg, value) => {
    narrowMin(agg, "minimum", value);
    narrowMax(agg, "maximum", value);
};
const addDivisor = (agg, value) => {
    agg.multipleOf ?? (agg.multipleOf = []);
    if (!agg.multipleOf.includes(value))
        agg.multipleOf.push(value);
};
const addPattern = (agg, pattern) => {
    agg.patterns ?? (agg.patterns = new Set());
    agg.patterns.add(pattern);
};
const intersectMime = (agg, mime) => {
    agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
// last-wins, matching the bag's historical write order; the flag keeps an integer format from being lost to a later float one
const setFormat = (agg, format) => {
    agg.format = format;
    if (format.includes("int"))
        agg.isInt = true;
};
const minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
const maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
const formatContributor = (ranges) => (agg, def) => {
    setFormat(agg, def.format);
    const [minimum, maximum] = ranges[def.format];
    narrowMin(agg, "minimum", minimum);
    narrowMax(agg, "maximum", maximum);
};
const contributors = {
    greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
    less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
    multiple_of: (agg, def) => addDivisor(agg, def.value),
    number_format: formatContributor(NUMBER_FORMAT_RANGES),
    bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
    min_length: minContributor,
    max_length: maxContributor,
    length_equals: (agg, def) => narrowBoth(agg, def.length),
    min_size: minContributor,
    max_size: maxContributor,
    size_equals: (agg, def) => narrowBoth(agg, def.size),
    string_format: (agg, def) => {
        setFormat(agg, def.format);
        if (def.pattern)
            addPattern(agg, def.pattern);
        if (def.format === "base64" || def.format === "base64url")
            agg.contentEncoding = def.format;
        if (def.local || def.precision === -1)
            agg.laxFormat = true;
    },
    mime_type: (agg, def) => intersectMime(agg, def.mime),
};
function aggregateChecks(schema) {
    const agg = {};
    const def = schema._zod.def;
    // a format schema is its own first check, same rule as $ZodType init
    const list = schema._zod.traits.has("$ZodCheck")
        ? [schema, ...(def.checks ?? [])]
        : (def.checks ?? []);
    for (const ch of list)
        contributors[ch._zod.def.check]?.(agg, ch._zod.def);
    // reconcile with the bag so third-party onattach contributions still land; first-party residue is never tighter than the fold, so merging it back is idempotent for one and additive for the other
    const bag = schema._zod.bag;
    if (bag.minimum !== undefined)
        narrowMin(agg, "minimum", bag.minimum);
    if (bag.exclusiveMinimum !== undefined)
        narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
    if (bag.maximum !== undefined)
        narrowMax(agg, "maximum", bag.maximum);
    if (bag.exclusiveMaximum !== undefined)
        narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
    if (bag.multipleOf !== undefined)
        addDivisor(agg, bag.multipleOf);
    if (bag.format !== undefined) {
        agg.format ?? (agg.format = bag.format);
        if (bag.format.includes("int"))
            agg.isInt = true;
    }
    if (bag.mime)
        intersectMime(agg, bag.mime);
    for (const pattern of bag.patterns ?? [])
        addPattern(agg, pattern);
    return agg;
}
const formatMap = {
    guid: "uuid",
    url: "uri",
    datetime: "date-time",
    json_string: "json-string",
    regex: "", // do not set
};
// ==================== SIMPLE TYPE PROCESSORS ====================
// the runtime patterns are lax so parse paths never overflow the regex stack; the emitted schema swaps in the exact block forms, which zod itself never executes
const exactPatterns = new Map([
    [base64Charset, base64],
    [base64urlCharset, base64url],
]);
const exactPattern = (p) => exactPatterns.get(p) ?? p;
const stringProcessor = (schema, ctx, _json, _params) => {
    const json = _json;
    json.type = "string";
    const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minLength = minimum;
    if (typeof maximum === "number")
        json.maxLength = maximum;
    // custom pattern overrides format
    if (format) {
        json.format = formatMap[format] ?? format;
        if (json.format === "")
            delete json.format; // empty format is not valid
        // `z.iso.time()` is never full-time, and `laxFormat` carries the datetime shapes that also accept what their keyword forbids
        if (format === "time" || laxFormat) {
            delete json.format;
        }
    }
    if (contentEncoding)
        json.contentEncoding = contentEncoding;
    if (patterns && patterns.size > 0) {
        const patternList = [...patterns].map(exactPattern);
        if (patternList.length === 1)
            json.pattern = patternList[0].source;
        else if (patternList.length > 1) {
            json.allOf = [
                ...patternList.map((regex) => ({
                    ...(ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0"
                        ? { type: "string" }
                        : {}),
                    pattern: regex.source,
                })),
            ];
        }
    }
};
const numberProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
    json.type = isInt ? "integer" : "number";
    // when both minimum and exclusiveMinimum exist, pick the more restrictive one
    const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
    const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
    const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
    if (exMin) {
        if (legacy) {
            json.minimum = exclusiveMinimum;
            json.exclusiveMinimum = true;
        }
        else {
            json.exclusiveMinimum = exclusiveMinimum;
        }
    }
    else if (typeof minimum === "number") {
        json.minimum = minimum;
    }
    if (exMax) {
        if (legacy) {
            json.maximum = exclusiveMaximum;
            json.exclusiveMaximum = true;
        }
        else {
            json.exclusiveMaximum = exclusiveMaximum;
        }
    }
    else if (typeof maximum === "number") {
        json.maximum = maximum;
    }
    if (multipleOf) {
        // JSON Schema requires a divisor strictly greater than zero, and a non-finite one does not survive JSON at all. A negative divisor accepts exactly what its absolute value accepts, so it still maps; zero, NaN and Infinity have no keyword form.
        const divisors = new Set();
        for (const divisor of multipleOf) {
            if (Number.isFinite(divisor) && divisor !== 0)
                divisors.add(Math.abs(divisor));
            else
                handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
        }
        // chained divisors are a conjunction the keyword cannot carry alone, so extras ride an allOf, same as stacked patterns
        const [first, ...rest] = divisors;
        if (first !== undefined)
            json.multipleOf = first;
        if (rest.length)
            json.allOf = [...(json.allOf ?? []), ...rest.map((m) => ({ multipleOf: m }))];
    }
};
const booleanProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const bigintProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "BigInt cannot be represented in JSON Schema");
};
const symbolProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Symbols cannot be represented in JSON Schema");
};
const nullProcessor = (_schema, ctx, json, _params) => {
    if (ctx.target === "openapi-3.0") {
        json.type = "string";
        json.nullable = true;
        json.enum = [null];
    }
    else {
        json.type = "null";
    }
};
const undefinedProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Undefined cannot be represented in JSON Schema");
};
const voidProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Void cannot be represented in JSON Schema");
};
const neverProcessor = (_schema, _ctx, json, _params) => {
    json.not = {};
};
const anyProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const unknownProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const dateProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Date cannot be represented in JSON Schema");
};
const enumProcessor = (schema, _ctx, json, _params) => {
    const def = schema._zod.def;
    const values = getEnumValues(def.entries);
    // an empty enum accepts nothing, same as z.never()
    if (values.length === 0) {
        json.not = {};
        return;
    }
    // Number enums can have both string and number values
    if (values.every((v) => typeof v === "number"))
        json.type = "number";
    if (values.every((v) => typeof v === "string"))
        json.type = "string";
    json.enum = values;
};
const literalProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // a literal with no values accepts nothing, same as z.never()
    if (def.values.length === 0) {
        json.not = {};
        return;
    }
    const vals = [];
    for (const val of def.values) {
        if (val === undefined) {
            // a custom schema replaces the whole literal, so there is nothing left to accumulate
            if (handleUnrepresentable(schema, ctx, json, params, "Literal `undefined` cannot be represented in JSON Schema"))
                return;
            // otherwise do not add to vals
        }
        else if (typeof val === "bigint") {
            if (handleUnrepresentable(schema, ctx, json, params, "BigInt literals cannot be represented in JSON Schema"))
                return;
            vals.push(Number(val));
        }
        else {
            vals.push(val);
        }
    }
    if (vals.length === 0) ;
    else if (vals.length === 1) {
        const val = vals[0];
        json.type = val === null ? "null" : typeof val;
        if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
            json.enum = [val];
        }
        else {
            json.const = val;
        }
    }
    else {
        if (vals.every((v) => typeof v === "number"))
            json.type = "number";
        if (vals.every((v) => typeof v === "string"))
            json.type = "string";
        if (vals.every((v) => typeof v === "boolean"))
            json.type = "boolean";
        if (vals.every((v) => v === null))
            json.type = "null";
        json.enum = vals;
    }
};
const nanProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "NaN cannot be represented in JSON Schema");
};
const templateLiteralProcessor = (schema, _ctx, json, _params) => {
    const _json = json;
    const pattern = schema._zod.pattern;
    if (!pattern)
        throw new Error("Pattern not found in template literal");
    _json.type = "string";
    _json.pattern = pattern.source;
};
const fileProcessor = (schema, _ctx, json, _params) => {
    const _json = json;
    _json.type = "string";
    _json.format = "binary";
    _json.contentEncoding = "binary";
    const { minimum, maximum, mime } = aggregateChecks(schema);
    if (minimum !== undefined)
        _json.minLength = minimum;
    if (maximum !== undefined)
        _json.maxLength = maximum;
    if (!mime)
        return;
    // an empty intersection means the mime checks share no value, so nothing passes at runtime; `anyOf` must be non-empty, so the false schema is `not: {}`
    if (mime.length === 0)
        _json.not = {};
    else if (mime.length === 1)
        _json.contentMediaType = mime[0];
    // only contentMediaType differs, so the shared props stay at the root
    else
        _json.anyOf = mime.map((m) => ({ contentMediaType: m }));
};
const successProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const customProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
const functionProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Function types cannot be represented in JSON Schema");
};
const transformProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
const mapProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Map cannot be represented in JSON Schema");
};
const setProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Set cannot be represented in JSON Schema");
};
// ==================== COMPOSITE TYPE PROCESSORS ====================
const arrayProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
    json.type = "array";
    json.items = processSchema(def.element, ctx, {
        ...params,
        path: [...params.path, "items"],
    });
};
// Transform and catch set `optin = "optional"` at runtime so the parser lets them observe an
// absent key, but their declared input type stays required. An input JSON Schema describes the
// declared type, so resolve past them to the schema that actually carries the optionality.
// Used by both `objectProcessor` (for `required`) and `tupleProcessor` (for `minItems`); see
// wiki/optionality.md, "The JSON Schema emitter reads the *static* value".
function inputOptin(schema) {
    const def = schema._zod.def;
    if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
        return inputOptin(def.out);
    }
    if (def.type === "catch") {
        return inputOptin(def.innerType);
    }
    return schema._zod.optin;
}
const objectProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const shape = def.shape;
    // dropping it while still emitting `additionalProperties: false` would emit a schema that rejects data this one requires
    const symbolKeys = Object.getOwnPropertySymbols(shape);
    if (symbolKeys.length &&
        handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema")) {
        return;
    }
    json.type = "object";
    json.properties = {};
    for (const key in shape) {
        // assignProp so a __proto__ key becomes an own property instead of hitting the inherited setter on the plain {} we build into
        assignProp(json.properties, key, processSchema(shape[key], ctx, {
            ...params,
            path: [...params.path, "properties", key],
        }));
    }
    // required keys
    const requiredKeys = [];
    for (const key of Object.keys(shape)) {
        const field = def.shape[key];
        if (ctx.io === "input" ? inputOptin(field) === undefined : field._zod.optout === undefined) {
            requiredKeys.push(key);
        }
    }
    if (requiredKeys.length > 0) {
        json.required = requiredKeys;
    }
    // catchall
    if (def.catchall?._zod.def.type === "never") {
        // strict
        json.additionalProperties = false;
    }
    else if (!def.catchall) {
        // regular
        if (ctx.io === "output")
            json.additionalProperties = false;
    }
    else if (def.catchall) {
        json.additionalProperties = processSchema(def.catchall, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
};
const unionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // Exclusive unions (inclusive === false) use oneOf (exactly one match) instead of anyOf (one or more matches). This includes both z.xor() and discriminated unions
    const isExclusive = def.inclusive === false;
    const options = def.options.map((x, i) => processSchema(x, ctx, {
        ...params,
        path: [...params.path, isExclusive ? "oneOf" : "anyOf", i],
    }));
    if (isExclusive) {
        json.oneOf = options;
    }
    else {
        json.anyOf = options;
    }
};
const intersectionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const a = processSchema(def.left, ctx, {
        ...params,
        path: [...params.path, "allOf", 0],
    });
    const b = processSchema(def.right, ctx, {
        ...params,
        path: [...params.path, "allOf", 1],
    });
    const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
    const allOf = [
        ...(isSimpleIntersection(a) ? a.allOf : [a]),
        ...(isSimpleIntersection(b) ? b.allOf : [b]),
    ];
    json.allOf = allOf;
    // Recorded innermost first, so a nested intersection has already folded by the time this one is considered. The array is the handle rather than the schema, because a wrapper that inherits this schema shares the same array; `finalize` folds every object holding it. See `foldIntersection`.
    ctx.intersections.push(allOf);
};
const tupleProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "array";
    const prefixPath = ctx.target === "draft-2020-12" ? "prefixItems" : "items";
    const restPath = ctx.target === "draft-2020-12" ? "items" : ctx.target === "openapi-3.0" ? "items" : "additionalItems";
    const prefixItems = def.items.map((x, i) => processSchema(x, ctx, {
        ...params,
        path: [...params.path, prefixPath, i],
    }));
    const rest = def.rest
        ? processSchema(def.rest, ctx, {
            ...params,
            path: [...params.path, restPath, ...(ctx.target === "openapi-3.0" ? [def.items.length] : [])],
        })
        : null;
    let minItems = def.items.length;
    while (minItems > 0) {
        const item = def.items[minItems - 1];
        const optional = ctx.io === "input" ? inputOptin(item) !== undefined : item._zod.optout === "optional";
        if (!optional)
            break;
        minItems--;
    }
    const maxItems = def.items.length;
    const isClosed = !def.rest;
    if (ctx.target === "draft-2020-12") {
        json.prefixItems = prefixItems;
        if (isClosed) {
            json.items = false;
        }
        else if (rest) {
            json.items = rest;
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    else if (ctx.target === "openapi-3.0") {
        json.items = {
            anyOf: prefixItems,
        };
        if (rest) {
            json.items.anyOf.push(rest);
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    else {
        json.items = prefixItems;
        if (isClosed) {
            json.additionalItems = false;
        }
        else if (rest) {
            json.additionalItems = rest;
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    // explicit user-defined length checks take precedence
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
};
/** JSON object keys are always strings, so a numeric record key schema is re-expressed over the
 * numeric-string form the record parser matches. Deferred to `finalize`, after the flatten: a key
 * behind a wrapper only carries its own `type` before then, and a union key only has its branches.
 *
 * A numeric bound cannot apply to a property name, so `minimum` and its siblings are dropped rather
 * than carried over: keeping them beside `type: "string"` reproduces the match-nothing schema this
 * exists to fix. A key that carries one therefore emits wider than the record parses — `z.record(z.number().min(5), V)`
 * accepts `"3"` — which is the deliberate trade, since throwing on it would reject an ordinary schema
 * outright. */
function stringifyKeyNames(bySchema, json, visited) {
    // an extracted key that rewrites cannot go on sharing its definition — the string form a key position needs is not the number form every other reference wants — so it inlines. One that does not rewrite keeps the `$ref`.
    if (json.$ref) {
        // a recursive key holds its own reference inside its definition, so a node already on the path is left alone rather than resolved again
        if (visited.has(json))
            return json;
        visited.add(json);
        const def = bySchema.get(json)?.def;
        if (!def)
            return json;
        const inlined = stringifyKeyNames(bySchema, def, visited);
        return inlined === def ? json : inlined;
    }
    for (const keyword of ["anyOf", "oneOf"]) {
        const branches = json[keyword];
        if (!Array.isArray(branches))
            continue;
        const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
        // rebuilding regardless would detach a key that had nothing to re-express, dropping its `$ref` and leaking the internal `id`
        if (mapped.some((branch, i) => branch !== branches[i]))
            json = { ...json, [keyword]: mapped };
    }
    // a member that already admits a string leaves the key unconstrained, so the node's own type re-expresses only when every member is numeric
    const types = Array.isArray(json.type) ? json.type : [json.type];
    const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
    // a heterogeneous key carries no type at all, so its numeric members are caught here instead
    const values = json.enum ?? (json.const !== undefined ? [json.const] : undefined);
    if (!numericType && !values?.some((v) => typeof v === "number"))
        return json;
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json;
    if (rest.enum)
        rest.enum = rest.enum.map((v) => (typeof v === "number" ? String(v) : v));
    else if (typeof rest.const === "number")
        rest.const = String(rest.const);
    // a heterogeneous key keeps its absent type: the stringified members already say what a key may be
    if (!numericType)
        return rest;
    rest.type = "string";
    if (!values)
        rest.pattern = (types.includes("number") ? number$2 : integer$1).source;
    return rest;
}
/** Every record of one conversion, so the carriers are found in a single pass rather than once per record. */
const pendingRecords = new WeakMap();
function rewriteKeyNames(ctx) {
    // an extracted key is resolved by the object `extractToDef` left in its place, so the map is built once rather than searched per reference. `_zod.toJSONSchema` can hand the same object to two schemas, so the first entry carrying a body wins, as a search would have found it.
    const bySchema = new Map();
    for (const entry of ctx.seen.values()) {
        if (entry.def && !bySchema.has(entry.schema))
            bySchema.set(entry.schema, entry);
    }
    const rewrites = new Map();
    for (const record of pendingRecords.get(ctx) ?? []) {
        const seen = ctx.seen.get(record);
        const names = (seen?.def ?? seen?.schema)?.propertyNames;
        if (!names || names === true || rewrites.has(names))
            continue;
        const rewritten = stringifyKeyNames(bySchema, names, new Set());
        if (rewritten !== names)
            rewrites.set(names, rewritten);
    }
    if (!rewrites.size)
        return;
    // the flatten has already copied each record's own properties onto every wrapper by reference, and an extracted body is another such copy, so every carrier holding a rewritten key is updated together
    for (const entry of ctx.seen.values()) {
        for (const carrier of [entry.schema, entry.def]) {
            const rewritten = carrier && rewrites.get(carrier.propertyNames);
            if (rewritten)
                carrier.propertyNames = rewritten;
        }
    }
}
const recordProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "object";
    // For looseRecord with regex patterns, use patternProperties. This correctly represents "only validate keys matching the pattern" semantics and composes well with allOf (intersections)
    const keyType = def.keyType;
    const patterns = aggregateChecks(keyType).patterns;
    if (def.mode === "loose" && patterns && patterns.size > 0) {
        // Use patternProperties for looseRecord with regex patterns
        const valueSchema = processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "patternProperties", "*"],
        });
        json.patternProperties = {};
        for (const pattern of patterns) {
            assignProp(json.patternProperties, exactPattern(pattern).source, valueSchema);
        }
    }
    else {
        // Default behavior: use propertyNames + additionalProperties
        if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
            json.propertyNames = processSchema(def.keyType, ctx, {
                ...params,
                path: [...params.path, "propertyNames"],
            });
            let pending = pendingRecords.get(ctx);
            if (!pending) {
                pending = [];
                pendingRecords.set(ctx, pending);
                ctx.deferred.push(() => rewriteKeyNames(ctx));
            }
            pending.push(schema);
        }
        json.additionalProperties = processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
    // Add required for keys with discrete values (enum, literal, etc.)
    const keyValues = keyType._zod.values;
    // Every key shares one value schema, so an optional-in value makes the whole key set omittable on input. Output keeps them: the exhaustive branch assigns every key, even one whose value came back undefined.
    const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== undefined;
    if (keyValues && !def.partial && !omittableOnInput) {
        const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
        if (validKeyValues.length > 0) {
            json.required = validKeyValues.map(String);
        }
    }
};
const nullableProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const inner = processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    if (ctx.target === "openapi-3.0") {
        seen.ref = def.innerType;
        json.nullable = true;
    }
    else {
        json.anyOf = [inner, { type: "null" }];
    }
};
const nonoptionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
/** Round-trips a default value through JSON so the emitted schema is guaranteed to be valid JSON.
 * A BigInt has no reliable encoding, so it goes through `unrepresentable` like any other
 * unrepresentable value. Returns a sentinel when the caller must not write a default of its own. */
const UNREPRESENTABLE_DEFAULT = Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
    let unrepresentable = false;
    const serialized = JSON.stringify(value, (_, val) => {
        if (typeof val !== "bigint")
            return val;
        unrepresentable = true;
        return null;
    });
    if (!unrepresentable)
        return JSON.parse(serialized);
    handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
    return UNREPRESENTABLE_DEFAULT;
}
const defaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json.default = value;
};
const prefaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    if (ctx.io !== "input")
        return;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json._prefault = value;
};
const catchProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    let catchValue;
    try {
        catchValue = def.catchValue(undefined);
    }
    catch {
        handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
        return;
    }
    json.default = catchValue;
};
const pipeProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    const inIsTransform = def.in._zod.traits.has("$ZodTransform");
    const innerType = ctx.io === "input" ? (inIsTransform ? def.out : def.in) : def.out;
    processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
const readonlyProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    json.readOnly = true;
};
const promiseProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
const optionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
const lazyProcessor = (schema, ctx, _json, params) => {
    const innerType = schema._zod.innerType;
    processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
// ==================== ALL PROCESSORS ====================
const allProcessors = {
    string: stringProcessor,
    number: numberProcessor,
    boolean: booleanProcessor,
    bigint: bigintProcessor,
    symbol: symbolProcessor,
    null: nullProcessor,
    undefined: undefinedProcessor,
    void: voidProcessor,
    never: neverProcessor,
    any: anyProcessor,
    unknown: unknownProcessor,
    date: dateProcessor,
    enum: enumProcessor,
    literal: literalProcessor,
    nan: nanProcessor,
    template_literal: templateLiteralProcessor,
    file: fileProcessor,
    success: successProcessor,
    custom: customProcessor,
    function: functionProcessor,
    transform: transformProcessor,
    map: mapProcessor,
    set: setProcessor,
    array: arrayProcessor,
    object: objectProcessor,
    union: unionProcessor,
    intersection: intersectionProcessor,
    tuple: tupleProcessor,
    record: recordProcessor,
    nullable: nullableProcessor,
    nonoptional: nonoptionalProcessor,
    default: defaultProcessor,
    prefault: prefaultProcessor,
    catch: catchProcessor,
    pipe: pipeProcessor,
    readonly: readonlyProcessor,
    promise: promiseProcessor,
    optional: optionalProcessor,
    lazy: lazyProcessor,
};
function toJSONSchema(input, params) {
    if ("_idmap" in input) {
        // Registry case
        const registry = input;
        const ctx = initializeContext({ ...params, processors: allProcessors });
        const defs = {};
        // First pass: process all schemas to build the seen map
        for (const entry of registry._idmap.entries()) {
            const [_, schema] = entry;
            processSchema(schema, ctx);
        }
        const schemas = {};
        const external = {
            registry,
            uri: params?.uri,
            defs,
        };
        // Update the context with external configuration
        ctx.external = external;
        // Second pass: emit each schema
        for (const entry of registry._idmap.entries()) {
            const [key, schema] = entry;
            extractDefs(ctx, schema);
            assignProp(schemas, key, finalize(ctx, schema));
        }
        if (Object.keys(defs).length > 0) {
            const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
            schemas.__shared = {
                [defsSegment]: defs,
            };
        }
        return { schemas };
    }
    // Single schema case
    const ctx = initializeContext({ ...params, processors: allProcessors });
    processSchema(input, ctx);
    extractDefs(ctx, input);
    return finalize(ctx, input);
}

/* Prototypes that already carry the lazy helper methods. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
/* Helper methods live as non-enumerable lazy getters on the shared
 * prototype instead of own properties on every instance. On first
 * access the getter allocates the per-instance closure and caches it
 * as a non-enumerable own property, so detached usage still works and
 * the allocation only happens for methods actually touched. */
function _lazyMethod(proto, key, make) {
    Object.defineProperty(proto, key, {
        configurable: true,
        enumerable: false,
        get() {
            const value = make(this);
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
            return value;
        },
        set(value) {
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
        },
    });
}
const initializer = (inst, issues) => {
    $ZodError.init(inst, issues);
    inst.name = "ZodError";
    const proto = Object.getPrototypeOf(inst);
    if (_installedErrorProtos.has(proto))
        return;
    _installedErrorProtos.add(proto);
    _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
    _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
    _lazyMethod(proto, "addIssue", (self) => (issue) => {
        self.issues.push(issue);
        self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
    });
    _lazyMethod(proto, "addIssues", (self) => (issues) => {
        self.issues.push(...issues);
        self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
    });
    Object.defineProperty(proto, "isEmpty", {
        configurable: true,
        enumerable: false,
        get() {
            return this.issues.length === 0;
        },
    });
};
const ZodRealError = /*@__PURE__*/ $constructor("ZodError", initializer, undefined, {
    Parent: Error,
});
// /** @deprecated Use `z.core.$ZodErrorMapCtx` instead. */
// export type ErrorMapCtx = core.$ZodErrorMapCtx;

const parse$1 = /* @__PURE__ */ _parse(ZodRealError);
const parseAsync = /* @__PURE__ */ _parseAsync(ZodRealError);
const safeParse = /* @__PURE__ */ _safeParse(ZodRealError);
const safeParseAsync = /* @__PURE__ */ _safeParseAsync(ZodRealError);
// Codec functions
const encode = /* @__PURE__ */ _encode(ZodRealError);
const decode = /* @__PURE__ */ _decode(ZodRealError);
const encodeAsync = /* @__PURE__ */ _encodeAsync(ZodRealError);
const decodeAsync = /* @__PURE__ */ _decodeAsync(ZodRealError);
const safeEncode = /* @__PURE__ */ _safeEncode(ZodRealError);
const safeDecode = /* @__PURE__ */ _safeDecode(ZodRealError);
const safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
const safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

// Register English as the default locale on first ZodType construction. Hooked into the `ZodType` `$constructor` (rather than a top-level `config(en())` in `external.ts`) so bundlers honoring `sideEffects: false` can't tree-shake it out — see #5953, #5725. An explicit `z.config(z.locales.xx())` call wins regardless of order, since this only sets the default when none is present.
function _ensureDefaultLocale() {
    if (!globalConfig.localeError)
        config(en());
}
// the default memoizer is read by the core container init, which runs before `ZodType.init`, so each container calls this first
function _ensureDefaultMemoizer() {
    if (!globalConfig.memoizer)
        config({ memoizer: memoizer() });
}
const ZodType = /*@__PURE__*/ $constructor("ZodType", (inst, def) => {
    _ensureDefaultLocale();
    $ZodType.init(inst, def);
    inst.def = def;
    inst.type = def.type;
    return inst;
}, {
    check(...chks) {
        const def = this.def;
        return this.clone(mergeDefs(def, {
            checks: [
                ...(def.checks ?? []),
                ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch),
            ],
        }), { parent: true });
    },
    with(...chks) {
        return this.check(...chks);
    },
    clone(def, params) {
        return clone(this, def, params);
    },
    brand() {
        return this;
    },
    register(reg, meta) {
        reg.add(this, meta);
        return this;
    },
    refine(check, params) {
        return this.check(refine(check, params));
    },
    superRefine(refinement, params) {
        return this.check(superRefine(refinement, params));
    },
    overwrite(fn) {
        return this.check(_overwrite(fn));
    },
    optional() {
        return optional(this);
    },
    exactOptional() {
        return exactOptional(this);
    },
    nullable() {
        return nullable(this);
    },
    nullish() {
        return optional(nullable(this));
    },
    nonoptional(params) {
        return nonoptional(this, params);
    },
    array() {
        return array(this);
    },
    or(arg) {
        return union([this, arg]);
    },
    and(arg) {
        return intersection(this, arg);
    },
    transform(tx) {
        return pipe(this, transform(tx));
    },
    default(d) {
        return _default(this, d);
    },
    prefault(d) {
        return prefault(this, d);
    },
    catch(params) {
        return _catch(this, params);
    },
    pipe(target) {
        return pipe(this, target);
    },
    readonly() {
        return readonly(this);
    },
    describe(description) {
        const cl = this.clone();
        globalRegistry.add(cl, { description });
        return cl;
    },
    meta(...args) {
        // overloaded: meta() returns the registered metadata, meta(data) returns a clone with `data` registered. The mapped type picks up the second overload, so we accept variadic any-args and return `any` to satisfy both at runtime.
        if (args.length === 0)
            return globalRegistry.get(this);
        const cl = this.clone();
        globalRegistry.add(cl, args[0]);
        return cl;
    },
    isOptional() {
        return this.safeParse(undefined).success;
    },
    isNullable() {
        return this.safeParse(null).success;
    },
    apply(fn, ...args) {
        return args.length === 0 ? fn(this) : fn(this, ...args);
    },
    // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
    get "~standard"() {
        return hide(this, "~standard", {
            ...standardProps(this),
            jsonSchema: {
                input: createStandardJSONSchemaMethod(this, "input"),
                output: createStandardJSONSchemaMethod(this, "output"),
            },
        });
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
    parse: function _parse(data, params) {
        return parse$1(this, data, params, { callee: _parse });
    },
    parseAsync: async function _parseAsync(data, params) {
        return await parseAsync(this, data, params, { callee: _parseAsync });
    },
    safeParse(data, params) {
        return safeParse(this, data, params);
    },
    async safeParseAsync(data, params) {
        return safeParseAsync(this, data, params);
    },
    // `spa` is an alias: same function object as `safeParseAsync`, as before.
    get spa() {
        return this?.safeParseAsync;
    },
    set spa(value) {
        own(this, "spa", value);
    },
    validate(data, params) {
        return validate(this, data, params);
    },
    validateAsync(data, params) {
        return validateAsync$1(this, data, params);
    },
    encode: function _encode(data, params) {
        return encode(this, data, params, { callee: _encode });
    },
    decode: function _decode(data, params) {
        return decode(this, data, params, { callee: _decode });
    },
    encodeAsync: async function _encodeAsync(data, params) {
        return await encodeAsync(this, data, params, { callee: _encodeAsync });
    },
    decodeAsync: async function _decodeAsync(data, params) {
        return await decodeAsync(this, data, params, { callee: _decodeAsync });
    },
    safeEncode(data, params) {
        return safeEncode(this, data, params);
    },
    safeDecode(data, params) {
        return safeDecode(this, data, params);
    },
    async safeEncodeAsync(data, params) {
        return safeEncodeAsync(this, data, params);
    },
    async safeDecodeAsync(data, params) {
        return safeDecodeAsync(this, data, params);
    },
    toJSONSchema(params) {
        return createToJSONSchemaMethod(this, {})(params);
    },
    // Reads through to the registry on every access, so it must not cache.
    get description() {
        return globalRegistry.get(this)?.description;
    },
    // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
    get _def() {
        return this._zod.def;
    },
});
/** @internal */
const _ZodString = /*@__PURE__*/ $constructor("_ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json);
}, 
/*@__PURE__*/ derived({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null,
}, {
    regex(...args) {
        return this.check(_regex(...args));
    },
    includes(...args) {
        return this.check(_includes(...args));
    },
    startsWith(...args) {
        return this.check(_startsWith(...args));
    },
    endsWith(...args) {
        return this.check(_endsWith(...args));
    },
    min(...args) {
        return this.check(_minLength(...args));
    },
    max(...args) {
        return this.check(_maxLength(...args));
    },
    length(...args) {
        return this.check(_length(...args));
    },
    nonempty(...args) {
        return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
        return this.check(_lowercase(params));
    },
    uppercase(params) {
        return this.check(_uppercase(params));
    },
    trim() {
        return this.check(_trim());
    },
    normalize(...args) {
        return this.check(_normalize(...args));
    },
    toLowerCase() {
        return this.check(_toLowerCase());
    },
    toUpperCase() {
        return this.check(_toUpperCase());
    },
    slugify() {
        return this.check(_slugify());
    },
}));
const ZodString = /*@__PURE__*/ $constructor("ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    _ZodString.init(inst, def);
}, {
    email(params) {
        return this.check(_email(ZodEmail, params));
    },
    url(params) {
        return this.check(_url(ZodURL, params));
    },
    jwt(params) {
        return this.check(_jwt(ZodJWT, params));
    },
    emoji(params) {
        return this.check(_emoji(ZodEmoji, params));
    },
    guid(params) {
        return this.check(_guid(ZodGUID, params));
    },
    uuid(params) {
        return this.check(_uuid(ZodUUID, params));
    },
    uuidv4(params) {
        return this.check(_uuidv4(ZodUUID, params));
    },
    uuidv6(params) {
        return this.check(_uuidv6(ZodUUID, params));
    },
    uuidv7(params) {
        return this.check(_uuidv7(ZodUUID, params));
    },
    nanoid(params) {
        return this.check(_nanoid(ZodNanoID, params));
    },
    cuid(params) {
        return this.check(_cuid(ZodCUID, params));
    },
    cuid2(params) {
        return this.check(_cuid2(ZodCUID2, params));
    },
    ulid(params) {
        return this.check(_ulid(ZodULID, params));
    },
    base64(params) {
        return this.check(_base64(ZodBase64, params));
    },
    base64url(params) {
        return this.check(_base64url(ZodBase64URL, params));
    },
    xid(params) {
        return this.check(_xid(ZodXID, params));
    },
    ksuid(params) {
        return this.check(_ksuid(ZodKSUID, params));
    },
    ipv4(params) {
        return this.check(_ipv4(ZodIPv4, params));
    },
    ipv6(params) {
        return this.check(_ipv6(ZodIPv6, params));
    },
    cidrv4(params) {
        return this.check(_cidrv4(ZodCIDRv4, params));
    },
    cidrv6(params) {
        return this.check(_cidrv6(ZodCIDRv6, params));
    },
    e164(params) {
        return this.check(_e164(ZodE164, params));
    },
    datetime(params) {
        return this.check(_isoDateTime(ZodISODateTime, params));
    },
    date(params) {
        return this.check(_isoDate(ZodISODate, params));
    },
    time(params) {
        return this.check(_isoTime(ZodISOTime, params));
    },
    duration(params) {
        return this.check(_isoDuration(ZodISODuration, params));
    },
});
function string(params) {
    return _string(ZodString, params);
}
const ZodStringFormat = /*@__PURE__*/ $constructor("ZodStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    _ZodString.init(inst, def);
});
const ZodISODateTime = /*@__PURE__*/ $constructor("ZodISODateTime", (inst, def) => {
    $ZodISODateTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISODate = /*@__PURE__*/ $constructor("ZodISODate", (inst, def) => {
    $ZodISODate.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISOTime = /*@__PURE__*/ $constructor("ZodISOTime", (inst, def) => {
    $ZodISOTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISODuration = /*@__PURE__*/ $constructor("ZodISODuration", (inst, def) => {
    $ZodISODuration.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodEmail = /*@__PURE__*/ $constructor("ZodEmail", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmail.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodGUID = /*@__PURE__*/ $constructor("ZodGUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodGUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodUUID = /*@__PURE__*/ $constructor("ZodUUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodUUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodURL = /*@__PURE__*/ $constructor("ZodURL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodURL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function url(params) {
    return _url(ZodURL, params);
}
const ZodEmoji = /*@__PURE__*/ $constructor("ZodEmoji", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmoji.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodNanoID = /*@__PURE__*/ $constructor("ZodNanoID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodNanoID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const ZodCUID = /*@__PURE__*/ $constructor("ZodCUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodCUID2 = /*@__PURE__*/ $constructor("ZodCUID2", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID2.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodULID = /*@__PURE__*/ $constructor("ZodULID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodULID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodXID = /*@__PURE__*/ $constructor("ZodXID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodXID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodKSUID = /*@__PURE__*/ $constructor("ZodKSUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodKSUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodIPv4 = /*@__PURE__*/ $constructor("ZodIPv4", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodIPv6 = /*@__PURE__*/ $constructor("ZodIPv6", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodCIDRv4 = /*@__PURE__*/ $constructor("ZodCIDRv4", (inst, def) => {
    $ZodCIDRv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodCIDRv6 = /*@__PURE__*/ $constructor("ZodCIDRv6", (inst, def) => {
    $ZodCIDRv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodBase64 = /*@__PURE__*/ $constructor("ZodBase64", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodBase64URL = /*@__PURE__*/ $constructor("ZodBase64URL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64URL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodE164 = /*@__PURE__*/ $constructor("ZodE164", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodE164.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodJWT = /*@__PURE__*/ $constructor("ZodJWT", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodJWT.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodNumber = /*@__PURE__*/ $constructor("ZodNumber", (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params);
    inst.isFinite = true;
}, 
/*@__PURE__*/ derived({
    minValue: (inst) => {
        const { minimum, exclusiveMinimum } = aggregateChecks(inst);
        return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
        const { maximum, exclusiveMaximum } = aggregateChecks(inst);
        return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
        const { isInt, multipleOf } = aggregateChecks(inst);
        return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null,
}, {
    gt(value, params) {
        return this.check(_gt(value, params));
    },
    gte(value, params) {
        return this.check(_gte(value, params));
    },
    min(value, params) {
        return this.check(_gte(value, params));
    },
    lt(value, params) {
        return this.check(_lt(value, params));
    },
    lte(value, params) {
        return this.check(_lte(value, params));
    },
    max(value, params) {
        return this.check(_lte(value, params));
    },
    int(params) {
        return this.check(int$1(params));
    },
    safe(params) {
        return this.check(int$1(params));
    },
    positive(params) {
        return this.check(_gt(0, params));
    },
    nonnegative(params) {
        return this.check(_gte(0, params));
    },
    negative(params) {
        return this.check(_lt(0, params));
    },
    nonpositive(params) {
        return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
    },
    step(value, params) {
        return this.check(_multipleOf(value, params));
    },
    finite() {
        return this;
    },
}));
function number$1(params) {
    return _number(ZodNumber, params);
}
const ZodNumberFormat = /*@__PURE__*/ $constructor("ZodNumberFormat", (inst, def) => {
    $ZodNumberFormat.init(inst, def);
    ZodNumber.init(inst, def);
});
function int$1(params) {
    return _int(ZodNumberFormat, params);
}
const ZodBoolean = /*@__PURE__*/ $constructor("ZodBoolean", (inst, def) => {
    $ZodBoolean.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json);
});
function boolean(params) {
    return _boolean(ZodBoolean, params);
}
const ZodUnknown = /*@__PURE__*/ $constructor("ZodUnknown", (inst, def) => {
    $ZodUnknown.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unknownProcessor();
});
function unknown() {
    return _unknown(ZodUnknown);
}
const ZodNever = /*@__PURE__*/ $constructor("ZodNever", (inst, def) => {
    $ZodNever.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json);
});
function never(params) {
    return _never(ZodNever, params);
}
const ZodArray = /*@__PURE__*/ $constructor("ZodArray", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodArray.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params);
    inst.element = def.element;
}, {
    min(n, params) {
        return this.check(_minLength(n, params));
    },
    nonempty(params) {
        return this.check(_minLength(1, params));
    },
    max(n, params) {
        return this.check(_maxLength(n, params));
    },
    length(n, params) {
        return this.check(_length(n, params));
    },
    unwrap() {
        return this.element;
    },
});
function array(element, params) {
    return _array(ZodArray, element, params);
}
const ZodObject = /*@__PURE__*/ $constructor("ZodObject", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodObjectJIT.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params);
    installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
}, {
    keyof() {
        return _enum(Object.keys(this._zod.def.shape));
    },
    catchall(catchall) {
        // `mergeDefs` rather than a spread: spreading reads `shape`, and resolving it can mint a whole fresh subtree
        return this.clone(mergeDefs(this._zod.def, { catchall: catchall }));
    },
    passthrough() {
        return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    loose() {
        return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    strict() {
        return this.clone(mergeDefs(this._zod.def, { catchall: never() }));
    },
    strip() {
        return this.clone(mergeDefs(this._zod.def, { catchall: undefined }));
    },
    extend(incoming) {
        return extend(this, incoming);
    },
    safeExtend(incoming) {
        return safeExtend(this, incoming);
    },
    merge(other) {
        return merge(this, other);
    },
    pick(mask) {
        return pick(this, mask);
    },
    omit(mask) {
        return omit(this, mask);
    },
    partial(...args) {
        return partial(ZodOptional, this, args[0]);
    },
    exactPartial(...args) {
        return partial(ZodExactOptional, this, args[0], "exactPartial");
    },
    required(...args) {
        return required(ZodNonOptional, this, args[0]);
    },
});
function object(shape, params) {
    const def = {
        type: "object",
        shape: shape ?? {},
        ...normalizeParams(params),
    };
    return new ZodObject(def);
}
// strictObject
function strictObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: never(),
        ...normalizeParams(params),
    });
}
// looseObject
function looseObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: unknown(),
        ...normalizeParams(params),
    });
}
const ZodUnion = /*@__PURE__*/ $constructor("ZodUnion", (inst, def) => {
    $ZodUnion.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params);
    inst.options = def.options;
});
function union(options, params) {
    return new ZodUnion({
        type: "union",
        options: options,
        ...normalizeParams(params),
    });
}
const ZodDiscriminatedUnion = /*@__PURE__*/ $constructor("ZodDiscriminatedUnion", (inst, def) => {
    ZodUnion.init(inst, def);
    $ZodDiscriminatedUnion.init(inst, def);
});
function discriminatedUnion(discriminator, options, params) {
    // const [options, params] = args;
    return new ZodDiscriminatedUnion({
        type: "union",
        options: options,
        discriminator,
        ...normalizeParams(params),
    });
}
const ZodIntersection = /*@__PURE__*/ $constructor("ZodIntersection", (inst, def) => {
    $ZodIntersection.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
    return new ZodIntersection({
        type: "intersection",
        left: left,
        right: right,
    });
}
const ZodRecord = /*@__PURE__*/ $constructor("ZodRecord", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodRecord.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => recordProcessor(inst, ctx, json, params);
    inst.keyType = def.keyType;
    inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
    // v3-compat: z.record(valueType, params?) — defaults keyType to z.string()
    if (!valueType || !valueType._zod) {
        return new ZodRecord({
            type: "record",
            keyType: string(),
            valueType: keyType,
            ...normalizeParams(valueType),
        });
    }
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...normalizeParams(params),
    });
}
const ZodEnum = /*@__PURE__*/ $constructor("ZodEnum", (inst, def) => {
    $ZodEnum.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json);
    inst.enum = def.entries;
    // reuse the parsed value set so a numeric TS enum's reverse-mapping keys stay out
    inst.options = [...inst._zod.values];
    const keys = new Set(Object.keys(def.entries));
    inst.extract = (values, params) => {
        const newEntries = {};
        for (const value of values) {
            if (keys.has(value)) {
                newEntries[value] = def.entries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...normalizeParams(params),
            entries: newEntries,
        });
    };
    inst.exclude = (values, params) => {
        const newEntries = { ...def.entries };
        for (const value of values) {
            if (keys.has(value)) {
                delete newEntries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...normalizeParams(params),
            entries: newEntries,
        });
    };
});
function _enum(values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    return new ZodEnum({
        type: "enum",
        entries,
        ...normalizeParams(params),
    });
}
const ZodLiteral = /*@__PURE__*/ $constructor("ZodLiteral", (inst, def) => {
    $ZodLiteral.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => literalProcessor(inst, ctx, json, params);
    inst.values = new Set(def.values);
    Object.defineProperty(inst, "value", {
        get() {
            if (def.values.length > 1) {
                throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
            }
            return def.values[0];
        },
    });
});
function literal(value, params) {
    return new ZodLiteral({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...normalizeParams(params),
    });
}
const ZodTransform = /*@__PURE__*/ $constructor("ZodTransform", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodTransform.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params);
    inst._zod.parse = (payload, _ctx) => {
        if (_ctx.direction === "backward") {
            throw new $ZodEncodeError(inst.constructor.name);
        }
        payload.addIssue = (issue$1) => {
            if (typeof issue$1 === "string") {
                payload.issues.push(issue(issue$1, payload.value, def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue$1;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = inst);
                // _issue.continue ??= true;
                payload.issues.push(issue(_issue));
            }
        };
        const output = def.transform(payload.value, payload);
        if (output instanceof Promise) {
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        payload.value = output;
        return payload;
    };
});
function transform(fn) {
    return new ZodTransform({
        type: "transform",
        transform: fn,
    });
}
const ZodOptional = /*@__PURE__*/ $constructor("ZodOptional", (inst, def) => {
    $ZodOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
    return new ZodOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodExactOptional = /*@__PURE__*/ $constructor("ZodExactOptional", (inst, def) => {
    $ZodExactOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
    return new ZodExactOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodNullable = /*@__PURE__*/ $constructor("ZodNullable", (inst, def) => {
    $ZodNullable.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
    return new ZodNullable({
        type: "nullable",
        innerType: innerType,
    });
}
const ZodDefault = /*@__PURE__*/ $constructor("ZodDefault", (inst, def) => {
    $ZodDefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeDefault = inst.unwrap;
});
function _default(innerType, defaultValue) {
    return new ZodDefault({
        type: "default",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
        },
    });
}
const ZodPrefault = /*@__PURE__*/ $constructor("ZodPrefault", (inst, def) => {
    $ZodPrefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
    return new ZodPrefault({
        type: "prefault",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
        },
    });
}
const ZodNonOptional = /*@__PURE__*/ $constructor("ZodNonOptional", (inst, def) => {
    $ZodNonOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
    return new ZodNonOptional({
        type: "nonoptional",
        innerType: innerType,
        ...normalizeParams(params),
    });
}
const ZodCatch = /*@__PURE__*/ $constructor("ZodCatch", (inst, def) => {
    $ZodCatch.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeCatch = inst.unwrap;
});
function _catch(innerType, catchValue) {
    return new ZodCatch({
        type: "catch",
        innerType: innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : constantCatch(catchValue)),
    });
}
const ZodPipe = /*@__PURE__*/ $constructor("ZodPipe", (inst, def) => {
    $ZodPipe.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params);
    inst.in = def.in;
    inst.out = def.out;
});
function pipe(in_, out) {
    return new ZodPipe({
        type: "pipe",
        in: in_,
        out: out,
        // ...util.normalizeParams(params),
    });
}
const ZodReadonly = /*@__PURE__*/ $constructor("ZodReadonly", (inst, def) => {
    $ZodReadonly.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
    return new ZodReadonly({
        type: "readonly",
        innerType: innerType,
    });
}
const ZodCustom = /*@__PURE__*/ $constructor("ZodCustom", (inst, def) => {
    $ZodCustom.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
function refine(fn, _params = {}) {
    return _refine(ZodCustom, fn, _params);
}
// superRefine
function superRefine(fn, params) {
    return _superRefine(fn, params);
}

function parseProcStat(text) {
  const rest = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: rest[0] ?? "", ppid: Number(rest[1]), pgrp: Number(rest[2]), start: rest[19] ?? "" };
}
function readProcStat(pid) {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}
function processStart(pid) {
  const stat = readProcStat(pid);
  if (stat === null || stat.state === "Z" || stat.state === "X" || stat.start === "") return null;
  return stat.start;
}
let cachedBoot;
function bootId() {
  if (cachedBoot === void 0) {
    try {
      cachedBoot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || null;
    } catch {
      cachedBoot = null;
    }
  }
  return cachedBoot;
}
function procPids() {
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  return entries.filter((e) => e.charCodeAt(0) >= 48 && e.charCodeAt(0) <= 57);
}
function processCwd(pid) {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return null;
  }
}
function processUid(pid) {
  try {
    const line = /^Uid:\s+\d+\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return line ? Number(line[1]) : null;
  } catch {
    return null;
  }
}
function ancestry(pid = process.pid) {
  const chain = [pid];
  for (let current = pid; chain.length < 4096; ) {
    const parent = readProcStat(current)?.ppid;
    if (parent === void 0 || !Number.isSafeInteger(parent) || parent <= 0 || chain.includes(parent)) break;
    chain.push(parent);
    current = parent;
  }
  if (chain.length === 1 && pid === process.pid && process.ppid > 0) chain.push(process.ppid);
  return chain;
}

const COOKIE_VAR = "AGENT_HARNESS_COOKIE";
function newCookie() {
  return randomBytes(12).toString("hex");
}
function isCookie(value) {
  return typeof value === "string" && /^[0-9a-f]{24}$/.test(value);
}
function withCookie(env, cookie) {
  return cookie === void 0 ? env : { ...env, [COOKIE_VAR]: cookie };
}
function environHas(environ, entry) {
  const needle = Buffer.from(`${entry}\0`);
  if (environ.subarray(0, needle.length).equals(needle)) return true;
  const inner = Buffer.from(`\0${entry}\0`);
  if (environ.includes(inner)) return true;
  const last = Buffer.from(`\0${entry}`);
  return environ.length >= last.length && environ.subarray(environ.length - last.length).equals(last);
}
function selfAndAncestors() {
  const spared = /* @__PURE__ */ new Set();
  for (let pid = process.pid; pid !== null && pid > 0 && !spared.has(pid); pid = readProcStat(pid)?.ppid ?? null)
    spared.add(pid);
  return spared;
}
function processesCarrying(cookie) {
  const pids = procPids();
  const full = `${COOKIE_VAR}=${cookie}`;
  const carriers = [];
  for (const pid of pids) {
    let environ;
    try {
      environ = readFileSync(`/proc/${pid}/environ`);
    } catch {
      continue;
    }
    if (environHas(environ, full)) carriers.push(Number(pid));
  }
  if (carriers.length === 0) return carriers;
  const spared = selfAndAncestors();
  return carriers.filter((pid) => !spared.has(pid));
}
function signalAll(pids, signal) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
    }
  }
}
function killCarriersNow(cookie) {
  const carriers = processesCarrying(cookie);
  signalAll(carriers, "SIGKILL");
  return carriers.length;
}
async function endCarriers(cookie, graceMs, clock) {
  return (await endCarriersSaying(cookie, graceMs, clock)).count;
}
async function endCarriersSaying(cookie, graceMs, clock) {
  const first = processesCarrying(cookie);
  if (first.length === 0) return { count: 0, how: "gone" };
  signalAll(first, "SIGTERM");
  const deadline = clock.now() + graceMs;
  let left = first;
  while (left.length > 0 && clock.now() < deadline) {
    await clock.sleep(Math.min(50, Math.max(1, deadline - clock.now())));
    left = processesCarrying(cookie);
  }
  if (left.length === 0) return { count: first.length, how: "term" };
  for (let round = 0; left.length > 0 && round < 50; round++) {
    signalAll(left, "SIGKILL");
    await clock.sleep(20);
    left = processesCarrying(cookie);
  }
  return { count: first.length, how: "kill" };
}

const AGENT_ISOLATION = ["auto", "user", "env", "none"];
const NAMES = /* @__PURE__ */ new Set([
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "TERM",
  "COLORTERM",
  "NO_COLOR",
  "FORCE_COLOR",
  "LANG",
  "LANGUAGE",
  "TZ",
  "TMPDIR",
  "CI",
  "IS_SANDBOX",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "ALL_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "all_proxy",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "MAX_THINKING_TOKENS",
  "MAX_MCP_OUTPUT_TOKENS",
  "BASH_DEFAULT_TIMEOUT_MS",
  "BASH_MAX_TIMEOUT_MS",
  "BASH_MAX_OUTPUT_LENGTH",
  "CLOUD_ML_REGION",
  "NODE_COMPILE_CACHE",
  COOKIE_VAR
]);
const PREFIXES = [
  "ANTHROPIC_",
  "CLAUDE_",
  "OPENAI_",
  "CODEX_",
  "GEMINI_",
  "GOOGLE_",
  "VERTEX_REGION_",
  "DISABLE_",
  "MCP_",
  "LC_",
  "XDG_",
  "HARNESS_",
  "AGENT_HARNESS_"
];
const FORBIDDEN_PREFIXES = ["INPUT_", "ACTIONS_"];
const FORBIDDEN = /* @__PURE__ */ new Set([
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "GITHUB_ENV",
  "GITHUB_PATH",
  "GITHUB_OUTPUT",
  "GITHUB_STATE",
  "GITHUB_STEP_SUMMARY",
  "NODE_OPTIONS"
]);
function forbiddenPassName(name) {
  const bare = name.endsWith("*") ? name.slice(0, -1) : name;
  const prefix = FORBIDDEN_PREFIXES.find((p) => bare.startsWith(p) || p.startsWith(bare));
  if (prefix) return `${name} would pass the job's ${prefix}* variables (its tokens and inputs) to the agent`;
  if (name.endsWith("*") ? [...FORBIDDEN].some((f) => f.startsWith(bare)) : FORBIDDEN.has(name))
    return `${name} is never passed to the agent: it is the job's token or a runner file-command path (give the agent a token of its own under another name if it really needs one)`;
  return null;
}
function matches(name, patterns) {
  return patterns.some((p) => p.endsWith("*") ? name.startsWith(p.slice(0, -1)) : name === p);
}
function passedToAgent(name, pass) {
  if (FORBIDDEN.has(name) || FORBIDDEN_PREFIXES.some((p) => name.startsWith(p))) return false;
  if (name === "CLAUDECODE") return false;
  return NAMES.has(name) || PREFIXES.some((p) => name.startsWith(p)) || matches(name, pass);
}
function agentEnvironment(base, options) {
  const env = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === void 0 || name === "CLAUDECODE") continue;
    if (options.isolation === "none" || passedToAgent(name, options.pass)) env[name] = value;
  }
  for (const [name, value] of Object.entries(options.set ?? {})) if (value !== void 0) env[name] = value;
  return env;
}

const TIMER_LIMIT_MS = 2 ** 31 - 1;
const MAX_TIMER_SECS = Math.floor(TIMER_LIMIT_MS / 1e3);
const MAX_TIMER_MINS = Math.floor(TIMER_LIMIT_MS / 6e4);
const TIMER_LIMIT_REASON = "the longest a timer can wait: 2^31-1 ms, about 24.8 days";
const seconds = (description) => number$1().finite().nonnegative().max(MAX_TIMER_SECS, TIMER_LIMIT_REASON).describe(description);
const positiveSeconds = (description) => number$1().finite().positive().max(MAX_TIMER_SECS, TIMER_LIMIT_REASON).describe(description);
const positiveMinutes = (description) => number$1().finite().positive().max(MAX_TIMER_MINS, TIMER_LIMIT_REASON).describe(description);
const positiveInt = (description) => number$1().int().positive().describe(description);
const nonNegativeInt = (description) => number$1().int().nonnegative().describe(description);
const pathString = (description) => string().min(1, "must not be empty").describe(description);
const AGENT_FORMATS = ["claude", "codex", "gemini", "text", "json-actions"];
const PROMPT_VIA = ["arg", "stdin", "file"];
const DEFAULT_AGENT_ARGS = [
  "-p",
  "{prompt}",
  "--dangerously-skip-permissions",
  "--verbose",
  "--output-format",
  "stream-json"
];
const session = object({
  max_iterations: positiveInt("Iterations to run before the loop ends").default(25),
  prompt_file: pathString("Prompt file, read afresh before every session").default("PROMPT.md"),
  output_dir: pathString("Directory for session transcripts").default("."),
  output_prefix: pathString("Transcript file name prefix: <prefix>-<global>.jsonl").default(
    "claude-iteration"
  ),
  counter_file: pathString("File holding the global iteration counter").default(".iteration_counter"),
  status_file: pathString("Status file, rewritten atomically on every state change").default(
    "harness.status"
  ),
  time_budget_mins: positiveMinutes(
    "Stop before this much wall time has passed: no session starts that could not finish in it"
  ).optional(),
  max_cost_usd: number$1().finite().positive().describe(
    "The run's budget in US dollars: no session starts once the run's sessions cost this much (exit 14); unset: none"
  ).optional(),
  max_tokens: positiveInt(
    "The run's budget in tokens (input + output): no session starts once the run's sessions used this many (exit 14); unset: none"
  ).optional()
}).strict().prefault({});
const agentFields = {
  command: pathString('Agent executable (looked up on PATH); not used with format = "json-actions"'),
  args: array(string()).describe(
    'Arguments; {prompt} becomes the prompt (prompt_via=arg), {prompt_file} its path; not used with format = "json-actions"'
  ),
  prompt_via: _enum(PROMPT_VIA).describe(
    'How the prompt reaches the agent: an argument, standard input, or a file; not used with format = "json-actions" (always stdin)'
  ),
  env: record(string(), string()).describe("Extra environment variables for the agent (CLAUDECODE is always removed)"),
  format: _enum(AGENT_FORMATS).describe(
    `Transcript format the agent prints; "json-actions": the agent is the harness's own structured-action worker ([llm], [worker]; docs/worker.md)`
  )
};
const PHASES$1 = ["plan", "develop", "review"];
const phaseFields = (phase) => ({
  command: agentFields.command.optional().describe(`The ${phase} phase's agent executable; unset: agent.command`),
  args: agentFields.args.optional().describe(`The ${phase} phase's arguments; unset: agent.args`),
  prompt_via: agentFields.prompt_via.optional().describe(`How the ${phase} prompt reaches the agent; unset: agent.prompt_via`),
  env: agentFields.env.optional().describe(`Extra environment variables for the ${phase} phase, over agent.env key by key`),
  format: agentFields.format.optional().describe(`The ${phase} phase's transcript format; unset: agent.format`)
});
const planAgent = object({
  ...phaseFields("plan"),
  interactive_args: array(string()).optional().describe(
    'Arguments of the interactive planner `agent-harness plan` starts on your terminal; {prompt} becomes the prompt. Unset, by format: claude, codex and text ["{prompt}"], gemini ["-i", "{prompt}"]'
  )
}).strict().optional().describe("The plan phase's agent settings over [agent]; unset keys are inherited");
const phaseAgent = (phase) => object(phaseFields(phase)).strict().optional().describe(`The ${phase} phase's agent settings over [agent]; unset keys are inherited`);
const agent = object({
  command: agentFields.command.default("claude"),
  args: agentFields.args.default(DEFAULT_AGENT_ARGS),
  prompt_via: agentFields.prompt_via.default("arg"),
  env: agentFields.env.default({}),
  format: agentFields.format.default("claude"),
  isolation: _enum(AGENT_ISOLATION).describe(
    'How the agent is kept from the job (docs/security.md): "user" runs it as a separate unprivileged user with a clean environment, "env" only cleans its environment, "auto" is "user" where the harness is root or has passwordless sudo and "env" elsewhere, "none" passes everything. Unset: "auto" in the Action, "none" locally'
  ).optional(),
  pass_env: array(
    string().regex(/^[A-Za-z_][A-Za-z0-9_]*\*?$/, "must be a variable name, or a prefix ending in *").superRefine((name, ctx) => {
      const why = forbiddenPassName(name);
      if (why !== null) ctx.addIssue({ code: "custom", message: why });
    })
  ).describe(
    `More environment variables the agent gets under isolation "env" or "user" (names, or prefixes ending in *), besides its CLI's own (ANTHROPIC_*, CLAUDE_*, OPENAI_*, CODEX_*, GEMINI_*, GOOGLE_*), PATH, HOME, locale and proxy variables`
  ).default([]),
  plan: planAgent,
  develop: phaseAgent("develop"),
  review: phaseAgent("review")
}).strict().prefault({});
const watchdog = object({
  check_interval_secs: seconds("How often a stale-output warning is logged").default(60),
  stale_timeout_mins: positiveMinutes(
    "Kill the session after this long without output growth (fractions allowed)"
  ).default(20),
  min_output_bytes: nonNegativeInt(
    "A text-format session with less output than this is empty and retried (structured formats: no model output)"
  ).default(100),
  result_grace_secs: seconds("End an agent still alive this long after its final result event").default(30),
  kill_grace_secs: seconds("Seconds between SIGTERM and SIGKILL when ending a session").default(5)
}).strict().prefault({});
const retry = object({
  max_empty_retries: nonNegativeInt("Retries of an empty session before the iteration is skipped").default(
    2
  ),
  retry_delay_secs: seconds("Delay before retrying an empty session").default(5),
  max_consecutive_failures: positiveInt(
    "Exit (code 10) after this many failed sessions in a row (overload, server errors, crashes)"
  ).default(3)
}).strict().prefault({});
const backoff = object({
  initial_delay_secs: seconds("Delay between iterations; base of the rate-limit backoff").default(2),
  max_delay_secs: seconds("Cap on the exponential rate-limit backoff").default(600),
  max_consecutive_rate_limits: positiveInt("Exit (code 3) after this many rate limits in a row").default(5)
}).strict().prefault({});
const shutdown = object({
  stop_file: pathString("Touch this file to stop after the current session").default("STOP"),
  force_window_secs: seconds("A second SIGINT within this window kills the session at once").default(3)
}).strict().prefault({});
const hooks = object({
  pre_session: array(string()).describe("Shell commands run before each session").default([]),
  post_session: array(string()).describe("Shell commands run after each non-empty session").default([]),
  timeout_secs: positiveSeconds("A hook running longer than this is killed").default(600),
  max_consecutive_pre_failures: positiveInt(
    "End the loop (code 4) after this many pre-session hook failures in a row"
  ).default(3)
}).strict().prefault({});
const prompt = object({
  file: pathString("Prompt file; overrides session.prompt_file").optional(),
  prepend_commands: array(string()).describe("Commands whose output is prepended to the prompt, separated by ---").default([])
}).strict().prefault({});
const output = object({
  event_log: string().describe("JSONL event log; empty string disables it").default("harness-events.jsonl"),
  git_exclude: boolean().describe(
    "Keep the harness's files out of the agent's git in a plain loop: their patterns go into .git/info/exclude (a marked block); false: the plain loop removes its block and writes none (task and review mode always write theirs)"
  ).default(true)
}).strict().prefault({});
const commitDetection = object({
  patterns: array(string()).describe(
    "Regexes matched only in what the agent did or said; in git only a new commit counts and a match alone is weaker evidence; a leading (?i) makes one case-insensitive"
  ).default(["bd-finish", "(?i)git commit", "(?i)\\bcommitted\\b"])
}).strict().prefault({});
const rateLimit = object({
  patterns: array(string()).describe("Extra regexes matched against the final result of a failed session").default([]),
  max_wait_secs: seconds("Longest wait for a known rate-limit reset time").default(21600)
}).strict().prefault({});
const review = object({
  max_tries: positiveInt(
    "Review mode: develop-and-review tries per task before it waits for a human"
  ).default(2),
  max_cost_usd: number$1().finite().positive().describe(
    "Review mode: no session starts once the plan's cost reaches this many US dollars (exit 12); unset: no budget"
  ).optional(),
  gate_timeout_mins: positiveMinutes(
    "Review mode: build.sh and verify.sh are each killed after this long"
  ).default(30),
  allow_gate_changes: boolean().describe(
    "Review mode: a try may change build.sh or verify.sh (a task whose work is the build itself); the gate then runs them as the developer left them, and the gate's record and the review prompt say they changed. Off: such a try fails the gate"
  ).default(false),
  needs_human_label: string().min(1, "must not be empty").describe("Review mode in the Action: the label put on an issue whose task waits for a human").default("needs-human")
}).strict().prefault({});
const TARGET_METRICS = [
  "completion_rate",
  "narration_only_pct",
  "parallel_turns_pct",
  "turns_per_session",
  "cost_per_session",
  "tokens_per_session",
  "tool_calls_per_session",
  "duration_secs"
];
const TARGET_RULE = /^\s*(?:off|(<=|>=|<|>)\s*(-?\d+(?:\.\d+)?))\s*$/;
const target = (description) => string().regex(TARGET_RULE, 'must be a comparison and a number such as "< 20" or ">= 85", or "off"').describe(description);
const targets = object({
  completion_rate: target("Percentage of sessions that committed").default(">= 85"),
  narration_only_pct: target("Narration-only turns (no tool call) as a percentage of all turns").default(
    "< 20"
  ),
  parallel_turns_pct: target("Turns with two or more tool calls as a percentage of all turns").default(
    "> 10"
  ),
  turns_per_session: target("Average turns per session").default("< 80"),
  cost_per_session: target("Average cost per session in US dollars").default("off"),
  tokens_per_session: target("Average tokens (input + output) per session").default("off"),
  tool_calls_per_session: target("Average tool calls per session").default("off"),
  duration_secs: target("Average session duration in seconds").default("off")
}).strict().describe('Targets `metrics targets` and `brief` check recent sessions against ("off": not checked)').prefault({});
const metrics = object({
  enabled: boolean().describe("Record every session in the metrics database").default(true),
  database: pathString("The metrics database (SQLite), relative to the working directory").default(
    "harness-metrics.db"
  ),
  targets
}).strict().prefault({});
const COMPRESSIONS = ["zstd", "gzip"];
const storage = object({
  keep_last: nonNegativeInt(
    "Transcripts kept as they are, newest first; older ones are compressed once recorded (0: keep all)"
  ).default(0),
  keep_days: nonNegativeInt(
    "Transcripts newer than this many days are kept as they are; older ones are compressed once recorded (0: off)"
  ).default(0),
  compression: _enum(COMPRESSIONS).describe("How older transcripts are compressed").default("zstd"),
  delete_after_days: nonNegativeInt(
    "Compressed transcripts older than this many days are deleted once recorded (0: never)"
  ).default(0)
}).strict().prefault({});
const LLM_PROVIDERS = ["ollama", "openai", "command"];
const DEFAULT_BASE_URLS = {
  ollama: "http://127.0.0.1:11434",
  openai: "http://127.0.0.1:8080/v1"
};
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const llm = object({
  provider: _enum(LLM_PROVIDERS).describe(
    "The worker's model transport: Ollama's /api/chat, an OpenAI-compatible /v1/chat/completions (llama.cpp, vLLM, LM Studio), or a command that reads the prompt on stdin and prints the answer"
  ).default("ollama"),
  base_url: url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).describe(
    "The HTTP provider's address; unset: http://127.0.0.1:11434 (ollama), http://127.0.0.1:8080/v1 (openai)"
  ).optional(),
  model: string().min(1, "must not be empty").describe("The model name (required for ollama and openai; {model} in llm.command)").optional(),
  api_key_env: string().regex(ENV_NAME, "must be an environment variable name such as OPENAI_API_KEY").describe("Environment variable holding the API key, sent as a bearer token; unset: none").optional(),
  timeout_secs: positiveSeconds(
    "A model call taking longer than this fails the task (model unreachable)"
  ).default(300),
  temperature: number$1().finite().min(0).max(2).describe("Sampling temperature").default(0),
  command: array(string()).min(1, "must name a command").describe(
    'provider = "command": the command and its arguments; {model} becomes llm.model. Unset: ["ollama", "run", "{model}"] (Windows: ["wsl", "bash", "-c", "ollama run {model}"])'
  ).optional(),
  max_answer_bytes: positiveInt("An answer longer than this is refused as invalid").default(1024 * 1024)
}).strict().describe("The model the structured-action worker calls (docs/worker.md)").prefault({});
const worker = object({
  tasks_dir: pathString("Where `worker new` creates task directories and `worker ls` looks").default(
    "tasks"
  ),
  max_iterations: positiveInt(
    'constraints.max_iterations of a new task, and of each loop session with agent.format = "json-actions"'
  ).default(50),
  timeout_secs: positiveSeconds(
    "constraints.timeout_seconds of a new task (running time), and of each json-actions loop session"
  ).default(300),
  allowed_paths: array(pathString("A directory the worker's tools may use")).min(1, "must name at least one directory").describe("constraints.allowed_paths of a new task, relative to the working directory").default(["."]),
  history_iterations: nonNegativeInt("Past iterations shown to the model in each request").default(5),
  max_read_bytes: positiveInt("read_file refuses a larger file").default(256 * 1024),
  max_write_bytes: positiveInt("write_file and create_file refuse larger content").default(1024 * 1024),
  max_find_results: positiveInt(
    "find_files returns at most this many paths and says it cut the list"
  ).default(500),
  max_list_entries: positiveInt(
    "list_directory returns at most this many names and says it cut the list"
  ).default(1e3),
  max_result_bytes: positiveInt("Bytes of one action's result the model sees in its history").default(
    16 * 1024
  ),
  heartbeat_secs: positiveSeconds("heartbeat.json is rewritten this often while a step runs").default(10),
  stale_after_secs: positiveSeconds(
    "`worker ls`: a running task whose heartbeat is older than this is stale"
  ).default(60)
}).strict().describe("The structured-action worker's tasks and limits (docs/worker.md)").prefault({});
const configSchema = object({
  session,
  agent,
  watchdog,
  retry,
  backoff,
  shutdown,
  hooks,
  prompt,
  output,
  commit_detection: commitDetection,
  rate_limit: rateLimit,
  review,
  metrics,
  storage,
  llm,
  worker
}).strict();

var commonjsGlobal = typeof globalThis !== 'undefined' ? globalThis : typeof window !== 'undefined' ? window : typeof global !== 'undefined' ? global : typeof self !== 'undefined' ? self : {};

function getDefaultExportFromCjs (x) {
	return x && x.__esModule && Object.prototype.hasOwnProperty.call(x, 'default') ? x['default'] : x;
}

function getAugmentedNamespace(n) {
  if (Object.prototype.hasOwnProperty.call(n, '__esModule')) return n;
  var f = n.default;
	if (typeof f == "function") {
		var a = function a () {
			var isInstance = false;
      try {
        isInstance = this instanceof a;
      } catch (e) {}
			if (isInstance) {
        return Reflect.construct(f, arguments, this.constructor);
			}
			return f.apply(this, arguments);
		};
		a.prototype = f.prototype;
  } else a = {};
  Object.defineProperty(a, '__esModule', {value: true});
	Object.keys(n).forEach(function (k) {
		var d = Object.getOwnPropertyDescriptor(n, k);
		Object.defineProperty(a, k, d.get ? d : {
			enumerable: true,
			get: function () {
				return n[k];
			}
		});
	});
	return a;
}

const TAIL_BYTES = 256 * 1024;
const WIDE_TAIL_BYTES = 16 * 1024 * 1024;
async function readTail(path, maxBytes) {
  const handle = await open$2(path, "r");
  try {
    const { size } = await handle.stat();
    const length = Math.max(0, Math.min(size, Math.floor(maxBytes)));
    const start = size - length;
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { text: decodeTail(buffer.subarray(0, filled), start > 0), complete: start === 0, size };
  } finally {
    await handle.close();
  }
}
function decodeTail(bytes, cutAtStart) {
  let begin = 0;
  if (cutAtStart) {
    while (begin < Math.min(3, bytes.length) && ((bytes[begin] ?? 0) & 192) === 128) begin++;
  }
  return new TextDecoder("utf-8").decode(bytes.subarray(begin), { stream: true });
}

function processAlive(pid) {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
function processIdentity(pid = process.pid) {
  return { pid, start: processStart(pid), boot: bootId() };
}
function sameProcessAlive(recorded) {
  if (recorded.start === null) return processAlive(recorded.pid);
  const boot = bootId();
  if (recorded.boot !== null && boot !== null && recorded.boot !== boot) return false;
  return processStart(recorded.pid) === recorded.start;
}

const CAUSES = {
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EIO: "input/output error",
  EROFS: "read-only file system",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EFBIG: "file too large",
  ENOENT: "its directory does not exist"
};
const FATAL_KINDS = {
  ENOSPC: "disk_full",
  EDQUOT: "disk_full",
  EROFS: "permission",
  EACCES: "permission",
  EPERM: "permission"
};
function fatalWriteKind(code) {
  return code === void 0 ? void 0 : FATAL_KINDS[code];
}
function describeCause(error) {
  const code = error?.code;
  if (code !== void 0 && code in CAUSES) return `${CAUSES[code]} (${code})`;
  return error instanceof Error ? error.message : String(error);
}
class HarnessFileError extends HarnessError {
  constructor(file, cause, what = "cannot write") {
    super(`${what} ${file}: ${describeCause(cause)}`, EXIT.writeFailed, { cause });
    this.file = file;
    this.code = cause?.code;
  }
  file;
  name = "HarnessFileError";
  /** The errno code of the cause (ENOSPC, EIO, …), so callers that branch on codes keep working. */
  code;
}
async function namingFile(file, write) {
  try {
    return await write();
  } catch (error) {
    throw error instanceof HarnessFileError ? error : new HarnessFileError(file, error);
  }
}

let sequence$2 = 0;
const tempFor = (path) => join(dirname(path), `.${basename(path)}.${process.pid}.${sequence$2++}.tmp`);
function writeFileAtomic(path, data, options = {}) {
  return namingFile(path, () => replaceFile(path, data, options));
}
function writeFileAtomicSync(path, data) {
  const tmp = tempFor(path);
  try {
    writeFileSync(tmp, data, { mode: 420 });
    renameSync(tmp, path);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
    }
    throw new HarnessFileError(path, error);
  }
}
async function replaceFile(path, data, options) {
  const tmp = tempFor(path);
  const handle = await open$2(tmp, "w", 420);
  try {
    await handle.writeFile(data);
    if (options.durable) await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(tmp).catch(() => void 0);
    throw error;
  }
  await handle.close();
  try {
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => void 0);
    throw error;
  }
}
const TEMP_NAME = /^\..+\.(\d+)\.\d+\.tmp$/;
async function sweepStaleTemps(dir) {
  let names;
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const match = TEMP_NAME.exec(name);
    if (!match || Number(match[1]) === process.pid || processAlive(Number(match[1]))) continue;
    await unlink(join(dir, name)).then(
      () => removed++,
      () => void 0
    );
  }
  return removed;
}

class CounterFileError extends HarnessError {
  name = "CounterFileError";
  constructor(message) {
    super(message, EXIT.usage);
  }
}
async function readCounter(path) {
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return 0;
    throw error;
  }
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  if (!/^\d+$/.test(trimmed)) {
    throw new CounterFileError(
      `${path}: expected a non-negative integer, found ${JSON.stringify(trimmed.slice(0, 40))}; fix or delete the file (the counter then restarts after the highest transcript number)`
    );
  }
  return Number(trimmed);
}
async function writeCounter(path, value) {
  await writeFileAtomic(path, `${value}
`, { durable: true });
}

const SESSION_OUTCOMES = ["productive", "empty", "rate_limited", "failed", "cancelled"];
const SESSION_END_REASONS = ["exited", "watchdog", "result_grace", "forced", "spawn_error"];
const FAILURE_KINDS = ["transient", "fatal", "error"];
const FAILURE_REASONS = [
  "overloaded",
  "server_error",
  "network",
  "stream_disconnected",
  "stalled",
  "authentication",
  "billing",
  "model_not_found",
  "untrusted_folder",
  "bad_auth_choice",
  "agent_refused",
  "crash",
  "error_result"
];
const FAILURE_SOURCES = [
  "api_status",
  "error_event",
  "result",
  "stderr",
  "exit_code",
  "watchdog"
];
const RATE_LIMIT_SOURCES = ["api_status", "rate_limit_event", "usage_text", "pattern"];
const WAIT_BASES = ["reset_time", "backoff"];
const COMMIT_EVIDENCE = ["pattern+head", "pattern+branch", "head", "branch", "pattern"];
const WATCHDOG_KILL_REASONS = ["watchdog", "result_grace"];
const HOOK_PHASES = ["pre_session", "post_session"];
const ENDED_WITH = ["gone", "term", "kill"];
const TASK_ERROR_CATEGORIES = [
  "ENV_SETUP",
  "TASK_EXEC",
  "TEST_FAIL",
  "TIMEOUT",
  "DEPENDENCY",
  "SESSION_TIMEOUT"
];
const TASK_RECOVERY_OUTCOMES = ["completed", "failed", "resume", "interrupted"];
const SESSION_PHASES = PHASES$1;
const REVIEW_VERDICTS = ["PASS", "FAIL", "invalid", "missing"];
const REVIEW_DECISIONS = ["done", "retry", "escalate"];
const GATE_STEPS = ["build.sh", "verify.sh"];
const GATE_SCRIPT_CHANGES = ["content", "exec bit", "deleted", "replaced"];
const TAMPERED_PHASES = ["develop", "review", "loop"];
const OWNED_FILE_CHANGES = ["created", "changed", "deleted"];

const int = (description) => number$1().int().describe(description);
const count = (description) => number$1().int().nonnegative().describe(description);
const num$1 = (description) => number$1().describe(description);
const str = (description) => string().describe(description);
const bool$1 = (description) => boolean().describe(description);
const oneOf = (values, description) => _enum(values).describe(description);
const iteration = () => count("0-based index of the iteration in progress (the number done so far)");
const global$1 = () => count("the session's global number, as in its transcript's name");
function defineEvent(name, description, shape) {
  return object({ event: literal(name), ...shape }).describe(description);
}

const stopReason = (what) => str(`${what}: see [stop reasons](#stop-reasons)`);
const loopStart = defineEvent("loop_start", "The loop starts (once per run of the harness).", {
  max_iterations: count("`session.max_iterations`"),
  global: count("the counter: the number the run's first session will use"),
  pid: int("the harness's process id"),
  containment: str(
    "how the run's sessions are contained: `cgroup`, `systemd-scope` or `none` (process group and cookie only; see [security.md](security.md#containment))"
  ).optional(),
  isolation: oneOf(
    ["user", "env", "none"],
    "how the agent is kept from the job (`agent.isolation` as resolved; see [security.md](security.md))"
  ).optional(),
  isolation_fallback: str("why `auto` could not have `user` (the run has `env` instead)").optional()
});
const loopEnd = defineEvent("loop_end", "The loop has ended; the last line a run writes.", {
  reason: stopReason("why the loop ended"),
  exit_code: int("the harness's exit code"),
  productive: count("productive iterations in this run"),
  iterations: count("iterations finished in this run"),
  global: count("the counter at the end: the number the next session will use"),
  trailing_rate_limits: count("rate-limited sessions in a row at the end"),
  failures: count("failed sessions in this run (each retried)"),
  error: str("what went wrong, after a fault or a failure stop").optional()
});
const stopRequested = defineEvent(
  "stop_requested",
  "A stop was asked for (a signal, the STOP file, a stop source such as the STOP label).",
  {
    reason: stopReason("who asked"),
    iteration: iteration(),
    global: global$1()
  }
);
const stopForced = defineEvent(
  "stop_forced",
  "A stop was forced (a second signal, a cancellation, the time budget): the agent is ended now.",
  { iteration: iteration(), global: global$1() }
);
const hookFailed = defineEvent(
  "hook_failed",
  "A pre- or post-session hook failed (the first failing command; later ones did not run).",
  {
    phase: oneOf(HOOK_PHASES, "which hooks"),
    iteration: iteration(),
    global: global$1().optional().describe("the session's number (post_session only)"),
    command: str("the failing command"),
    exitCode: int("its exit code"),
    timedOut: bool$1("it ran past `hooks.timeout_secs`"),
    interrupted: bool$1("a stop request ended it (not counted as a failure)"),
    stderrTail: str("the end of its standard error"),
    consecutive: count("pre-session failures in a row (pre_session only)").optional()
  }
);
const orphanGroupKilled = defineEvent(
  "orphan_group_killed",
  "On start: the agent's process group a dead harness left running was ended.",
  {
    pgid: int("the process group"),
    previous_pid: int("the dead harness's process id"),
    ended_with: oneOf(ENDED_WITH, "already gone, SIGTERM sufficed, or SIGKILL")
  }
);
const orphanDescendantsKilled = defineEvent(
  "orphan_descendants_killed",
  "On start: descendants that had left the dead harness's agent group were ended.",
  { count: count("processes ended"), previous_pid: int("the dead harness's process id") }
);
const orphanProcessesKilled = defineEvent(
  "orphan_processes_killed",
  "On start: processes a dead run left were ended: carrying its containment cookie, or in its cgroup.",
  { count: count("processes ended"), previous_pid: int("the dead harness's process id") }
);
const isolationSwept = defineEvent(
  "isolation_swept",
  'On an isolated start: what a killed harness left under `agent.isolation = "user"` was undone: every process of its user ended, its files handed back, its ACL entries removed, the user and its home deleted.',
  {
    user: str("the dead run's user (`agent-harness-<8 hex>`)"),
    uid: int("its uid (absent when the harness died before making it)").optional(),
    roots: array(string()).describe("the trees it had been given (the working tree, the directories `agent.env` names)"),
    processes: count("processes of that user still running"),
    previous_pid: int("the dead harness's process id")
  }
);
const LOOP_EVENTS = [
  loopStart,
  loopEnd,
  stopRequested,
  stopForced,
  hookFailed,
  orphanGroupKilled,
  orphanDescendantsKilled,
  orphanProcessesKilled,
  isolationSwept
];

const planId = () => str("the plan: its directory under `.harness/plans/`");
const taskId$1 = () => str("the task, as the planfile's `id`");
const tryNumber = () => number$1().int().positive().describe("the task's try, from 1");
const usd = (description) => number$1().finite().nonnegative().describe(description);
const reviewGate = defineEvent(
  "review_gate",
  "A try's gate ran: build.sh, then verify.sh unless build.sh failed. On failure the review is skipped.",
  {
    plan_id: planId(),
    task_id: taskId$1(),
    try: tryNumber(),
    passed: bool$1("every script exited 0 within `review.gate_timeout_mins`"),
    failed_at: _enum(GATE_STEPS).nullable().describe("the script that failed or timed out; null when passed"),
    steps: array(
      strictObject({
        script: oneOf(GATE_STEPS, "the script"),
        exit_code: int("its exit code (124 after a timeout)"),
        timed_out: bool$1("it was killed at `review.gate_timeout_mins`"),
        duration_ms: count("how long it ran, in milliseconds")
      })
    ).describe("the scripts that ran, in order: `{script, exit_code, timed_out, duration_ms}`"),
    changed: array(
      strictObject({
        script: oneOf(GATE_STEPS, "the script"),
        what: array(_enum(GATE_SCRIPT_CHANGES)).describe("how it changed")
      })
    ).describe(
      "the scripts that are not as the gate accepted them (when the plan's first loop began, or a task passed with them): `{script, what}`; the gate refused them (no script runs after the change is seen), or ran them under `review.allow_gate_changes`"
    ).optional()
  }
);
const reviewTampered = defineEvent(
  "review_tampered",
  "An agent's session changed files it may not write (the plan's state, the reviews, the templates, the configuration), and the harness put them back; or a `loop` found tasks marked done that no try passed, and opened them again.",
  {
    plan_id: planId(),
    task_id: taskId$1().optional(),
    try: tryNumber().optional(),
    phase: oneOf(
      TAMPERED_PHASES,
      "`develop` (the try fails), `review` (the verdict still counts), or `loop`: found at the start of a run"
    ),
    files: array(
      strictObject({
        path: str("relative to the project"),
        change: oneOf(OWNED_FILE_CHANGES, "what the session did to it")
      })
    ).describe("the files, each `{path, change}`; put back as they were"),
    reopened: array(string()).describe("for `loop`: the tasks marked done that no try passed, opened again").optional()
  }
);
const reviewVerdict = defineEvent(
  "review_verdict",
  "The harness read the architect's review: its strict `Result: PASS|FAIL` line.",
  {
    plan_id: planId(),
    task_id: taskId$1(),
    try: tryNumber(),
    verdict: oneOf(
      REVIEW_VERDICTS,
      "`invalid`: no strict Result line; `missing`: the review file was not written (both fail the try)"
    ),
    file: str(
      "the review file the architect was to write, relative to the project (`reviews/TASK-TRY-review.md` in the plan)"
    ),
    error: str("for `invalid` and `missing`: what is wrong, with the line").optional()
  }
);
const reviewTryEnd = defineEvent(
  "review_try_end",
  "A try has ended and the harness decided what follows.",
  {
    plan_id: planId(),
    task_id: taskId$1(),
    try: tryNumber(),
    decision: oneOf(
      REVIEW_DECISIONS,
      "`done`: the review passed; `retry`: another try follows; `escalate`: no tries left, a human decides"
    ),
    why: str("for `retry` and `escalate`: why the try failed, in words").optional(),
    task_cost_usd: usd("the task's cost so far over every try and phase, in US dollars"),
    plan_cost_usd: usd("the plan's cost so far, planning included, in US dollars")
  }
);
const reviewEscalated = defineEvent(
  "review_escalated",
  "A task used all its tries and waits for a human (locally exit 13; in the Action a comment and a label).",
  {
    plan_id: planId(),
    task_id: taskId$1(),
    tries: count("the tries it had"),
    why: str("why its last try failed")
  }
);
const reviewAnswered = defineEvent(
  "review_answered",
  "A human answered an escalated task (`loop --reply`, an issue comment, or the label's removal): it resumes with their words in its develop prompt.",
  {
    plan_id: planId(),
    task_id: taskId$1(),
    by: str("who answered: a login, or `local` for `loop --reply`")
  }
);
const reviewEnd = defineEvent("review_end", "A `loop` run over a plan has ended.", {
  plan_id: planId(),
  reason: str(
    "why: a stop reason (`plan_done`, `needs_human`, `cost_budget`, `blocked`, or one the loop ends with)"
  ),
  exit_code: int("the exit code the run ends with"),
  tasks_done: count("tasks done"),
  tasks_total: count("tasks in the plan"),
  cost_usd: usd("the plan's cost, planning included, in US dollars"),
  input_tokens: count("the plan's input tokens"),
  output_tokens: count("the plan's output tokens")
});
const REVIEW_EVENTS = [
  reviewGate,
  reviewTampered,
  reviewVerdict,
  reviewTryEnd,
  reviewEscalated,
  reviewAnswered,
  reviewEnd
];

const metric = (description) => number$1().nullable().describe(`${description}; null when unknown`);
const sessionComplete = defineEvent(
  "session_complete",
  "A session has ended and been classified. Every session has one, empty and rate-limited ones included.",
  {
    iteration: iteration(),
    global: global$1(),
    output_bytes: count("bytes the agent wrote to its transcript"),
    exit_code: int("the agent's exit code as hooks see it: 124 after a watchdog kill, 128+n after signal n"),
    duration_secs: num$1("wall time of the session, in seconds"),
    committed: bool$1("the session committed (see commit detection in docs/loop.md)"),
    retries: count("empty sessions retried before this one in the same iteration"),
    rate_limited: bool$1("`outcome` is `rate_limited`"),
    outcome: oneOf(SESSION_OUTCOMES, "what the session was"),
    decided_by: str("the evidence that decided the outcome (see classification in docs/loop.md)"),
    failure_kind: _enum(FAILURE_KINDS).nullable().describe("for a failed session: its kind"),
    failure_reason: _enum(FAILURE_REASONS).nullable().describe("for a failed session: why"),
    failure_source: _enum(FAILURE_SOURCES).nullable().describe("for a failed session: where it showed"),
    failure_detail: string().nullable().describe("for a failed session: the line that showed it, shortened"),
    model_output: boolean().nullable().describe("the model produced something; null for formats without structure (text)"),
    end_reason: oneOf(SESSION_END_REASONS, "how the agent's process ended"),
    output_file: str("the transcript"),
    result_error: boolean().nullable().describe("the agent's final result reports an error; null without a final result"),
    rate_limit_source: _enum(RATE_LIMIT_SOURCES).nullable().describe("where a rate limit showed"),
    rate_limit_resets_at: string().nullable().describe("when the rate limit resets (ISO 8601), if the agent said"),
    turns: metric(
      "model turns (one per answer of the model): the agent's own count when it reports one (Claude's num_turns), else counted over the transcript"
    ),
    // Added with session history (issue 11): optional, so event logs written before still read as valid.
    narration_turns: metric(
      "model turns that answered with text and no tool call, counted over the transcript (not available for codex)"
    ).optional(),
    parallel_turns: metric(
      "model turns with two or more tool calls in one answer, counted over the transcript (not available for codex)"
    ).optional(),
    cache_read_tokens: metric("input tokens read from the prompt cache").optional(),
    cache_write_tokens: metric("input tokens written to the prompt cache").optional(),
    model: string().nullable().optional().describe("the model the agent used, as its transcript names it; null when unknown"),
    tool_calls: metric("tool calls"),
    input_tokens: metric("input tokens"),
    output_tokens: metric("output tokens"),
    cost_usd: metric("cost in US dollars the agent reported"),
    agent_duration_ms: metric("duration the agent itself reported, in milliseconds"),
    task_id: str("the task the iteration worked on (task list mode, review mode)").optional(),
    plan_id: str("review mode: the plan the session worked on").optional(),
    phase: _enum(SESSION_PHASES).optional().describe("review mode: the phase the session ran"),
    commit_evidence: _enum(COMMIT_EVIDENCE).nullable().optional().describe("what showed the commit; absent for empty and cancelled sessions"),
    commit_pattern: string().nullable().optional().describe("the first commit pattern found in what the agent did"),
    commit_text: string().nullable().optional().describe("the agent's words the pattern matched, shortened"),
    commit_branches: array(string()).optional().describe("local branches that moved to a new commit"),
    head_before: string().nullable().optional().describe("HEAD before the session; null outside git"),
    head_after: string().nullable().optional().describe("HEAD after the session; null outside git")
  }
);
const emptyRetry = defineEvent("empty_retry", "An empty session; the same iteration runs again.", {
  iteration: iteration(),
  global: global$1(),
  retry: count("this retry, from 1 (up to `retry.max_empty_retries`)"),
  output_bytes: count("bytes the empty session wrote")
});
const iterationSkipped = defineEvent(
  "iteration_skipped",
  "The iteration is given up after `retry.max_empty_retries` empty sessions.",
  {
    iteration: iteration(),
    global: global$1(),
    reason: literal("empty").describe("why: every session was empty"),
    retries: count("retries made")
  }
);
const rateLimited = defineEvent(
  "rate_limited",
  "A rate-limited session: the loop waits, or stops after `backoff.max_consecutive_rate_limits`.",
  {
    iteration: iteration(),
    global: global$1(),
    consecutive: count("rate-limited sessions in a row"),
    source: _enum(RATE_LIMIT_SOURCES).nullable().describe("where the limit showed"),
    resets_at: string().nullable().optional().describe("when the limit resets (ISO 8601), if the agent said; absent when the loop stops"),
    wait_ms: num$1("how long the loop waits before the next session; 0 when it stops"),
    basis: _enum(WAIT_BASES).optional().describe("how the wait was chosen; absent when the loop stops")
  }
);
const sessionFailed = defineEvent(
  "session_failed",
  "A failed session: retried after a backoff, or the loop stops (fatal, or too many in a row).",
  {
    iteration: iteration(),
    global: global$1(),
    consecutive: count("failed sessions in a row"),
    kind: oneOf(FAILURE_KINDS, "transient, fatal or error"),
    reason: oneOf(FAILURE_REASONS, "why it failed"),
    source: oneOf(FAILURE_SOURCES, "where the failure showed"),
    detail: str("the line that showed it, shortened"),
    wait_ms: num$1("the backoff before the next session; 0 when the loop stops"),
    fix: str("for a fatal failure: what a person has to do").optional()
  }
);
const watchdogKill = defineEvent(
  "watchdog_kill",
  "The watchdog ended the agent: silent too long, or lingering after its final result.",
  {
    reason: oneOf(WATCHDOG_KILL_REASONS, "silence (`watchdog`) or lingering (`result_grace`)"),
    iteration: iteration(),
    global: global$1(),
    after_ms: num$1("how long the agent had been silent or had lingered, in milliseconds")
  }
);
const SESSION_EVENTS = [
  sessionComplete,
  emptyRetry,
  iterationSkipped,
  rateLimited,
  sessionFailed,
  watchdogKill
];

const taskId = () => str("the task (`task-NNN`)");
const taskRecovered = defineEvent(
  "task_recovered",
  "On start: a task a dead session left in progress went through recovery.",
  { task_id: taskId(), outcome: oneOf(TASK_RECOVERY_OUTCOMES, "what recovery decided") }
);
const taskStarted = defineEvent("task_started", "A task is claimed for the next iteration.", {
  task_id: taskId(),
  attempt: count("this attempt, from 1"),
  base: string().nullable().describe("the commit it starts from (rolled back to on failure); null without one")
});
const taskCompleted = defineEvent("task_completed", "A task's validation passed (or it has none).", {
  task_id: taskId(),
  commit: string().nullable().describe("the commit after the task; null without one"),
  validation: _enum(["pass", "skipped"]).describe("`skipped`: the task has no validation command")
});
const taskFailed = defineEvent("task_failed", "A task's validation failed; its work is rolled back.", {
  task_id: taskId(),
  category: oneOf(TASK_ERROR_CATEGORIES, "the failure category"),
  message: str("what failed"),
  attempts: count("attempts so far")
});
const taskStats$1 = defineEvent("task_stats", "The task session closes: the list's statistics.", {
  reason: str("why the task session closed (a stop reason)"),
  tasks_total: count("tasks in the list"),
  completed: count("completed tasks"),
  failed: count("failed tasks"),
  pending: count("pending tasks"),
  blocked: count("pending tasks that depend on a task that cannot be retried"),
  attempts_total: count("attempts over all tasks"),
  checkpoints: count("checkpoints over all tasks")
});
const TASK_EVENTS = [taskRecovered, taskStarted, taskCompleted, taskFailed, taskStats$1];

const EVENT_LOG_VERSION = 1;
const EVENT_SCHEMAS = [...LOOP_EVENTS, ...SESSION_EVENTS, ...TASK_EVENTS, ...REVIEW_EVENTS];
const EVENT_NAMES = new Set(EVENT_SCHEMAS.map((s) => s.shape.event.value));
const envelope = {
  ts: string().describe("when the event was written: ISO 8601 UTC, whole seconds"),
  v: literal(EVENT_LOG_VERSION).describe("the format version (absent on version-0 lines)")
};
const buildLineSchema = () => discriminatedUnion(
  "event",
  EVENT_SCHEMAS.map((s) => s.extend(envelope))
);
const buildLenientSchema = () => discriminatedUnion(
  "event",
  EVENT_SCHEMAS.map(
    (s) => s.partial().extend({
      event: s.shape.event,
      ts: string().optional(),
      v: number$1().int().nonnegative().optional()
    })
  )
);
const once = (build) => {
  let built;
  return () => built ??= build();
};
const eventLineSchema = once(buildLineSchema);
const lenientLineSchema = once(buildLenientSchema);

function parseEventLine(line) {
  let value;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: "invalid", problem: "not JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { kind: "invalid", problem: "not a JSON object" };
  const { event, v } = value;
  if (typeof event !== "string") return { kind: "invalid", problem: "no `event` name" };
  if (!EVENT_NAMES.has(event)) return { kind: "unknown", name: event };
  const schema = v === EVENT_LOG_VERSION ? eventLineSchema() : lenientLineSchema();
  const parsed = schema.safeParse(value);
  if (parsed.success) return { kind: "event", event: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    kind: "invalid",
    problem: `${event}: ${issue ? `${issue.path.join(".") || "(line)"}: ${issue.message}` : "does not match"}`
  };
}
const KEPT_PROBLEMS = 5;
function parseEventLog(text) {
  const read = { events: [], invalid: 0, problems: [], unknown: 0 };
  let number = 0;
  for (const line of text.split("\n")) {
    number++;
    if (line.trim() === "") continue;
    const parsed = parseEventLine(line);
    if (parsed.kind === "event") read.events.push(parsed.event);
    else if (parsed.kind === "unknown") read.unknown++;
    else {
      read.invalid++;
      if (read.problems.length < KEPT_PROBLEMS) read.problems.push(`line ${number}: ${parsed.problem}`);
    }
  }
  return read;
}
async function readEventLog(path) {
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch {
    return { events: [], invalid: 0, problems: [], unknown: 0 };
  }
  return parseEventLog(text);
}

function within(base, path) {
  return path === base || path.startsWith(base.endsWith(sep) ? base : base + sep);
}

function judgeHolder(claim, place, facts) {
  const { pid } = claim;
  const stale = (why) => ({ held: false, pid, why });
  const record = claim.record;
  if (record !== null && record.start !== null) {
    if (record.boot !== null && facts.boot !== null && record.boot !== facts.boot)
      return stale(`its owner record is from another boot`);
    if (facts.start === null) return stale(`pid ${pid} is gone`);
    if (facts.start !== record.start)
      return stale(`pid ${pid} is no longer the process that took it (another start time)`);
    return { held: true, pid };
  }
  if (pid === 1) return stale("pid 1 is the init process, never a lock holder");
  if (facts.readers[0] === pid) return stale(`pid ${pid} is this very process`);
  if (facts.readers.includes(pid))
    return stale(`pid ${pid} is an ancestor of this process (it started this run), not another session`);
  if (!facts.alive) return stale(`pid ${pid} is gone`);
  if (facts.uid !== null && place.ownerUid !== null && facts.uid !== place.ownerUid)
    return stale(`pid ${pid} runs as uid ${facts.uid}, the lock belongs to uid ${place.ownerUid}`);
  if (facts.cwd !== null && place.workDir !== null && !within(place.workDir, facts.cwd))
    return stale(`pid ${pid} runs in ${facts.cwd}, not in ${place.workDir}`);
  return { held: true, pid };
}
function judgeLockHolder(claim, place) {
  return judgeHolder(
    claim,
    { ...place, workDir: place.workDir && real(place.workDir) },
    holderFacts(claim.pid)
  );
}
function holderFacts(pid) {
  const state = readProcStat(pid)?.state;
  return {
    alive: processAlive(pid) && state !== "Z" && state !== "X",
    start: processStart(pid),
    boot: bootId(),
    cwd: processCwd(pid),
    uid: processUid(pid),
    readers: ancestry()
  };
}
function real(path) {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

class AlreadyRunningError extends HarnessError {
  name = "AlreadyRunningError";
  constructor(message) {
    super(message, EXIT.alreadyRunning);
  }
}
const MAX_DEPTH = 3;
const ATTEMPTS = 8;
let sequence$1 = 0;
function lockPathFor(statusPath) {
  return `${statusPath}.lock`;
}
function currentHolder(pid = process.pid, now = /* @__PURE__ */ new Date()) {
  return { pid, start: processStart(pid) ?? "", boot: bootId() ?? "", since: now.toISOString() };
}
function judgeHolderOf(holder, place) {
  const record = holder.start === "" ? null : { pid: holder.pid, start: holder.start, boot: holder.boot || null };
  return judgeLockHolder({ pid: holder.pid, record }, place);
}
function parseHolder(text) {
  const bare = /^\s*(\d+)\s*$/.exec(text);
  if (bare !== null) {
    const pid = Number(bare[1]);
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, start: "", boot: "", since: "" } : null;
  }
  try {
    const value = JSON.parse(text);
    if (value === null || typeof value !== "object" || !Number.isSafeInteger(value.pid) || (value.pid ?? 0) <= 0 || typeof value.start !== "string" || typeof value.boot !== "string")
      return null;
    const holder = {
      pid: value.pid,
      start: value.start,
      boot: value.boot,
      since: String(value.since ?? "")
    };
    if (isCookie(value.cookie)) holder.cookie = value.cookie;
    return holder;
  } catch {
    return null;
  }
}
async function acquireInstanceLock(path, options = {}) {
  const holder = currentHolder();
  if (options.cookie !== void 0) holder.cookie = options.cookie;
  const content = `${JSON.stringify(holder)}
`;
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${sequence$1++}.tmp`);
  let outcome;
  try {
    await mkdir(dirname(path), { recursive: true });
    await unlink(tmp).catch(() => void 0);
    await writeFile(tmp, content, { flag: "wx", mode: 420 });
    outcome = await take(path, tmp, content, 0, options.workDir ?? null);
  } catch (error) {
    if (error instanceof AlreadyRunningError) throw error;
    throw new LoopError(
      `cannot take the instance lock ${path}: ${error.message}; check that its directory is writable`,
      EXIT.failure
    );
  } finally {
    await unlink(tmp).catch(() => void 0);
  }
  if (!outcome.ok) throw new AlreadyRunningError(describeHeld(path, outcome));
  let released = false;
  const onExit = () => {
    released = true;
    try {
      if (readFileSync(path, "utf8") === content) unlinkSync(path);
    } catch {
    }
  };
  process.on("exit", onExit);
  return {
    path,
    reclaimedFrom: outcome.reclaimedFrom,
    reclaimedWhy: outcome.reclaimedWhy,
    async release() {
      if (released) return;
      released = true;
      process.removeListener("exit", onExit);
      if (await readOrNull(path) === content) await unlink(path).catch(() => void 0);
    }
  };
}
async function take(path, tmp, content, depth, workDir) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await tryLink(tmp, path)) return { ok: true, reclaimedFrom: null, reclaimedWhy: null };
    const found = await readWithOwner(path);
    if (found === null) continue;
    const seen2 = found.text;
    const holder = parseHolder(seen2);
    const verdict = holder === null ? null : judgeHolderOf(holder, { workDir, ownerUid: found.uid });
    if (holder !== null && verdict?.held) return { ok: false, holder, reclaiming: depth > 0 };
    if (depth >= MAX_DEPTH) {
      throw new AlreadyRunningError(
        `stale lock ${path} could not be taken over (reclaim markers nest ${MAX_DEPTH} deep); no harness holds it: remove it and its .reclaim-* files by hand`
      );
    }
    const marker = `${path}.reclaim-${markerKey(seen2, holder)}`;
    const claim = await take(marker, tmp, content, depth + 1, workDir);
    if (!claim.ok) return { ok: false, holder: claim.holder, reclaiming: true };
    try {
      if (await readOrNull(path) !== seen2) continue;
      await unlink(path).catch(() => void 0);
      if (await tryLink(tmp, path)) {
        const why = verdict !== null && !verdict.held ? verdict.why : "it is not a lock";
        return { ok: true, reclaimedFrom: holder ?? "unreadable", reclaimedWhy: why };
      }
    } finally {
      if (await readOrNull(marker) === content) await unlink(marker).catch(() => void 0);
    }
  }
  const seen = await readOrNull(path);
  return { ok: false, holder: seen === null ? null : parseHolder(seen), reclaiming: false };
}
function describeHeld(path, held) {
  const who = held.holder ? `another harness (PID ${held.holder.pid})` : "another harness";
  const what = held.reclaiming ? "is taking over a stale lock" : "is running";
  return `${who} ${what} in this directory (lock ${path}); stop it first (touch the STOP file or send SIGTERM), or give this one another status file`;
}
function markerKey(seen, holder) {
  if (holder !== null && /^\d*$/.test(holder.start)) return `${holder.pid}-${holder.start || "0"}`;
  return createHash("sha256").update(seen).digest("hex").slice(0, 16);
}
async function tryLink(from, to) {
  try {
    await link(from, to);
    return true;
  } catch (error) {
    if (error.code === "EEXIST") return false;
    throw error;
  }
}
async function readWithOwner(path) {
  let file;
  try {
    file = await open$2(path, "r");
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  try {
    const uid = process.platform === "win32" ? null : (await file.stat()).uid;
    return { text: await file.readFile("utf8"), uid };
  } finally {
    await file.close();
  }
}
async function readOrNull(path) {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
}

async function sha256File(path, decompress) {
  const hash = createHash("sha256");
  const sink = async (source) => {
    for await (const chunk of source) hash.update(chunk);
  };
  if (decompress) await pipeline(createReadStream(path), decompress, sink);
  else await pipeline(createReadStream(path), sink);
  return hash.digest("hex");
}

const COMPRESSED_SUFFIX = { zstd: ".zst", gzip: ".gz" };
const zstdAvailable = () => typeof zlib.createZstdCompress === "function";
function compressionOf(name) {
  if (name.endsWith(COMPRESSED_SUFFIX.zstd)) return "zstd";
  if (name.endsWith(COMPRESSED_SUFFIX.gzip)) return "gzip";
  return null;
}
function decompressorFor(name, options = {}) {
  const compression = compressionOf(name);
  if (compression === "gzip") return zlib.createGunzip(options);
  if (compression === "zstd") {
    if (!zstdAvailable())
      throw new Error(`${name} is zstd-compressed and this Node has no zstd (Node >= 22.15)`);
    return zlib.createZstdDecompress(options);
  }
  return new PassThrough();
}
function compressor(compression) {
  return compression === "zstd" ? zlib.createZstdCompress() : zlib.createGzip({ level: 6 });
}
let sequence = 0;
async function compressFile(path, compression, expectSha256) {
  const target = path + COMPRESSED_SUFFIX[compression];
  const tmp = join(dirname(path), `.${basename(target)}.${process.pid}.${sequence++}.tmp`);
  try {
    const source = createHash("sha256");
    const tap = new Transform({
      transform(chunk, _encoding, done) {
        source.update(chunk);
        done(null, chunk);
      }
    });
    await pipeline(
      createReadStream(path),
      tap,
      compressor(compression),
      createWriteStream(tmp, { mode: 420 })
    );
    const sha256 = source.digest("hex");
    if (sha256 !== expectSha256) {
      await unlink(tmp);
      return { kind: "changed", sha256 };
    }
    const handle = await open$2(tmp, "r+");
    let bytes;
    try {
      await handle.sync();
      bytes = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    const back = await sha256File(tmp, decompressorFor(target));
    if (back !== expectSha256) throw new Error(`${tmp} did not decompress to the original's bytes`);
    await rename(tmp, target);
    await syncDir(dirname(path));
    await unlink(path);
    return { kind: "compressed", path: target, bytes };
  } catch (error) {
    await unlink(tmp).catch(() => void 0);
    throw error;
  }
}
async function syncDir(dir) {
  const handle = await open$2(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const transcriptPattern = (prefix) => new RegExp(`^${escape(prefix)}-(\\d+)\\.jsonl(?:\\.gz|\\.zst)?$`);
async function transcriptFiles(outputDir, prefix) {
  const pattern = transcriptPattern(prefix);
  let names;
  try {
    names = await readdir(outputDir);
  } catch {
    return [];
  }
  const files = [];
  for (const entry of names) {
    const match = pattern.exec(entry);
    if (!match) continue;
    const path = join(outputDir, entry);
    const info = await stat(path).catch(() => null);
    if (info === null || !info.isFile()) continue;
    const compression = compressionOf(entry);
    files.push({
      path,
      name: compression === null ? entry : entry.slice(0, -COMPRESSED_SUFFIX[compression].length),
      global: Number(match[1]),
      mtimeMs: info.mtimeMs,
      bytes: info.size,
      compression
    });
  }
  return files.sort((a, b) => a.global - b.global);
}

function resolvePaths(config, cwd) {
  const at = (path) => isAbsolute(path) ? path : resolve(cwd, path);
  const outputDir = at(config.session.output_dir);
  const prefix = config.session.output_prefix;
  return {
    cwd,
    outputDir,
    outputPrefix: prefix,
    counter: at(config.session.counter_file),
    status: at(config.session.status_file),
    lock: lockPathFor(at(config.session.status_file)),
    stopFile: at(config.shutdown.stop_file),
    eventLog: config.output.event_log === "" ? null : at(config.output.event_log),
    metricsDb: config.metrics.enabled ? at(config.metrics.database) : null,
    promptFile: at(config.prompt.file ?? config.session.prompt_file),
    transcript: (global) => join(outputDir, `${prefix}-${global}.jsonl`),
    promptCopy: (global) => join(outputDir, `${prefix}-${global}.prompt.md`)
  };
}
async function highestTranscript(outputDir, prefix) {
  let names;
  try {
    names = await readdir(outputDir);
  } catch {
    return null;
  }
  const pattern = transcriptPattern(prefix);
  let highest = null;
  for (const name of names) {
    const match = pattern.exec(name);
    if (match) highest = Math.max(highest ?? 0, Number(match[1]));
  }
  return highest;
}

function nextNumber(counter, highestUsed) {
  return highestUsed === null ? counter : Math.max(counter, highestUsed + 1);
}
const LOG_TAIL_BYTES = 1024 * 1024;
function sessionNumber(line) {
  if (!line.includes('"session_complete"')) return null;
  const parsed = parseEventLine(line);
  if (parsed.kind !== "event" || parsed.event.event !== "session_complete") return null;
  const { global } = parsed.event;
  return global !== void 0 && Number.isSafeInteger(global) ? global : null;
}
function highestIn(lines, highest = null) {
  for (const line of lines) {
    const number = sessionNumber(line);
    if (number !== null) highest = Math.max(highest ?? 0, number);
  }
  return highest;
}
async function highestLoggedSession(eventLog) {
  if (eventLog === null) return null;
  try {
    if (!(await stat(eventLog)).isFile()) return null;
    const tail = await readTail(eventLog, LOG_TAIL_BYTES);
    const inTail = highestIn(tail.text.split("\n"));
    if (inTail !== null || tail.complete) return inTail;
    let highest = null;
    const lines = createInterface({ input: createReadStream(eventLog), crlfDelay: Infinity });
    for await (const line of lines) highest = highestIn([line], highest);
    return highest;
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
}
async function resumeNumbering(paths, prefix) {
  const recorded = await readCounter(paths.counter);
  const transcript = await highestTranscript(paths.outputDir, prefix);
  const logged = await highestLoggedSession(paths.eventLog);
  const highest = transcript === null ? logged : logged === null ? transcript : Math.max(transcript, logged);
  return { recorded, next: nextNumber(recorded, highest) };
}

const CGROUP_VAR = "AGENT_HARNESS_CGROUP";
const BASE_NAME = "agent-harness";
function cgroupSetting(value) {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "auto") return "auto";
  if (v === "off" || v === "0" || v === "false" || v === "no") return "off";
  throw new Error(`${CGROUP_VAR}=${value} is not a setting: use "auto" (the default) or "off"`);
}
function cgroup2Mounts(mountinfo) {
  const mounts = [];
  for (const line of mountinfo.split("\n")) {
    const [before, after] = line.split(" - ");
    if (after === void 0 || after.split(" ")[0] !== "cgroup2") continue;
    const fields = before.split(" ");
    if (fields.length < 5) continue;
    mounts.push({ root: unescapeMount(fields[3]), point: unescapeMount(fields[4]) });
  }
  return mounts;
}
function unescapeMount(field) {
  return field.replace(/\\([0-7]{3})/g, (_, octal) => String.fromCharCode(parseInt(octal, 8)));
}
function preferredMount(mounts) {
  return mounts.find((m) => m.point === "/sys/fs/cgroup") ?? mounts.find((m) => m.point === "/sys/fs/cgroup/unified") ?? mounts[0] ?? null;
}
function ownCgroupPath(procCgroup) {
  for (const line of procCgroup.split("\n")) {
    if (!line.startsWith("0::")) continue;
    const path = line.slice(3).trim();
    return path.startsWith("/") && !path.endsWith(" (deleted)") && !path.startsWith("/..") ? path : null;
  }
  return null;
}
function cgroupDir(mount, path) {
  const root = mount.root === "/" ? "" : mount.root.replace(/\/+$/, "");
  if (root !== "" && path !== root && !path.startsWith(`${root}/`)) return null;
  const rest = path.slice(root.length).replace(/^\/+/, "");
  const point = mount.point.replace(/\/+$/, "");
  return rest === "" ? point : `${point}/${rest}`;
}
function chooseContainment(facts) {
  if (facts.setting === "off") return { kind: "none", reason: `${CGROUP_VAR}=off` };
  const usable = (at) => at !== null && at.canMake && at.canMove;
  if (facts.own?.canMove) {
    if (usable(facts.own)) return { kind: "cgroup", via: "own", parent: facts.own.dir };
    if (usable(facts.top)) return { kind: "cgroup", via: "top", parent: facts.top.dir };
  }
  if (facts.systemdUser) return { kind: "systemd-scope" };
  if (facts.mount === null) return { kind: "none", reason: "no cgroup v2 hierarchy is mounted" };
  const dirs = [facts.own?.dir, facts.top?.dir].filter(
    (d, i, all) => d !== void 0 && all.indexOf(d) === i
  );
  return {
    kind: "none",
    reason: `this user may not write ${dirs.join(" nor ") || "any cgroup"} and no systemd user manager answers`
  };
}
function escapes(containment) {
  switch (containment.kind) {
    case "none":
      return "a process that clears its environment (env -i, so it carries no session cookie) and leaves the agent's process group and parent-PID tree (a double fork and setsid) is not found, and outlives the session and the harness";
    case "cgroup":
    case "systemd-scope":
      return "only a process allowed to move itself to another cgroup (root, or the owner of the cgroup tree)";
  }
}
const RUN_PATTERN = /^run-(\d+)-(\d+)-(\d+)-([0-9a-f]{24})$/;
function runName(owner) {
  return `run-${owner.pidns}-${owner.pid}-${owner.start}-${owner.cookie}`;
}
function parseRunName(name) {
  const m = RUN_PATTERN.exec(name);
  if (m === null) return null;
  return { pidns: m[1], pid: Number(m[2]), start: m[3], cookie: m[4] };
}
function sessionName(cookie, global) {
  return `session-${cookie}-${global}`;
}
function orphanRuns(names, pidns, stillRunning) {
  const orphans = [];
  for (const name of names) {
    const owner = parseRunName(name);
    if (owner === null || owner.pidns !== pidns) continue;
    if (!stillRunning(owner.pid, owner.start)) orphans.push({ name, owner });
  }
  return orphans;
}
function killMethod(has) {
  if (has.kill) return "cgroup.kill";
  if (has.freeze) return "freeze";
  return "signal";
}
function populated(events) {
  return /^populated 1$/m.test(events);
}
function frozen(events) {
  return /^frozen 1$/m.test(events);
}
function procsOf(text) {
  return text.split("\n").map((line) => Number(line.trim())).filter((pid) => Number.isSafeInteger(pid) && pid > 0);
}
function scopeUnit(owner, global) {
  return `${BASE_NAME}-${runName(owner)}-${global}.scope`;
}
function parseScopeUnit(unit) {
  const m = /^agent-harness-(run-\d+-\d+-\d+-[0-9a-f]{24})-\d+\.scope$/.exec(unit);
  return m === null ? null : parseRunName(m[1]);
}
function inScope(unit, command, args) {
  return {
    command: "systemd-run",
    args: ["--user", "--scope", "--quiet", "--collect", `--unit=${unit}`, "--", command, ...args]
  };
}

function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
function findExecutable(command, cwd, env) {
  if (command.includes("/")) {
    const path = isAbsolute(command) ? command : resolve(cwd, command);
    return isExecutableFile(path) ? path : null;
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(isAbsolute(dir) ? dir : resolve(cwd, dir), command);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

async function writeStatus(path, status) {
  await writeFileAtomic(path, `${JSON.stringify(status, null, 2)}
`);
}
async function readStatus(path) {
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  const parsed = JSON.parse(text);
  if (!parsed || typeof parsed !== "object" || typeof parsed.pid !== "number") {
    throw new Error(`${path}: not a harness status document`);
  }
  return parsed;
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
function signalPid(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
  }
}
function readProcTable() {
  const table = [];
  for (const entry of procPids()) {
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    const { state, ppid, pgrp, start } = parseProcStat(stat);
    table.push({ pid: Number(entry), ppid, pgrp, zombie: state === "Z", start });
  }
  return table;
}
function groupMembers(pgid, table) {
  if (!signalGroup(pgid, 0)) return [];
  const procs = table ?? readProcTable();
  if (procs.length === 0) return [pgid];
  return procs.filter((p) => !p.zombie && p.pgrp === pgid).map((p) => p.pid);
}
function groupAlive(pgid) {
  return groupMembers(pgid).length > 0;
}
class AgentProcesses {
  constructor(pgid) {
    this.pgid = pgid;
  }
  pgid;
  tracked = /* @__PURE__ */ new Map();
  /** Adds the current descendants of the leader and of everything already tracked. */
  refresh(table = readProcTable()) {
    const children = /* @__PURE__ */ new Map();
    for (const proc of table) {
      const list = children.get(proc.ppid);
      if (list) list.push(proc);
      else children.set(proc.ppid, [proc]);
    }
    const queue = [this.pgid, ...this.tracked.keys()];
    const seen = new Set(queue);
    for (const proc of table)
      if (proc.pgrp === this.pgid && !proc.zombie)
        this.tracked.set(proc.pid, { start: proc.start, pgrp: proc.pgrp });
    while (queue.length > 0) {
      const pid = queue.pop();
      for (const child of children.get(pid) ?? []) {
        if (seen.has(child.pid)) continue;
        seen.add(child.pid);
        if (!child.zombie) this.tracked.set(child.pid, { start: child.start, pgrp: child.pgrp });
        queue.push(child.pid);
      }
    }
  }
  /** Every descendant seen so far outside the leader's group, with its start time (for crash recovery). */
  escaped() {
    return [...this.tracked].filter(([, seen]) => seen.pgrp !== this.pgid).map(([pid, seen]) => ({ pid, start: seen.start }));
  }
  /** Live processes that belong to the agent: group members and tracked descendants (same start time). */
  alive(table = readProcTable()) {
    if (table.length === 0) return signalGroup(this.pgid, 0) ? [this.pgid] : [];
    const live = /* @__PURE__ */ new Set();
    for (const proc of table) {
      if (proc.zombie) continue;
      if (proc.pgrp === this.pgid || this.tracked.get(proc.pid)?.start === proc.start) live.add(proc.pid);
    }
    return [...live];
  }
  signal(signal) {
    signalGroup(this.pgid, signal);
    const table = readProcTable();
    for (const pid of this.alive(table)) {
      signalPid(pid, signal);
      const proc = table.find((p) => p.pid === pid);
      if (proc && proc.pgrp === proc.pid && proc.pgrp !== this.pgid) signalGroup(proc.pgrp, signal);
    }
  }
}
async function waitGone(procs, timeoutMs, clock, pollMs = 25) {
  const deadline = clock.now() + timeoutMs;
  for (; ; ) {
    const table = readProcTable();
    procs.refresh(table);
    if (procs.alive(table).length === 0) return true;
    if (clock.now() >= deadline) return false;
    await clock.sleep(Math.min(pollMs, Math.max(1, deadline - clock.now())));
  }
}
const END_ORDER = ["gone", "term", "kill"];
function strongerEnd(a, b) {
  return END_ORDER.indexOf(a) >= END_ORDER.indexOf(b) ? a : b;
}
async function terminateAgent(procs, graceMs, clock) {
  procs.refresh();
  if (procs.alive().length === 0) return "gone";
  procs.signal("SIGTERM");
  if (graceMs > 0 && await waitGone(procs, graceMs, clock)) return "term";
  procs.signal("SIGKILL");
  await waitGone(procs, 5e3, clock);
  return "kill";
}
function terminateGroup(pgid, graceMs, clock) {
  return terminateAgent(new AgentProcesses(pgid), graceMs, clock);
}
async function terminateRecorded(recorded, graceMs, clock) {
  const table = new Map(readProcTable().map((p) => [p.pid, p]));
  const live = recorded.filter((r) => {
    const proc = table.get(r.pid);
    return proc !== void 0 && !proc.zombie && proc.start === r.start;
  });
  await Promise.all(live.map(({ pid }) => terminateAgent(new AgentProcesses(pid), graceMs, clock)));
  return live.length;
}

async function recoverPreviousRun(statusPath, deps) {
  const staleHolder = typeof deps.staleLock === "object" ? deps.staleLock : null;
  const endLockCarriers = async (except) => {
    const cookie = staleHolder?.cookie;
    if (staleHolder !== null && cookie !== void 0 && cookie !== except)
      await endOrphans(cookie, staleHolder.pid, deps);
  };
  let previous;
  try {
    previous = await readStatus(statusPath);
  } catch {
    deps.logger.log("warn", { status_file: "unreadable", action: "replaced" });
    return endLockCarriers();
  }
  if (!previous) return endLockCarriers();
  const pgid = previous.agent_pgid;
  if (pgid && groupAlive(pgid)) {
    const how = await terminateGroup(pgid, deps.killGraceMs, deps.clock);
    deps.logger.log("warn", {
      recovery: "orphan_agent_group",
      pgid,
      previous_pid: previous.pid,
      ended_with: how
    });
    await deps.emit({ event: "orphan_group_killed", pgid, previous_pid: previous.pid, ended_with: how });
  }
  const escaped = previous.agent_escaped ?? [];
  if (escaped.length > 0) {
    const ended = await terminateRecorded(escaped, deps.killGraceMs, deps.clock);
    if (ended > 0) {
      deps.logger.log("warn", { recovery: "orphan_descendants", count: ended, previous_pid: previous.pid });
      await deps.emit({ event: "orphan_descendants_killed", count: ended, previous_pid: previous.pid });
    }
  }
  if (isCookie(previous.cookie)) await endOrphans(previous.cookie, previous.pid, deps);
  await endLockCarriers(previous.cookie ?? void 0);
}
async function endOrphans(cookie, previousPid, deps) {
  const ended = await endCarriers(cookie, deps.killGraceMs, deps.clock);
  if (ended > 0) {
    deps.logger.log("warn", { recovery: "orphan_processes", count: ended, previous_pid: previousPid });
    await deps.emit({ event: "orphan_processes_killed", count: ended, previous_pid: previousPid });
  }
}

const TEXT_WINDOW_CHARS = 4096;
const RESULT_TEXT_CHARS = 4096;
function tailLines(tail, complete) {
  const lines = tail.split("\n");
  if (!complete) lines.shift();
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => line.endsWith("\r") ? line.slice(0, -1) : line);
}
function lastLines(text, count) {
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  const lines = [];
  let end = body.length;
  while (lines.length < count && end >= 0) {
    const start = end > 0 ? body.lastIndexOf("\n", end - 1) : -1;
    lines.unshift(body.slice(start + 1, end).replace(/\r$/, ""));
    if (start < 0) break;
    end = start;
  }
  return { lines, unterminated: !text.endsWith("\n") && text.length > 0 };
}
function lastNonEmptyLine(text) {
  const { lines } = lastLines(text.trimEnd(), 1);
  const line = lines[0]?.trim();
  return line ? line : null;
}
function truncate(text, maxChars) {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}\u2026`;
}
function lastChars(text, maxChars) {
  return text.length <= maxChars ? text : text.slice(text.length - maxChars);
}
function errorMessages(errors, final) {
  return [...errors, ...final === null || errors.includes(final) ? [] : [final]].join("\n");
}

function parseObject(text) {
  try {
    const value = JSON.parse(text);
    return asObject(value);
  } catch {
    return null;
  }
}
function balancedObjectAt(text, start) {
  if (text[start] !== "{") return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}
function findEmbeddedObjects(text, opening) {
  const found = [];
  const re = new RegExp(opening.source, opening.flags.includes("g") ? opening.flags : `${opening.flags}g`);
  for (const m of text.matchAll(re)) {
    const raw = balancedObjectAt(text, m.index);
    const value = raw === null ? null : parseObject(raw);
    if (raw !== null && value !== null) found.push({ start: m.index, end: m.index + raw.length, value });
  }
  return found;
}
function parseLineLenient(line, splice) {
  const direct = parseObject(line);
  if (direct !== null) return direct;
  const spliced = findEmbeddedObjects(line, splice);
  if (spliced.length === 0) return null;
  let rest = "";
  let at = 0;
  for (const s of spliced) {
    rest += line.slice(at, s.start);
    at = s.end;
  }
  return parseObject(rest + line.slice(at));
}
function lastJsonEvent(tail, maxLines = 8) {
  const { lines, unterminated } = lastLines(tail, maxLines);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? "").trim();
    if (!line.startsWith("{")) continue;
    const value = parseObject(line);
    if (value !== null) return value;
    if (i === lines.length - 1 && unterminated) return null;
  }
  return null;
}
function asObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : null;
}
function asNumber(value) {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
function asString(value) {
  return typeof value === "string" ? value : null;
}
function asText(value, fallback = "") {
  if (value === void 0 || value === null) return fallback;
  return typeof value === "string" ? value : JSON.stringify(value);
}
function* tailRecords(tail, complete, parse = parseObject) {
  for (const line of tailLines(tail, complete)) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    if (!trimmed.startsWith("{")) {
      yield { text: trimmed };
      continue;
    }
    const event = parse(trimmed);
    if (event !== null) yield { event };
  }
}

const STDERR = /* @__PURE__ */ Symbol("stderr");
function stderrOf(error) {
  return error instanceof Error ? error[STDERR] ?? "" : "";
}
function runCommand(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        ...options.cwd !== void 0 ? { cwd: options.cwd } : {},
        ...options.env !== void 0 ? { env: options.env } : {},
        timeout: options.timeoutMs ?? 12e4,
        maxBuffer: options.maxBuffer ?? 16 * 1024 * 1024,
        encoding: "utf8"
      },
      (error, stdout, stderr) => {
        if (error === null) return resolve({ code: 0, stdout, stderr });
        const code = error.code;
        if (typeof code === "number") return resolve({ code, stdout, stderr });
        const failure = new Error(`${command} could not be run: ${error.message}`, { cause: error });
        reject(Object.assign(failure, { [STDERR]: stderr }));
      }
    );
  });
}

const GIT_TIMEOUT_MS = 6e4;
const UNTRUSTED_COMMANDS = [
  ["core.hooksPath", "/dev/null"],
  ["core.fsmonitor", "false"],
  ["core.pager", "cat"]
];
function withGitConfig(base, entries) {
  const env = { ...base };
  const given = Number(base.GIT_CONFIG_COUNT ?? "0");
  let n = Number.isSafeInteger(given) && given > 0 ? given : 0;
  for (const [key, value] of entries) {
    env[`GIT_CONFIG_KEY_${n}`] = key;
    env[`GIT_CONFIG_VALUE_${n}`] = value;
    n++;
  }
  env.GIT_CONFIG_COUNT = String(n);
  return env;
}
function guardedGitEnv(base = process.env) {
  return withGitConfig(base, UNTRUSTED_COMMANDS);
}
const MAX_BUFFER = 64 * 1024 * 1024;
function runGit(cwd, args, timeoutMs = GIT_TIMEOUT_MS, env) {
  return runCommand("git", args, { cwd, timeoutMs, maxBuffer: MAX_BUFFER, env: guardedGitEnv(env) }).catch(
    (error) => {
      const why = stderrOf(error).trim() || error.cause.message;
      throw new Error(`git ${args.join(" ")} failed in ${cwd}: ${why}`);
    }
  );
}
function runGitSync(cwd, args) {
  const result = spawnSync("git", args, {
    cwd,
    env: guardedGitEnv(),
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: MAX_BUFFER,
    encoding: "utf8"
  });
  if (result.error) throw new Error(`git ${args.join(" ")} failed in ${cwd}: ${result.error.message}`);
  return { code: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}
function gitFailure(cwd, args, result) {
  const detail = result.stderr.trim() || result.stdout.trim() || `exit code ${result.code}`;
  return new Error(`git ${args.join(" ")} failed in ${cwd}: ${detail}`);
}
async function git(cwd, args) {
  const result = await runGit(cwd, args);
  if (result.code !== 0) throw gitFailure(cwd, args, result);
  return result.stdout;
}

function asRoot(privilege, argv) {
  return privilege === "root" ? [argv[0], argv.slice(1)] : ["sudo", ["-n", "--", ...argv]];
}
async function runAsRoot(privilege, argv) {
  const [command, args] = asRoot(privilege, argv);
  const result = await runCommand(command, args);
  if (result.code !== 0)
    throw new Error(`${argv.join(" ")} failed: ${result.stderr.trim() || `exit code ${result.code}`}`);
  return result.stdout;
}
async function probePrivilege() {
  if (process.getuid?.() === 0) return "root";
  try {
    return (await runCommand("sudo", ["-n", "true"], { timeoutMs: 1e4 })).code === 0 ? "sudo" : null;
  } catch {
    return null;
  }
}

const agentUserName = (cookie) => `agent-harness-${cookie.slice(0, 8)}`;
const AGENT_USER_NAME = /^agent-harness-[0-9a-f]{8}$/;
async function lookupUser(name) {
  const [uid, gid] = await Promise.all([runCommand("id", ["-u", name]), runCommand("id", ["-g", name])]);
  if (uid.code !== 0 || gid.code !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
async function createAgentUser(input) {
  const name = agentUserName(input.cookie);
  const home = join(input.baseDir, name);
  if (await lookupUser(name) === null)
    await runAsRoot(input.privilege, [
      "useradd",
      "--system",
      "--user-group",
      "--no-create-home",
      "--home-dir",
      home,
      "--shell",
      "/bin/sh",
      name
    ]);
  const ids = await lookupUser(name);
  if (ids === null) throw new Error(`the agent's user ${name} was made but cannot be looked up`);
  await mkdir(join(home, "tmp"), { recursive: true, mode: 448 });
  const identity = [
    ...input.identity.name ? [`	name = ${quote(input.identity.name)}`] : [],
    ...input.identity.email ? [`	email = ${quote(input.identity.email)}`] : []
  ];
  await writeFile(
    join(home, ".gitconfig"),
    ["[safe]", "	directory = *", ...identity.length > 0 ? ["[user]", ...identity] : [], ""].join("\n")
  );
  await runAsRoot(input.privilege, ["chown", "-R", `${ids.uid}:${ids.gid}`, home]);
  await runAsRoot(input.privilege, ["chmod", "0700", home]);
  return {
    name,
    ...ids,
    home,
    privilege: input.privilege,
    owner: { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 }
  };
}
const quote = (value) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
function agentUserEnv(user) {
  return {
    HOME: user.home,
    USER: user.name,
    LOGNAME: user.name,
    TMPDIR: join(user.home, "tmp"),
    GIT_CONFIG_GLOBAL: join(user.home, ".gitconfig"),
    ...withGitConfig({}, [["safe.directory", "*"]])
  };
}
const OWNER_PLACES = /^(HOME|USER|LOGNAME|TMPDIR|XDG_[A-Z_]+)$/;
const switchUser = (user) => [
  "setpriv",
  `--reuid=${user.uid}`,
  `--regid=${user.gid}`,
  "--clear-groups",
  "--no-new-privs",
  "--"
];
function asAgentUser(user, command, args, env) {
  const again = ["PATH", "HOME", "TMPDIR"].flatMap(
    (name) => env[name] !== void 0 ? [`${name}=${env[name]}`] : []
  );
  const inner = [...switchUser(user), "env", ...again, command, ...args];
  return user.privilege === "root" ? { command: inner[0], args: inner.slice(1) } : { command: "sudo", args: ["-n", "-E", "--", ...inner] };
}
function processesOf(uid) {
  return procPids().flatMap((entry) => {
    try {
      return statSync(`/proc/${entry}`).uid === uid ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}
async function endAgentProcesses(user, clock, timeoutMs = 1e4) {
  const found = processesOf(user.uid).length;
  const deadline = clock.now() + timeoutMs;
  while (processesOf(user.uid).length > 0) {
    await runAsRoot(user.privilege, [...switchUser(user), "kill", "-KILL", "-1"]).catch(() => void 0);
    if (processesOf(user.uid).length === 0) break;
    if (clock.now() >= deadline)
      throw new Error(`processes of the agent's user ${user.name} are still running after SIGKILL`);
    await clock.sleep(20);
  }
  return found;
}
async function removeAgentUser(user, clock) {
  await endAgentProcesses(user, clock);
  await runAsRoot(user.privilege, ["userdel", user.name]);
  await runAsRoot(user.privilege, ["rm", "-rf", "--", user.home]);
}

function closedAncestors(root, uid) {
  const closed = [];
  for (let dir = dirname(root); ; dir = dirname(dir)) {
    const stat = statSync(dir);
    if (stat.uid !== uid && (stat.mode & 1) === 0) closed.push(dir);
    if (dir === dirname(dir)) break;
  }
  return closed;
}
async function aclDump(paths, recursive) {
  const args = ["--absolute-names", "--skip-base", "--physical", ...recursive ? ["-R"] : [], ...paths];
  const result = await runCommand("getfacl", args);
  if (result.code !== 0 && result.stdout === "") throw new Error(`getfacl failed: ${result.stderr.trim()}`);
  return result.stdout;
}
async function grantTree(user, root, protect, planned = () => void 0) {
  const before = await aclDump([root], true);
  const ancestors = await Promise.all(
    closedAncestors(root, user.uid).map(async (dir) => ({
      dir,
      hadAcl: (await aclDump([dir], false)).trim() !== ""
    }))
  );
  const grant = { root, before, ancestors };
  planned(grant);
  for (const { dir } of ancestors) await runAsRoot(user.privilege, ["setfacl", "-m", `u:${user.uid}:x`, dir]);
  const entries = [`u:${user.uid}:rwX`, `d:u:${user.uid}:rwX`];
  if (user.owner.uid !== 0) entries.push(`d:u:${user.owner.uid}:rwX`);
  await runAsRoot(user.privilege, ["setfacl", "-R", "-P", "-m", entries.join(","), root]);
  const existing = protect.filter((path) => existsSync(path));
  if (existing.length > 0) await runAsRoot(user.privilege, ["setfacl", "-x", `u:${user.uid}`, ...existing]);
  return grant;
}
async function handBack(user, root) {
  const owner = `${user.owner.uid}:${user.owner.gid}`;
  await runAsRoot(user.privilege, [
    "find",
    root,
    "-xdev",
    "(",
    "-user",
    String(user.uid),
    "-o",
    "-group",
    String(user.gid),
    ")",
    "-exec",
    "chown",
    "-h",
    owner,
    "{}",
    "+"
  ]);
}
async function revokeTree(user, grant) {
  if (existsSync(grant.root)) {
    await runAsRoot(user.privilege, ["setfacl", "-R", "-P", "-b", "-k", grant.root]);
    if (grant.before.trim() !== "") await restoreAcls(user, grant.before);
  }
  for (const { dir, hadAcl } of grant.ancestors) {
    if (!existsSync(dir)) continue;
    await runAsRoot(user.privilege, ["setfacl", "-x", `u:${user.uid}`, dir]);
    if (!hadAcl && !NAMED_ENTRY.test(await aclDump([dir], false)))
      await runAsRoot(user.privilege, ["setfacl", "-b", dir]);
  }
}
const NAMED_ENTRY = /^(?:default:)?(?:user|group):[^:\n]+:/m;
async function restoreAcls(user, dump) {
  const dir = await mkdtemp(join(tmpdir(), "agent-harness-acl-"));
  try {
    const file = join(dir, "acl");
    await writeFile(file, dump, { mode: 384 });
    await runAsRoot(user.privilege, ["setfacl", `--restore=${file}`]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const TASK_FILE = "harness-tasks.json";
const PROGRESS_FILE = "harness-progress.txt";
function inFamily(family, name) {
  if (name.length < family.before.length + family.after.length) return false;
  if (!name.startsWith(family.before) || !name.endsWith(family.after)) return false;
  const middle = name.slice(family.before.length, name.length - family.after.length);
  return family.anyMiddle === true || /^[0-9]/.test(middle);
}
function tempFamily(path) {
  return { dir: dirname(path), before: `.${basename(path)}.`, after: ".tmp" };
}
function harnessFiles(paths, options = {}) {
  const taskFile = resolve(paths.cwd, TASK_FILE);
  const atomic = [paths.counter, paths.status, taskFile, `${taskFile}.bak`, ...options.stateFiles ?? []];
  const locks = [paths.lock, ...options.locks ?? []];
  const database = paths.metricsDb ? ["", "-wal", "-shm", "-journal"].map((suffix) => `${paths.metricsDb}${suffix}`) : [];
  const files = [
    ...atomic,
    resolve(paths.cwd, PROGRESS_FILE),
    ...paths.eventLog ? [paths.eventLog] : [],
    ...database,
    paths.stopFile,
    ...locks
  ];
  const families = [
    { dir: paths.outputDir, before: `${paths.outputPrefix}-`, after: ".jsonl" },
    // Transcripts compressed by `[storage]`, and the temp files their compression writes.
    { dir: paths.outputDir, before: `${paths.outputPrefix}-`, after: ".jsonl.gz" },
    { dir: paths.outputDir, before: `${paths.outputPrefix}-`, after: ".jsonl.zst" },
    { dir: paths.outputDir, before: `.${paths.outputPrefix}-`, after: ".tmp", anyMiddle: true },
    { dir: paths.outputDir, before: `${paths.outputPrefix}-`, after: ".prompt.md" },
    { dir: dirname(taskFile), before: `${basename(taskFile)}.corrupt-`, after: "" },
    // An instance lock's takeover markers (`<lock>.reclaim-…`, nested) and the temp file it is linked from.
    ...locks.map((lock) => ({
      dir: dirname(lock),
      before: `${basename(lock)}.reclaim-`,
      after: "",
      anyMiddle: true
    })),
    ...[...atomic, ...locks].map(tempFamily)
  ];
  return { files, families, dirs: options.lockDir ? [options.lockDir] : [] };
}
const GLOB_SPECIAL = /[\\*?[\]]/g;
const escapeGlob = (text) => text.replace(GLOB_SPECIAL, "\\$&");
const escapeIgnore = (text) => escapeGlob(text).replace(/ $/, "\\ ");
function harnessGitView(files, cwd, prefix) {
  const inRepo = (path) => {
    const fromCwd = relative(resolve(cwd), resolve(path));
    if (isAbsolute(fromCwd)) return null;
    const fromTop = posix.normalize(posix.join(prefix.split(sep).join("/"), fromCwd.split(sep).join("/")));
    if (fromTop === ".." || fromTop.startsWith("../") || fromTop === "." || fromTop === "") return null;
    return fromTop;
  };
  const view = { pathspecs: [], excludes: [], ignorePatterns: [] };
  const add = (literal, glob, ignore) => {
    if (literal !== null) {
      view.pathspecs.push(`:(top,literal)${literal}`);
      view.excludes.push(`:(top,exclude,literal)${literal}`);
    }
    if (glob !== null) {
      view.pathspecs.push(`:(top,glob)${glob}`);
      view.excludes.push(`:(top,exclude,glob)${glob}`);
    }
    if (ignore !== null) view.ignorePatterns.push(ignore);
  };
  for (const file of new Set(files.files)) {
    const at = inRepo(file);
    if (at !== null) add(at, null, `/${escapeIgnore(at)}`);
  }
  for (const dir of new Set(files.dirs)) {
    const at = inRepo(dir);
    if (at !== null) add(null, `${escapeGlob(at)}/**`, `/${escapeIgnore(at)}/`);
  }
  const seen = /* @__PURE__ */ new Set();
  for (const family of files.families) {
    const dirAt = inRepo(join(family.dir, "x"));
    if (dirAt === null) continue;
    const dir = posix.dirname(dirAt);
    const lead = dir === "." ? "" : `${dir}/`;
    const middle = family.anyMiddle === true ? "*" : "[0-9]*";
    const name = `${escapeGlob(family.before)}${middle}${escapeGlob(family.after)}`;
    const glob = `${escapeGlob(lead)}${name}`;
    if (seen.has(glob)) continue;
    seen.add(glob);
    add(null, glob, `/${escapeGlob(lead)}${name.replace(/ $/, "\\ ")}`);
  }
  return view;
}

function readOr(path, fallback) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return fallback;
  }
}
function mayWrite(path) {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
function access(dir) {
  return { dir, canMake: mayWrite(dir), canMove: mayWrite(join(dir, "cgroup.procs")) };
}
function readFacts(env) {
  const setting = cgroupSetting(env[CGROUP_VAR]);
  const mount = preferredMount(cgroup2Mounts(readOr("/proc/self/mountinfo", "")));
  const ownPath = ownCgroupPath(readOr("/proc/self/cgroup", ""));
  const ownDir = mount && ownPath !== null ? cgroupDir(mount, ownPath) : null;
  const topDir = mount ? cgroupDir(mount, mount.root) : null;
  const runtime = env.XDG_RUNTIME_DIR;
  const systemdUser = runtime !== void 0 && runtime !== "" && existsSync(join(runtime, "systemd", "private")) && findExecutable("systemd-run", "/", env) !== null && findExecutable("systemctl", "/", env) !== null;
  return {
    setting,
    mount,
    own: ownDir === null ? null : access(ownDir),
    top: topDir === null ? null : access(topDir),
    systemdUser
  };
}
function pidNamespace() {
  try {
    return /\[(\d+)\]/.exec(readlinkSync("/proc/self/ns/pid"))?.[1] ?? "0";
  } catch {
    return "0";
  }
}
function moveInto(dir, pid) {
  writeFileSync(join(dir, "cgroup.procs"), `${pid}
`);
}
function isPopulated(dir) {
  return populated(readOr(join(dir, "cgroup.events"), ""));
}
function treeDeepestFirst(dir) {
  const dirs = [];
  const walk = (at) => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) if (entry.isDirectory()) walk(join(at, entry.name));
    dirs.push(at);
  };
  walk(dir);
  return dirs;
}
function membersOf(dir) {
  return treeDeepestFirst(dir).flatMap((at) => procsOf(readOr(join(at, "cgroup.procs"), "")));
}
function signalEach(pids, signal) {
  for (const pid of pids) {
    if (pid === process.pid) continue;
    try {
      process.kill(pid, signal);
    } catch {
    }
  }
}
async function waitEmpty(dir, ms, clock) {
  const deadline = clock.now() + ms;
  for (; ; ) {
    if (!isPopulated(dir)) return true;
    if (clock.now() >= deadline) return false;
    await clock.sleep(Math.min(20, Math.max(1, deadline - clock.now())));
  }
}
function killMethodOf(dir) {
  return killMethod({
    kill: existsSync(join(dir, "cgroup.kill")),
    freeze: existsSync(join(dir, "cgroup.freeze"))
  });
}
async function killRound(dir, method, clock) {
  const members = membersOf(dir);
  if (members.includes(process.pid)) method = "signal";
  try {
    if (method === "cgroup.kill") return writeFileSync(join(dir, "cgroup.kill"), "1");
    if (method === "freeze") {
      writeFileSync(join(dir, "cgroup.freeze"), "1");
      const deadline = clock.now() + 200;
      while (!frozen(readOr(join(dir, "cgroup.events"), "frozen 1")) && clock.now() < deadline)
        await clock.sleep(5);
      signalEach(membersOf(dir), "SIGKILL");
      writeFileSync(join(dir, "cgroup.freeze"), "0");
      return;
    }
  } catch {
  }
  signalEach(members, "SIGKILL");
}
async function endCgroup(dir, graceMs, clock, method = killMethodOf(dir)) {
  if (!isPopulated(dir)) return { count: 0, how: "gone" };
  const first = membersOf(dir).filter((pid) => pid !== process.pid);
  if (graceMs > 0) {
    signalEach(first, "SIGTERM");
    if (await waitEmpty(dir, graceMs, clock)) return { count: first.length, how: "term" };
  }
  for (let round = 0; round < 50 && isPopulated(dir); round++) {
    await killRound(dir, method, clock);
    if (await waitEmpty(dir, 500, clock)) break;
  }
  return { count: first.length, how: "kill" };
}
function removeCgroup(dir) {
  for (const at of treeDeepestFirst(dir)) {
    try {
      rmdirSync(at);
    } catch (error) {
      if (error.code !== "ENOENT") return false;
    }
  }
  return true;
}
function subdirectories(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
}

function notPrivate(stat, kind) {
  if (kind === "dir" ? !stat.isDirectory() : !stat.isFile())
    return `not a ${kind === "dir" ? "directory" : "file"}`;
  if (typeof process.getuid === "function" && stat.uid !== process.getuid())
    return `owned by uid ${stat.uid}, not this user`;
  if ((stat.mode & 63) !== 0) return `open to others (mode ${(stat.mode & 511).toString(8)})`;
  return null;
}
function ensurePrivateDir(dir) {
  try {
    mkdirSync(dir, { mode: 448 });
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
  }
  const why = notPrivate(lstatSync(dir), "dir");
  if (why !== null)
    throw new Error(`${dir} is not a private directory of this user (${why}): remove it and run again`);
}
function writePrivateFile(path, data) {
  ensurePrivateDir(dirname(path));
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    unlinkSync(tmp);
  } catch {
  }
  writeFileSync(tmp, data, { mode: 384, flag: "wx" });
  renameSync(tmp, path);
}
function removePrivateFile(path) {
  try {
    unlinkSync(path);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
}

const Identity = object({
  pid: number$1().int().positive(),
  start: string().nullable(),
  boot: string().nullable()
});
const Grant = object({
  root: string(),
  before: string(),
  ancestors: array(object({ dir: string(), hadAcl: boolean() }))
});
const RecordSchema = object({
  version: literal(1),
  /** The agent's user; uid and gid are null until it is made. */
  user: object({
    name: string(),
    uid: number$1().int().nullable(),
    gid: number$1().int().nullable(),
    home: string()
  }),
  /** The harness that made it: pid, start time and boot id, so a live harness's record is never swept. */
  harness: Identity,
  /** Its PID namespace ("0": unknown): a pid is only judged in the namespace it was read in. */
  pidns: string(),
  privilege: _enum(["root", "sudo"]),
  /** The harness's user and group, which the agent's files go back to. */
  owner: object({ uid: number$1().int().nonnegative(), gid: number$1().int().nonnegative() }),
  /** Every grant (tree-access.ts), recorded before it is made. */
  grants: array(Grant)
}).strict();
function isolationRecordDir(baseDir = tmpdir(), uid = ownUid()) {
  return join(baseDir, `agent-harness-isolation-${uid}`);
}
const recordFile = (dir, userName) => join(dir, `${userName}.json`);
function ownUid() {
  return typeof process.getuid === "function" ? process.getuid() : 0;
}
function writeIsolationRecord(path, record) {
  writePrivateFile(path, JSON.stringify(record));
}
const removeIsolationRecord = removePrivateFile;
function readIsolationRecords(dir) {
  let stat;
  try {
    stat = lstatSync(dir);
  } catch (error) {
    if (error.code === "ENOENT") return [];
    return [{ path: dir, problem: `unreadable: ${error.message}` }];
  }
  const dirProblem = notPrivate(stat, "dir");
  if (dirProblem !== null)
    return [{ path: dir, problem: `not a private directory of this user: ${dirProblem}` }];
  let names;
  try {
    names = readdirSync(dir);
  } catch (error) {
    return [{ path: dir, problem: `unreadable: ${error.message}` }];
  }
  return names.filter((name) => name.endsWith(".json")).sort().map((name) => readOne(join(dir, name)));
}
function readOne(path) {
  try {
    const why = notPrivate(lstatSync(path), "file");
    if (why !== null) return { path, problem: `not a private file of this user: ${why}` };
    let data;
    try {
      data = JSON.parse(readFileSync(path, "utf8"));
    } catch (error) {
      return { path, problem: `not a record: ${error.message}` };
    }
    const parsed = RecordSchema.safeParse(data);
    if (!parsed.success)
      return { path, problem: `not a record: ${parsed.error.issues[0]?.message ?? "invalid"}` };
    return { path, record: parsed.data };
  } catch (error) {
    return { path, problem: `unreadable: ${error.message}` };
  }
}
function hasIsolationRecords(dir) {
  try {
    return readdirSync(dir).some((name) => name.endsWith(".json"));
  } catch {
    return false;
  }
}
class RunIsolationRecord {
  constructor(path, record) {
    this.path = path;
    this.record = record;
  }
  path;
  record;
  /** Writes the first record, before anything is made. */
  static start(dir, record) {
    const path = recordFile(dir, record.user.name);
    writeIsolationRecord(path, record);
    return new RunIsolationRecord(path, record);
  }
  userMade(ids) {
    this.record = { ...this.record, user: { ...this.record.user, ...ids } };
    writeIsolationRecord(this.path, this.record);
  }
  granting(grant) {
    this.record = { ...this.record, grants: [...this.record.grants, grant] };
    writeIsolationRecord(this.path, this.record);
  }
  remove() {
    removeIsolationRecord(this.path);
  }
}

const canonical = (path) => isAbsolute(path) && resolve(path) === path;
function recordProblem(record, path, me) {
  const { user } = record;
  if (!AGENT_USER_NAME.test(user.name))
    return `its user name ${JSON.stringify(user.name)} is not one the harness makes`;
  if (basename(path) !== `${user.name}.json`) return "its file is not named after its user";
  const ids = [
    ["uid", user.uid, me.uid],
    ["gid", user.gid, me.gid]
  ];
  for (const [what, id, mine] of ids)
    if (id !== null && (id <= 0 || id === mine)) return `its ${what} ${id} is root's or the harness's own`;
  if (record.owner.uid !== me.uid) return `it was written for uid ${record.owner.uid}, not this user`;
  const home = join(me.baseDir, user.name);
  if (user.home !== home) return `its home ${user.home} is not ${home}`;
  for (const { root, ancestors } of record.grants) {
    if (!canonical(root) || root === "/")
      return `its tree ${JSON.stringify(root)} is not a directory below /`;
    for (const { dir } of ancestors)
      if (!canonical(dir) || root === dir || !within(dir, root))
        return `${JSON.stringify(dir)} is not a parent directory of its tree ${root}`;
  }
  return null;
}
function judgeRecord(record, me, facts) {
  if (facts.harnessAlive) return { act: "keep" };
  const { name, uid, gid } = record.user;
  const ignore = (why) => ({ act: "ignore", why });
  if (facts.ids !== null) {
    if (uid !== null && (facts.ids.uid !== uid || facts.ids.gid !== gid))
      return ignore(
        `${name} is uid ${facts.ids.uid} gid ${facts.ids.gid} here, not ${uid} ${gid} as recorded`
      );
    if (facts.ids.uid <= 0 || facts.ids.uid === me.uid || facts.ids.gid <= 0 || facts.ids.gid === me.gid)
      return ignore(`${name} is root's or the harness's own uid or gid here`);
    return { act: "sweep", ...facts.ids };
  }
  if (uid !== null && facts.uidHolder !== null)
    return ignore(`${name} is gone and its uid ${uid} now belongs to ${facts.uidHolder}`);
  return { act: "sweep", uid, gid };
}
function sharesTree(roots, liveRoots) {
  return roots.some((root) => liveRoots.some((live) => within(live, root) || within(root, live)));
}
function harnessMayRun(record) {
  const here = pidNamespace();
  if (record.pidns !== "0" && here !== "0" && record.pidns !== here) return true;
  return sameProcessAlive(record.harness);
}
async function recordFacts(record) {
  const harnessAlive = harnessMayRun(record);
  if (harnessAlive) return { harnessAlive, ids: null, uidHolder: null };
  const ids = await lookupUser(record.user.name);
  let uidHolder = null;
  if (ids === null && record.user.uid !== null) {
    const holder = await runCommand("id", ["-nu", String(record.user.uid)]);
    uidHolder = holder.code === 0 ? holder.stdout.trim() || null : null;
  }
  return { harnessAlive, ids, uidHolder };
}
async function sweepDeadIsolations(deps) {
  const me = {
    uid: process.getuid?.() ?? 0,
    gid: process.getgid?.() ?? 0,
    baseDir: deps.baseDir ?? tmpdir()
  };
  const dead = [];
  const liveRoots = [];
  for (const entry of readIsolationRecords(isolationRecordDir(me.baseDir, me.uid))) {
    const ignored = (why) => deps.log("warn", { isolation_record: entry.path, ignored: why, fix: "remove it once checked" });
    if ("problem" in entry) {
      ignored(entry.problem);
      continue;
    }
    const problem = recordProblem(entry.record, entry.path, me);
    if (problem !== null) {
      ignored(problem);
      continue;
    }
    const facts = await recordFacts(entry.record).catch((error) => error);
    if (facts instanceof Error) {
      ignored(`its user could not be looked up: ${facts.message}`);
      continue;
    }
    const verdict = judgeRecord(entry.record, me, facts);
    if (verdict.act === "ignore") ignored(verdict.why);
    else if (verdict.act === "keep") liveRoots.push(...entry.record.grants.map((grant) => grant.root));
    else dead.push({ path: entry.path, record: entry.record, uid: verdict.uid, gid: verdict.gid });
  }
  const swept = [];
  for (const { path, record, uid, gid } of dead) {
    const roots = record.grants.map((grant) => grant.root);
    const user = uid !== null && gid !== null ? { ...record.user, uid, gid, privilege: deps.privilege, owner: record.owner } : null;
    try {
      if (sharesTree(roots, liveRoots)) {
        const ended = user ? await endAgentProcesses(user, deps.clock) : 0;
        deps.log("warn", {
          isolation_record: path,
          deferred: "a live run holds the same tree: its ACLs and user are left until that run has ended",
          processes_ended: ended
        });
        continue;
      }
      const done = { ...await sweepRecord(path, record, user, deps), roots };
      deps.log("warn", {
        isolation: "swept",
        agent_user: done.user,
        uid: done.uid,
        previous_pid: done.previousPid,
        trees: roots.join(", "),
        processes: done.processes,
        why: "a killed harness left them"
      });
      await deps.onSwept?.(done).catch(() => void 0);
      swept.push(done);
    } catch (error) {
      deps.log("warn", {
        isolation_record: path,
        sweep_failed: error.message,
        kept: "for the next start"
      });
    }
  }
  return swept;
}
async function sweepRecord(path, record, user, deps) {
  let processes = 0;
  if (user !== null) {
    processes = await endAgentProcesses(user, deps.clock);
    for (const { root } of record.grants) if (existsSync(root)) await handBack(user, root);
    for (const grant of [...record.grants].reverse()) await revokeTree(user, grant);
  }
  const { name, home } = record.user;
  const ids = await lookupUser(name);
  if (ids !== null && user !== null && ids.uid === user.uid)
    await runAsRoot(deps.privilege, ["userdel", name]);
  if (present(home)) await runAsRoot(deps.privilege, ["rm", "-rf", "--", home]);
  removeIsolationRecord(path);
  return { user: name, uid: user?.uid ?? null, processes, previousPid: record.harness.pid };
}
const present = (path) => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

function startRunRecord(name, privilege) {
  return RunIsolationRecord.start(isolationRecordDir(), {
    version: 1,
    user: { name, uid: null, gid: null, home: join(tmpdir(), name) },
    harness: processIdentity(),
    pidns: pidNamespace(),
    privilege,
    owner: { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 },
    grants: []
  });
}
async function sweepLeftIsolations(deps) {
  const emit = deps.emit;
  return sweepDeadIsolations({
    privilege: deps.privilege,
    clock: deps.clock,
    log: (level, fields) => deps.logger.log(level, fields),
    ...emit ? {
      onSwept: (swept) => emit({
        event: "isolation_swept",
        user: swept.user,
        ...swept.uid !== null ? { uid: swept.uid } : {},
        roots: swept.roots,
        processes: swept.processes,
        previous_pid: swept.previousPid
      })
    } : {}
  });
}

function eventLine(event, ms) {
  return { ts: isoSeconds(ms), v: EVENT_LOG_VERSION, ...event };
}
class FileEventLog {
  constructor(path, now) {
    this.path = path;
    this.now = now;
  }
  path;
  now;
  async emit(event) {
    const line = JSON.stringify(eventLine(event, this.now()));
    await namingFile(this.path, () => appendFile(this.path, `${line}
`));
  }
}
const nullEventSink = { emit: () => Promise.resolve() };
function isoSeconds(ms) {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

const DEPENDENCY_TAG = "[DEPENDENCY]";
function hasDependencyError(task) {
  return task.error_log.some((entry) => entry.trimStart().startsWith(DEPENDENCY_TAG));
}
function isPermanentlyFailed(task) {
  return task.status === "failed" && (task.attempts >= task.max_attempts || hasDependencyError(task));
}
function isRetryable(task) {
  return task.status === "failed" && task.attempts < task.max_attempts && !hasDependencyError(task);
}

function taskStats(tasks) {
  const dead = /* @__PURE__ */ new Set();
  for (const task of tasks) if (isPermanentlyFailed(task)) dead.add(task.id);
  const stats = {
    tasks_total: tasks.length,
    completed: 0,
    failed: 0,
    pending: 0,
    blocked: 0,
    attempts_total: 0,
    checkpoints: 0
  };
  for (const task of tasks) {
    if (task.status === "completed") stats.completed++;
    else if (task.status === "failed") stats.failed++;
    else if (task.status === "pending") {
      stats.pending++;
      if (task.depends_on.some((dep) => dead.has(dep))) stats.blocked++;
    }
    stats.attempts_total += task.attempts;
    stats.checkpoints += task.checkpoints.length;
  }
  return stats;
}
function formatStats(stats) {
  return `tasks_total=${stats.tasks_total} completed=${stats.completed} failed=${stats.failed} pending=${stats.pending} blocked=${stats.blocked} attempts_total=${stats.attempts_total} checkpoints=${stats.checkpoints}`;
}

const systemClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve(true);
      },
      Math.max(0, ms)
    );
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  })
};

const TASK_STATUSES = ["pending", "in_progress", "completed", "failed"];
const PRIORITIES = ["P0", "P1", "P2"];
const TASK_ID = /^task-\d{3,}$/;
const checkpoint = object({
  step: number$1().int().nonnegative(),
  total: number$1().int().positive(),
  description: string(),
  timestamp: string()
}).strict();
const taskSchema = object({
  id: string().regex(TASK_ID, "expected an id like task-001"),
  title: string().min(1),
  status: _enum(TASK_STATUSES),
  priority: _enum(PRIORITIES).default("P1"),
  depends_on: array(string()).default([]),
  attempts: number$1().int().nonnegative().default(0),
  max_attempts: number$1().int().positive().default(3),
  started_at_commit: string().nullable().default(null),
  /**
   * The branch HEAD was on when the task was claimed (null: detached). The harness goes back to it before
   * validating, committing or rolling back, whatever the agent checked out. Beyond the protocol's fields;
   * files without it still load.
   */
  started_on_branch: string().nullable().optional(),
  validation: object({
    command: string().nullable().default(null),
    timeout_seconds: number$1().positive().max(MAX_TIMER_SECS, TIMER_LIMIT_REASON).default(300)
  }).strict().prefault({}),
  on_failure: object({ cleanup: string().nullable().default(null) }).strict().prefault({}),
  error_log: array(string()).default([]),
  checkpoints: array(checkpoint).default([]),
  completed_at: string().nullable().default(null),
  /** When the task last failed (ISO): orders retries, oldest failure first. Beyond the protocol's fields. */
  failed_at: string().nullable().optional(),
  /** The last validation result, for status displays and the job summary. Beyond the protocol's fields. */
  last_validation: object({
    result: _enum(["pass", "fail", "timeout", "missing"]),
    at: string(),
    exit_code: number$1().nullable()
  }).strict().nullable().optional()
}).strict();
const taskFileSchema = object({
  version: literal(2),
  created: string(),
  session_config: object({
    max_tasks_per_session: number$1().int().positive().default(20),
    max_sessions: number$1().int().positive().default(50)
  }).strict().prefault({}),
  tasks: array(taskSchema),
  session_count: number$1().int().nonnegative().default(0),
  last_session: string().nullable().default(null)
}).strict().superRefine((file, ctx) => {
  const seen = /* @__PURE__ */ new Set();
  file.tasks.forEach((task, index) => {
    if (seen.has(task.id)) {
      ctx.addIssue({
        code: "custom",
        path: ["tasks", index, "id"],
        message: `duplicate task id ${task.id}`
      });
    }
    seen.add(task.id);
  });
  const ids = new Set(file.tasks.map((t) => t.id));
  file.tasks.forEach((task, index) => {
    task.depends_on.forEach((dep, d) => {
      if (!ids.has(dep)) {
        ctx.addIssue({
          code: "custom",
          path: ["tasks", index, "depends_on", d],
          message: `${task.id} depends on ${dep}, which is not in the task list`
        });
      }
    });
  });
});
function newTaskFile(nowIso) {
  return {
    version: 2,
    created: nowIso,
    session_config: { max_tasks_per_session: 20, max_sessions: 50 },
    tasks: [],
    session_count: 0,
    last_session: null
  };
}

class TaskFileError extends HarnessError {
  name = "TaskFileError";
  /** One line per problem, each naming the file and the JSON path. */
  problems;
  constructor(message, problems = []) {
    super(message, EXIT.usage);
    this.problems = Object.freeze([...problems]);
  }
}
const backupPath = (path) => `${path}.bak`;
async function readTaskFile(path, options = {}) {
  const primary = await parseTaskFile(path);
  if (primary === null) return null;
  if (primary.ok) return { file: primary.file, restoredFromBackup: false };
  const bak = backupPath(path);
  const backup = await parseTaskFile(bak);
  if (backup === null || !backup.ok) throw unrecoverable(path, primary.reason, backup);
  const corruptCopy = await keepAside(path, primary.bytes, (options.now ?? Date.now)());
  await writeFileAtomic(path, backup.bytes.toString("utf8"), { durable: true });
  return { file: backup.file, restoredFromBackup: true, corruptCopy, problem: primary.reason };
}
async function loadTasksForRead(path) {
  const primary = await parseTaskFile(path);
  if (primary === null) return null;
  if (primary.ok) return { file: primary.file, usedPath: path, fromBackup: false, problem: null };
  const bak = backupPath(path);
  const backup = await parseTaskFile(bak);
  if (backup === null || !backup.ok) throw unrecoverable(path, primary.reason, backup);
  return { file: backup.file, usedPath: bak, fromBackup: true, problem: primary.reason };
}
async function writeTaskFile(path, file, options = {}) {
  const result = taskFileSchema.safeParse(file);
  if (!result.success) {
    const problems = formatIssues(path, result.error.issues, file);
    throw new TaskFileError(
      `refusing to write ${path}: the task list is invalid
${problems.join("\n")}`,
      problems
    );
  }
  const text = `${JSON.stringify(result.data, null, 2)}
`;
  const current = await parseTaskFile(path);
  if (current?.ok) {
    await writeFileAtomic(backupPath(path), current.bytes.toString("utf8"), { durable: true });
  } else if (current?.bytes) {
    await keepAside(path, current.bytes, (options.now ?? Date.now)());
  }
  await writeFileAtomic(path, text, { durable: true });
}
function parseTaskFileText(source, text) {
  let data;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { ok: false, problems: [`${source}: invalid JSON: ${error.message}`] };
  }
  const result = taskFileSchema.safeParse(data);
  if (result.success) return { ok: true, file: result.data };
  return { ok: false, problems: formatIssues(source, result.error.issues, data) };
}
async function parseTaskFile(path) {
  let bytes;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT") return null;
    if (code === "EISDIR") return { ok: false, reason: `${path}: is a directory`, bytes: null };
    throw error;
  }
  const parsed = parseTaskFileText(path, bytes.toString("utf8"));
  return parsed.ok ? { ok: true, file: parsed.file, bytes } : { ok: false, reason: parsed.problems.join("\n"), bytes };
}
function unrecoverable(path, primaryReason, backup) {
  const bak = backupPath(path);
  let backupReason = `${bak}: no backup (the file does not exist)`;
  if (backup !== null && !backup.ok) backupReason = backup.reason;
  const name = path.split(/[\\/]/).pop() ?? path;
  return new TaskFileError(
    `${name} corrupted and unrecoverable (${path}); nothing was changed
${primaryReason}
${backupReason}`,
    [...primaryReason.split("\n"), ...backupReason.split("\n")]
  );
}
async function keepAside(path, bytes, nowMs) {
  const stamp = new Date(nowMs).toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
  for (let n = 0; ; n++) {
    const target = `${path}.corrupt-${stamp}${n === 0 ? "" : `-${n}`}`;
    try {
      await writeFile(target, bytes, { flag: "wx" });
      return target;
    } catch (error) {
      if (error.code !== "EEXIST" || n >= 1e3) throw error;
    }
  }
}
function formatIssues(source, issues, data) {
  return issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => `${source}: ${formatJsonPath([...issue.path, key])}: unknown key`);
    }
    return [`${source}: ${formatJsonPath(issue.path)}: ${describeIssue(issue, valueAt(data, issue.path))}`];
  });
}
function formatJsonPath(path) {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === "" ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out === "" ? "(top level)" : out;
}
function describeIssue(issue, value) {
  const found = foundText(value);
  switch (issue.code) {
    case "invalid_type":
      return `expected ${typeName(issue.expected)}, ${found}`;
    case "invalid_value": {
      const values = issue.values.map((v) => String(v));
      const expected = values.length === 1 ? `expected ${values[0]}` : `expected one of ${values.join(", ")}`;
      return `${expected}, ${found}`;
    }
    case "too_small":
      return `${boundText(issue.origin, issue.minimum, issue.inclusive ?? true, "min")}, ${found}`;
    case "too_big":
      return `${boundText(issue.origin, issue.maximum, issue.inclusive ?? true, "max")}, ${found}` + (issue.message === TIMER_LIMIT_REASON ? ` (${TIMER_LIMIT_REASON})` : "");
    case "invalid_format": {
      const expected = /^expected /.test(issue.message) ? issue.message : issue.format === "regex" && "pattern" in issue ? `expected a string matching ${String(issue.pattern)}` : `expected a valid ${issue.format}`;
      return `${expected}, ${found}`;
    }
    case "custom":
      return issue.message;
    default:
      return `${issue.message.replace(/^Invalid input: /, "")}, ${found}`;
  }
}
function typeName(expected) {
  switch (expected) {
    case "int":
      return "an integer";
    case "array":
      return "a list";
    case "object":
      return "an object";
    case "null":
      return "null";
    default:
      return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
  }
}
function boundText(origin, bound, inclusive, side) {
  const n = Number(bound);
  if (origin === "string") {
    if (side === "min" && n === 1 && inclusive) return "expected a non-empty string";
    return `expected a string of ${side === "min" ? "at least" : "at most"} ${n} characters`;
  }
  if (origin === "array") return `expected ${side === "min" ? "at least" : "at most"} ${n} items`;
  const op = side === "min" ? inclusive ? ">=" : ">" : inclusive ? "<=" : "<";
  return `expected a number ${op} ${n}`;
}
function foundText(value) {
  if (value === void 0) return "but it is missing";
  if (value === null) return "found null";
  if (Array.isArray(value)) return `found a list`;
  if (typeof value === "object") return "found an object";
  if (typeof value === "string") {
    return `found ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}\u2026` : value)}`;
  }
  return typeof value === "number" || typeof value === "boolean" ? `found ${value}` : `found a ${typeof value}`;
}

function sqliteModule() {
  return process.getBuiltinModule("node:sqlite") ?? null;
}
class NoSqliteError extends HarnessError {
  name = "NoSqliteError";
  constructor() {
    super(
      `this Node (${process.version}) has no node:sqlite: the metrics database needs Node >= 22.13`,
      EXIT.metricsDb
    );
  }
}
const BUSY_TIMEOUT_MS = 5e3;
function openDatabase(path, options = {}) {
  const readOnly = options.readonly === true;
  const sqlite = sqliteModule();
  if (sqlite === null) throw new NoSqliteError();
  const db = new sqlite.DatabaseSync(path, {
    readOnly,
    timeout: BUSY_TIMEOUT_MS,
    enableForeignKeyConstraints: true
  });
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec("PRAGMA foreign_keys = ON");
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
function useWal(db) {
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
}
function transaction(db, fn) {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = fn();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

const FIELD_TYPES = {
  source: "text",
  started_at: "text",
  ended_at: "text",
  transcript: "text",
  sha256: "text",
  global: "integer",
  iteration: "integer",
  run: "text",
  format: "text",
  model: "text",
  outcome: "text",
  failure_kind: "text",
  failure_reason: "text",
  duration_secs: "real",
  output_bytes: "integer",
  exit_code: "integer",
  turns: "integer",
  narration_turns: "integer",
  parallel_turns: "integer",
  tool_calls: "integer",
  input_tokens: "integer",
  output_tokens: "integer",
  cache_read_tokens: "integer",
  cache_write_tokens: "integer",
  cost_usd: "real",
  committed: "boolean",
  commit_evidence: "text",
  task_id: "text",
  plan_id: "text",
  phase: "text"
};
const FACT_FIELDS = Object.keys(FIELD_TYPES);
const KINDS = [
  {
    kind: "session.meta",
    fields: {
      started_at: "started_at",
      ended_at: "ended_at",
      transcript: "transcript",
      sha256: "sha256",
      global: "global",
      iteration: "iteration",
      run: "run",
      format: "format",
      model: "model",
      source: "source"
    }
  },
  { kind: "session.outcome", column: "outcome" },
  { kind: "session.failure", fields: { kind: "failure_kind", reason: "failure_reason" } },
  { kind: "session.duration_secs", column: "duration_secs" },
  { kind: "session.output_bytes", column: "output_bytes" },
  { kind: "session.exit_code", column: "exit_code" },
  { kind: "turns.total", column: "turns" },
  { kind: "turns.narration_only", column: "narration_turns" },
  { kind: "turns.parallel", column: "parallel_turns" },
  { kind: "turns.tool_calls", column: "tool_calls" },
  { kind: "tokens.input", column: "input_tokens" },
  { kind: "tokens.output", column: "output_tokens" },
  { kind: "tokens.cache_read", column: "cache_read_tokens" },
  { kind: "tokens.cache_write", column: "cache_write_tokens" },
  { kind: "cost.usd", column: "cost_usd" },
  { kind: "commit.detected", column: "committed" },
  { kind: "commit.evidence", column: "commit_evidence" },
  { kind: "task.id", column: "task_id" },
  { kind: "plan.id", column: "plan_id" },
  { kind: "plan.phase", column: "phase" }
];
const KIND_NAMES = KINDS.map((spec) => spec.kind);
const kindSpec = (kind) => KINDS.find((spec) => spec.kind === kind);
const columnsOf$1 = (spec) => "column" in spec ? [spec.column] : Object.values(spec.fields);
function eventValue(spec, facts) {
  if ("column" in spec) return facts[spec.column];
  const entries = Object.entries(spec.fields).map(([name, field]) => [name, facts[field]]);
  if (spec.kind !== "session.meta" && entries.every(([, value]) => value === null)) return null;
  return Object.fromEntries(entries);
}
const factsEvents = (facts) => KINDS.map((spec) => ({ kind: spec.kind, value: eventValue(spec, facts) }));
function fieldValue(field, value) {
  switch (FIELD_TYPES[field]) {
    case "text":
      return typeof value === "string" ? value : null;
    case "integer":
      return typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : null;
    case "real":
      return typeof value === "number" && Number.isFinite(value) ? value : null;
    case "boolean":
      return typeof value === "boolean" ? value : null;
  }
}
function eventColumns(spec, value) {
  if ("column" in spec) return { [spec.column]: fieldValue(spec.column, value) };
  const object = value !== null && typeof value === "object" ? value : {};
  return Object.fromEntries(
    Object.entries(spec.fields).map(([name, field]) => [field, fieldValue(field, object[name])])
  );
}

function parse(value) {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
function deriveRow(key, events) {
  if (events.length === 0) return null;
  const ordered = [...events].sort((a, b) => a.id - b.id);
  const columns = Object.fromEntries(FACT_FIELDS.map((field) => [field, null]));
  for (const event of ordered) {
    const spec = kindSpec(event.kind);
    if (spec) Object.assign(columns, eventColumns(spec, parse(event.value)));
  }
  if (typeof columns.ended_at !== "string" || typeof columns.source !== "string") return null;
  return { key, seq: ordered[0].id, ...columns };
}
function* deriveAll(events) {
  let key = null;
  let batch = [];
  for (const event of events) {
    if (event.session !== key) {
      if (key !== null) {
        const row = deriveRow(key, batch);
        if (row) yield row;
      }
      key = event.session;
      batch = [];
    }
    batch.push(event);
  }
  if (key !== null) {
    const row = deriveRow(key, batch);
    if (row) yield row;
  }
}

class MetricsDbError extends HarnessError {
  constructor(file, message, options) {
    super(message, EXIT.metricsDb, options);
    this.file = file;
  }
  file;
  name = "MetricsDbError";
}
class UnknownImprovementError extends HarnessError {
  constructor(ref) {
    super(`no improvement ${ref}: \`agent-harness improvement list\` shows the refs`, EXIT.usage);
    this.ref = ref;
  }
  ref;
  name = "UnknownImprovementError";
}

function nextRef(refs) {
  const numbers = refs.map((ref) => /^R(\d+)$/i.exec(ref)?.[1]).filter((n) => n !== void 0);
  return `R${numbers.reduce((max, n) => Math.max(max, Number(n)), 0) + 1}`;
}
const containsPattern = (text) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const plain = (rows) => rows.map((row) => ({ ...row }));
const COLUMNS$1 = "id, ref, created, resolved, category, severity, status, title, description, recommendation, impact, tags";
const insertImprovement = (db, record) => db.prepare(
  `INSERT OR IGNORE INTO improvements (ref, created, resolved, category, severity, status, title, description, recommendation, impact, tags)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
).run(
  record.ref,
  record.created,
  record.resolved,
  record.category,
  record.severity,
  record.status,
  record.title,
  record.description,
  record.recommendation,
  record.impact,
  record.tags
).changes > 0;
function improvementsApi(db, now) {
  const get = (ref) => db.prepare(`SELECT ${COLUMNS$1} FROM improvements WHERE ref = ?`).get(ref) ?? null;
  const insert = (record) => insertImprovement(db, record);
  return {
    add(input) {
      return transaction(db, () => {
        const refs = db.prepare("SELECT ref FROM improvements WHERE ref LIKE 'R%'").all().map((row) => row.ref);
        const ref = nextRef(refs);
        insert({
          ref,
          created: input.created ?? now(),
          resolved: null,
          category: input.category ?? "general",
          severity: input.severity ?? "medium",
          status: input.status ?? "open",
          title: input.title,
          description: input.description ?? null,
          recommendation: input.recommendation ?? null,
          impact: input.impact ?? null,
          tags: input.tags ?? null
        });
        return get(ref);
      });
    },
    list(status) {
      return plain(
        status === void 0 ? db.prepare(`SELECT ${COLUMNS$1} FROM improvements ORDER BY id`).all() : db.prepare(`SELECT ${COLUMNS$1} FROM improvements WHERE status = ? ORDER BY id`).all(status)
      );
    },
    get,
    fix(ref, impact) {
      return transaction(db, () => {
        const current = get(ref);
        if (!current) throw new UnknownImprovementError(ref);
        db.prepare(
          "UPDATE improvements SET status = 'fixed', resolved = ?, impact = coalesce(?, impact) WHERE ref = ?"
        ).run(now(), impact ?? null, ref);
        return get(ref);
      });
    },
    search(text) {
      const pattern = containsPattern(text);
      const fields = ["ref", "title", "description", "recommendation", "tags"];
      return plain(
        db.prepare(
          `SELECT ${COLUMNS$1} FROM improvements WHERE ${fields.map((f) => `${f} LIKE ? ESCAPE '\\'`).join(" OR ")} ORDER BY id`
        ).all(...fields.map(() => pattern))
      );
    },
    insert: (record) => transaction(db, () => insert(record))
  };
}

const MIGRATIONS = [
  {
    version: 1,
    sql: `
CREATE TABLE events (
  id      INTEGER PRIMARY KEY AUTOINCREMENT,
  ts      TEXT NOT NULL,
  session TEXT NOT NULL,
  kind    TEXT NOT NULL,
  value   TEXT,
  tags    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX events_session ON events(session);
CREATE INDEX events_kind ON events(kind, session);
CREATE TABLE sessions (
  key TEXT PRIMARY KEY, seq INTEGER NOT NULL,
  started_at TEXT, ended_at TEXT NOT NULL,
  source TEXT NOT NULL, transcript TEXT, sha256 TEXT, global INTEGER, iteration INTEGER, run TEXT,
  format TEXT, model TEXT, outcome TEXT, failure_kind TEXT, failure_reason TEXT,
  duration_secs REAL, output_bytes INTEGER, exit_code INTEGER,
  turns INTEGER, narration_turns INTEGER, parallel_turns INTEGER, tool_calls INTEGER,
  input_tokens INTEGER, output_tokens INTEGER, cache_read_tokens INTEGER, cache_write_tokens INTEGER,
  cost_usd REAL, committed INTEGER, commit_evidence TEXT, task_id TEXT, plan_id TEXT, phase TEXT
);
CREATE INDEX sessions_order ON sessions(ended_at, seq);`
  },
  {
    version: 2,
    sql: `
CREATE TABLE improvements (
  id INTEGER PRIMARY KEY AUTOINCREMENT, ref TEXT UNIQUE NOT NULL,
  created TEXT NOT NULL, resolved TEXT, category TEXT NOT NULL DEFAULT 'general',
  severity TEXT NOT NULL DEFAULT 'medium', status TEXT NOT NULL DEFAULT 'open',
  title TEXT NOT NULL, description TEXT, recommendation TEXT, impact TEXT, tags TEXT
);`
  },
  {
    version: 3,
    sql: `
CREATE TABLE transcripts (
  sha256 TEXT NOT NULL, name TEXT NOT NULL,
  path TEXT NOT NULL,
  bytes INTEGER NOT NULL, session TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'plain',
  recorded_at TEXT NOT NULL, PRIMARY KEY (sha256, name)
);`
  }
];
const LATEST_VERSION = MIGRATIONS.length;
const message = (error) => error instanceof Error ? error.message : String(error);
function schemaVersion(db, file) {
  try {
    const row = db.prepare("PRAGMA user_version").get();
    db.prepare("SELECT count(*) FROM sqlite_master").get();
    return row.user_version;
  } catch (error) {
    throw new MetricsDbError(
      file,
      `${file} is not a metrics database (${message(error)}): point [metrics] database at another file, or move this one away and the harness starts a new one`,
      { cause: error }
    );
  }
}
function checkVersion(file, version, foreignTables) {
  if (version > LATEST_VERSION)
    throw new MetricsDbError(
      file,
      `${file} was written by a newer agent-harness (schema version ${version}, this one knows up to ${LATEST_VERSION}): upgrade agent-harness, or point [metrics] database at another file`
    );
  if (version === 0 && foreignTables.length > 0)
    throw new MetricsDbError(
      file,
      `${file} is a SQLite database but not a metrics database (it holds ${foreignTables.join(", ")}): point [metrics] database at another file${foreignTables.includes("improvements") ? ", or import it with `agent-harness metrics migrate --from " + file + "`" : ""}`
    );
}
function tablesOf(db) {
  return db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all().map((row) => row.name);
}
function inspect(db, file) {
  const version = schemaVersion(db, file);
  checkVersion(file, version, version === 0 ? tablesOf(db) : []);
  return version;
}
function migrate(db, file, upTo = LATEST_VERSION) {
  inspect(db, file);
  useWal(db);
  for (const step of MIGRATIONS) {
    if (step.version > upTo) break;
    transaction(db, () => {
      const current = db.prepare("PRAGMA user_version").get().user_version;
      if (current >= step.version) return;
      if (current !== step.version - 1)
        throw new MetricsDbError(file, `${file}: schema version ${current} cannot take step ${step.version}`);
      db.exec(step.sql);
      db.exec(`PRAGMA user_version = ${step.version}`);
    });
  }
  return schemaVersion(db, file);
}

const SESSION_COLUMNS = ["key", "seq", ...FACT_FIELDS];
const INSERT_SESSION = `INSERT INTO sessions (${SESSION_COLUMNS.join(", ")}) VALUES (${SESSION_COLUMNS.map(() => "?").join(", ")})`;
function sessionParams(row) {
  return SESSION_COLUMNS.map((column) => {
    const value = row[column];
    if (typeof value === "boolean") return value ? 1 : 0;
    return value;
  });
}
function sessionFromSql(row) {
  const committed = row.committed;
  return {
    ...row,
    committed: committed === null || committed === void 0 ? null : Number(committed) !== 0
  };
}

const SESSION_ALIASES = {
  id: ["session_id", "id", "session", "iteration"],
  ended_at: ["timestamp", "ended_at", "ended", "created", "date"],
  started_at: ["started_at", "started"],
  transcript: ["file", "transcript", "jsonl_file", "path"],
  global: ["global", "global_iteration"],
  iteration: ["iteration"],
  model: ["model"],
  format: ["format"],
  outcome: ["outcome"],
  failure_kind: ["failure_kind"],
  duration_secs: ["duration_secs", "duration"],
  output_bytes: ["output_bytes", "bytes"],
  exit_code: ["exit_code"],
  turns: ["turns", "assistant_turns", "total_turns"],
  narration_turns: ["narration_only_turns", "narration_turns"],
  parallel_turns: ["parallel_turns", "parallel_tool_calls", "parallel_tool_turns"],
  tool_calls: ["tool_calls", "num_tool_calls"],
  input_tokens: ["input_tokens"],
  output_tokens: ["output_tokens"],
  cache_read_tokens: ["cache_read_tokens"],
  cache_write_tokens: ["cache_write_tokens", "cache_creation_tokens"],
  cost_usd: ["cost_usd", "cost_estimate", "cost_estimate_usd", "cost"],
  committed: ["committed"],
  completion: ["completion", "completed"],
  commit_evidence: ["commit_evidence"],
  task_id: ["task_id", "bead_id"]
};
const descriptionOf = (body, context) => context === null ? body : body === null ? `Context: ${context}` : `${body}

Context: ${context}`;
const IMPROVEMENT_ALIASES = {
  context: ["context"],
  ref: ["ref"],
  created: ["created", "created_at", "timestamp"],
  resolved: ["resolved", "resolved_at", "fixed_at"],
  category: ["category"],
  severity: ["severity", "priority"],
  status: ["status"],
  title: ["title"],
  description: ["description", "body"],
  recommendation: ["recommendation"],
  impact: ["impact", "measured_impact"],
  tags: ["tags"]
};
function mapColumns(aliases, columns) {
  const present = new Map(columns.map((column) => [column.toLowerCase(), column]));
  return Object.fromEntries(
    Object.entries(aliases).flatMap(([name, list]) => {
      const hit = list.map((alias) => present.get(alias)).find((column) => column !== void 0);
      return hit === void 0 ? [] : [[name, hit]];
    })
  );
}
const text = (value) => typeof value === "string" ? value : typeof value === "number" || typeof value === "bigint" || typeof value === "boolean" ? String(value) : null;
const number = (value) => {
  if (value === null || value === void 0 || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
const integer = (value) => {
  const n = number(value);
  return n === null ? null : Math.trunc(n);
};
const bool = (value) => {
  if (value === null || value === void 0) return null;
  if (typeof value === "string") return ["1", "true", "yes", "y"].includes(value.toLowerCase());
  return Number(value) !== 0;
};
function isoOf(value) {
  const normalised = /^\d{4}-\d\d-\d\d \d/.test(value) ? value.replace(" ", "T") : value;
  const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(normalised) || !normalised.includes("T") ? normalised : `${normalised}Z`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}
function sessionFactsOf(row, map, fallbackEndedAt) {
  const get = (name) => map[name] === void 0 ? null : row[map[name]];
  const id = text(get("id"));
  if (id === null) return null;
  const ended = text(get("ended_at"));
  const started = text(get("started_at"));
  const narration = integer(get("narration_turns"));
  const completion = bool(get("completion"));
  const outcome = text(get("outcome")) ?? (completion === null ? null : completion ? "productive" : "failed");
  return {
    key: `si:${id}`,
    source: "migrate",
    started_at: started === null ? null : isoOf(started),
    ended_at: ended === null ? fallbackEndedAt : isoOf(ended),
    transcript: text(get("transcript")),
    sha256: null,
    global: integer(get("global")) ?? integer(get("id")),
    iteration: integer(get("iteration")),
    run: null,
    format: text(get("format")),
    model: text(get("model")),
    outcome,
    failure_kind: text(get("failure_kind")),
    failure_reason: null,
    duration_secs: number(get("duration_secs")),
    output_bytes: integer(get("output_bytes")),
    exit_code: integer(get("exit_code")),
    turns: integer(get("turns")),
    narration_turns: narration,
    parallel_turns: integer(get("parallel_turns")),
    tool_calls: integer(get("tool_calls")),
    input_tokens: integer(get("input_tokens")),
    output_tokens: integer(get("output_tokens")),
    cache_read_tokens: integer(get("cache_read_tokens")),
    cache_write_tokens: integer(get("cache_write_tokens")),
    cost_usd: number(get("cost_usd")),
    committed: bool(get("committed")),
    commit_evidence: text(get("commit_evidence")),
    task_id: text(get("task_id")),
    plan_id: null,
    phase: null
  };
}
function improvementOf(row, map, now) {
  const get = (name) => map[name] === void 0 ? null : text(row[map[name]]);
  const ref = get("ref");
  const title = get("title");
  if (ref === null || title === null) return null;
  return {
    ref,
    created: get("created") ?? now,
    resolved: get("resolved"),
    category: get("category") ?? "general",
    severity: get("severity") ?? "medium",
    status: get("status") ?? "open",
    title,
    description: descriptionOf(get("description"), text(map.context === void 0 ? null : row[map.context])),
    recommendation: get("recommendation"),
    impact: get("impact"),
    tags: get("tags")
  };
}
function columnsOf(source, table) {
  return source.prepare(`PRAGMA table_info(${table})`).all().map((c) => c.name);
}
function importSelfImprovement(path, target) {
  const now = (target.now ?? (() => (/* @__PURE__ */ new Date()).toISOString()))();
  if (!existsSync(path))
    throw new MetricsDbError(path, `${path}: no such file (give the bash loop's self-improvement.db)`);
  let source;
  let tables;
  try {
    source = openDatabase(path, { readonly: true });
  } catch (cause) {
    throw notOne(path, cause);
  }
  try {
    try {
      tables = source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((t) => t.name);
    } catch (cause) {
      throw notOne(path, cause);
    }
    if (!tables.includes("sessions") && !tables.includes("improvements"))
      throw new MetricsDbError(
        path,
        `${path} is a SQLite database without the self-improvement tool's tables (sessions, improvements): give the bash loop's self-improvement.db`
      );
    const result = { sessions: 0, improvements: 0, skipped: 0 };
    if (tables.includes("sessions")) {
      const map = mapColumns(SESSION_ALIASES, columnsOf(source, "sessions"));
      const order = map.id === void 0 ? "rowid" : `"${map.id}"`;
      for (const row of source.prepare(`SELECT * FROM sessions ORDER BY ${order}`).iterate()) {
        const facts = sessionFactsOf(row, map, now);
        if (facts === null) continue;
        if (target.record(facts) === "recorded") result.sessions++;
        else result.skipped++;
      }
    }
    if (tables.includes("improvements")) {
      const map = mapColumns(IMPROVEMENT_ALIASES, columnsOf(source, "improvements"));
      const order = tables.includes("improvements") && columnsOf(source, "improvements").includes("id") ? "id" : "rowid";
      const rows = source.prepare(`SELECT * FROM improvements ORDER BY ${order}`).all();
      transaction(target.db, () => {
        for (const row of rows) {
          const record = improvementOf(row, map, now);
          if (record === null) continue;
          if (insertImprovement(target.db, record)) result.improvements++;
          else result.skipped++;
        }
      });
    }
    return result;
  } finally {
    source.close();
  }
}
const notOne = (path, cause) => new MetricsDbError(
  path,
  `${path} is not a SQLite database (${cause instanceof Error ? cause.message : String(cause)}): give the bash loop's self-improvement.db`,
  { cause }
);

const STATS = {
  cost_usd: "cost_usd",
  input_tokens: "input_tokens",
  output_tokens: "output_tokens",
  cache_read_tokens: "cache_read_tokens",
  cache_write_tokens: "cache_write_tokens",
  turns: "turns",
  tool_calls: "tool_calls",
  duration_secs: "duration_secs",
  output_bytes: "output_bytes",
  narration_turns: "narration_turns",
  parallel_turns: "parallel_turns"
};
const COLUMNS = [
  "outcome",
  "failure_kind",
  "committed",
  "ended_at",
  "cost_usd",
  "input_tokens",
  "output_tokens",
  "cache_read_tokens",
  "cache_write_tokens",
  "turns",
  "tool_calls",
  "duration_secs",
  "output_bytes",
  "narration_turns",
  "parallel_turns"
].join(", ");
const windowSql = (columns) => `SELECT ${columns} FROM sessions ORDER BY ended_at DESC, seq DESC LIMIT ?`;
const limitOf = (n) => n === null ? -1 : Math.max(0, Math.trunc(n));
const quoted = (values) => values.map((value) => `'${value}'`).join(", ");
const OTHER_OUTCOME = `outcome NOT IN (${quoted(SESSION_OUTCOMES)})`;
const OTHER_FAILURE = `failure_kind NOT IN (${quoted(FAILURE_KINDS)})`;
const flatSql = (all) => `SELECT count(*) AS sessions, coalesce(sum(committed = 1), 0) AS committed,
  count(committed) AS commit_known,
  ${all ? "(SELECT min(ended_at) FROM sessions) AS first_ended_at, (SELECT max(ended_at) FROM sessions) AS last_ended_at" : "min(ended_at) AS first_ended_at, max(ended_at) AS last_ended_at"},
  count(coalesce(input_tokens, output_tokens)) AS tokens_n,
  sum(CASE WHEN narration_turns IS NOT NULL THEN turns END) AS turns_with_narration,
  sum(CASE WHEN parallel_turns IS NOT NULL THEN turns END) AS turns_with_parallel,
  ${Object.entries(STATS).map(([name, expr]) => `count(${expr}) AS ${name}_n, sum(${expr}) AS ${name}_sum`).join(",\n  ")},
  coalesce(sum(outcome IS NULL), 0) AS "outcome:unknown",
  ${SESSION_OUTCOMES.map((outcome) => `coalesce(sum(outcome = '${outcome}'), 0) AS "outcome:${outcome}"`).join(", ")},
  ${FAILURE_KINDS.map((kind) => `coalesce(sum(failure_kind = '${kind}'), 0) AS "failure:${kind}"`).join(", ")},
  count(failure_kind) AS failure_known
FROM WINDOW`;
const OTHERS = `SELECT CASE WHEN ${OTHER_OUTCOME} THEN outcome END AS outcome,
  CASE WHEN ${OTHER_FAILURE} THEN failure_kind END AS failure_kind, count(*) AS sessions
FROM WINDOW WHERE ${OTHER_OUTCOME} OR ${OTHER_FAILURE} GROUP BY 1, 2`;
function othersIn(flat) {
  const summed = (prefix) => Object.entries(flat).filter(([column]) => column.startsWith(prefix)).reduce((total, [, value]) => total + Number(value), 0);
  return Number(flat.sessions) - summed("outcome:") + (Number(flat.failure_known) - summed("failure:"));
}
const num = (value) => value === null || value === void 0 ? null : Number(value);
function totalsOf(flat, others) {
  const outcomes = {};
  const failures = {};
  const add = (into, name, count) => {
    if (count > 0) into[name] = (into[name] ?? 0) + count;
  };
  for (const [column, value] of Object.entries(flat)) {
    if (column.startsWith("outcome:")) add(outcomes, column.slice("outcome:".length), Number(value));
    if (column.startsWith("failure:")) add(failures, column.slice("failure:".length), Number(value));
  }
  for (const group of others) {
    if (group.outcome !== null) add(outcomes, String(group.outcome), Number(group.sessions));
    if (group.failure_kind !== null) add(failures, String(group.failure_kind), Number(group.sessions));
  }
  const sorted = (counts) => Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
  const addNullable = (a, b) => a === null ? b : b === null ? a : a + b;
  const stat = (name) => {
    const count = Number(flat[`${name}_n`]);
    const sum = name === "tokens" ? addNullable(num(flat.input_tokens_sum), num(flat.output_tokens_sum)) : num(flat[`${name}_sum`]);
    return { count, sum, avg: count === 0 || sum === null ? null : sum / count };
  };
  return {
    sessions: Number(flat.sessions),
    committed: Number(flat.committed),
    commit_known: Number(flat.commit_known),
    outcomes: sorted(outcomes),
    failures: sorted(failures),
    first_ended_at: flat.first_ended_at ?? null,
    last_ended_at: flat.last_ended_at ?? null,
    ...Object.fromEntries(
      [...Object.keys(STATS), "tokens"].map((name) => [name, stat(name)])
    ),
    turns_with_narration: num(flat.turns_with_narration),
    turns_with_parallel: num(flat.turns_with_parallel)
  };
}
function totals(db, n) {
  const from = n === null ? "sessions" : `(${windowSql(COLUMNS)})`;
  const params = n === null ? [] : [limitOf(n)];
  const flat = db.prepare(flatSql(n === null).replace("WINDOW", from)).get(...params);
  const others = othersIn(flat) > 0 ? db.prepare(OTHERS.replaceAll("WINDOW", from)).all(...params) : [];
  return totalsOf(flat, others);
}
const ALL_TIME = `SELECT count(*) AS sessions, coalesce(sum(committed = 1), 0) AS committed,
  count(committed) AS commit_known, sum(cost_usd) AS cost, sum(input_tokens) AS input,
  sum(output_tokens) AS output, sum(duration_secs) AS duration FROM sessions`;
function allTime(db) {
  const row = db.prepare(ALL_TIME).get();
  const input = num(row.input);
  const output = num(row.output);
  return {
    sessions: Number(row.sessions),
    committed: Number(row.committed),
    commit_known: Number(row.commit_known),
    cost_usd: { sum: num(row.cost) },
    tokens: { sum: input === null ? output : output === null ? input : input + output },
    duration_secs: { sum: num(row.duration) }
  };
}

const transcriptName = (path) => {
  const name = basename(path);
  const compression = compressionOf(name);
  return compression === null ? name : name.slice(0, -COMPRESSED_SUFFIX[compression].length);
};
const tagsOf = (writer, extra = []) => [writer, ...extra].join(",");
const error = (file, what, cause) => new MetricsDbError(
  file,
  `${file}: ${what} (${cause instanceof Error ? cause.message : String(cause)}): check the file, or point [metrics] database at another one`,
  { cause }
);
class MetricsStore {
  constructor(path, db, now) {
    this.path = path;
    this.db = db;
    this.now = now;
    this.improvements = improvementsApi(db, now);
  }
  path;
  db;
  now;
  improvements;
  /** Prepared statements by SQL text: preparing costs more than running for the small statements here. */
  statements = /* @__PURE__ */ new Map();
  /**
   * Opens (and creates and migrates, unless `readonly`) the database at `path`. A missing file read-only, a file
   * that is not SQLite or not ours, or a newer schema: MetricsDbError naming the file and what to do.
   */
  static open(path, options = {}) {
    const now = options.now ?? (() => (/* @__PURE__ */ new Date()).toISOString());
    if (options.readonly === true) {
      if (!existsSync(path))
        throw new MetricsDbError(
          path,
          `${path}: no metrics database yet (it is written after the first session)`
        );
      let db2 = open(path, true);
      let version;
      try {
        version = inspect(db2, path);
      } catch (cause) {
        db2.close();
        throw cause;
      }
      if (version < LATEST_VERSION) {
        db2.close();
        const writer = open(path, false);
        try {
          migrate(writer, path);
        } finally {
          writer.close();
        }
        db2 = open(path, true);
      }
      return new MetricsStore(path, db2, now);
    }
    const db = open(path, false);
    try {
      migrate(db, path);
    } catch (cause) {
      db.close();
      throw cause instanceof MetricsDbError ? cause : error(path, "cannot be migrated", cause);
    }
    return new MetricsStore(path, db, now);
  }
  /** The prepared statement for `text` (not for iterate(): two live iterators must not share one). */
  sql(text) {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }
  close() {
    if (this.db.isOpen) this.db.close();
  }
  /** Moves the WAL into the main file and truncates it: before the Action caches the file. */
  checkpoint() {
    this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }
  /** Whether a session with this key has any event. */
  hasSession(key) {
    return this.sql("SELECT 1 FROM events WHERE session = ? LIMIT 1").get(key) !== void 0;
  }
  /** Whether a transcript with this content (any name) is recorded. */
  isRecorded(sha256) {
    return this.hasSession(`sha256:${sha256}`) || this.sql("SELECT 1 FROM transcripts WHERE sha256 = ? LIMIT 1").get(sha256) !== void 0;
  }
  /**
   * Records one session in one transaction: an event per kind (KINDS), the transcripts row (when the facts name a
   * transcript with a sha256), and the derived sessions row. A key or sha256 already recorded: `'already'`, and
   * nothing is written.
   */
  record(facts, writer, transcript = {}) {
    return transaction(this.db, () => {
      if (this.hasSession(facts.key) || facts.sha256 !== null && this.isRecorded(facts.sha256))
        return "already";
      const ts = this.now();
      const tags = tagsOf(writer, transcript.tags);
      const insert = this.sql("INSERT INTO events (ts, session, kind, value, tags) VALUES (?, ?, ?, ?, ?)");
      for (const event of factsEvents(facts))
        insert.run(ts, facts.key, event.kind, JSON.stringify(event.value), tags);
      const path = transcript.path ?? facts.transcript;
      if (facts.sha256 !== null && path !== null)
        this.sql(
          "INSERT OR IGNORE INTO transcripts (sha256, name, path, bytes, session, state, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
        ).run(
          facts.sha256,
          transcriptName(path),
          path,
          transcript.bytes ?? facts.output_bytes ?? 0,
          facts.key,
          transcript.state ?? "plain",
          ts
        );
      this.rederive(facts.key);
      return "recorded";
    });
  }
  /** Replaces one session's derived row by what its events say (inside the caller's transaction). */
  rederive(key) {
    this.sql("DELETE FROM sessions WHERE key = ?").run(key);
    const events = this.sql("SELECT id, session, kind, value FROM events WHERE session = ? ORDER BY id").all(
      key
    );
    const row = deriveRow(key, events);
    if (row) this.sql(INSERT_SESSION).run(...sessionParams(row));
  }
  /** One session's derived row. */
  session(key) {
    const row = this.sql("SELECT * FROM sessions WHERE key = ?").get(key);
    return row ? sessionFromSql(row) : null;
  }
  /** How many sessions are recorded. */
  count() {
    return Number(this.sql("SELECT count(*) AS n FROM sessions").get().n);
  }
  /** The last `n` sessions (all when `null`) by (ended_at, seq), newest last. */
  lastSessions(n) {
    return this.sql(`SELECT * FROM (${windowSql("*")}) ORDER BY ended_at, seq`).all(limitOf(n)).map(sessionFromSql);
  }
  /** Every session, oldest first, one at a time (export). */
  *sessions() {
    for (const row of this.db.prepare("SELECT * FROM sessions ORDER BY ended_at, seq").iterate())
      yield sessionFromSql(row);
  }
  /** Every event, in id order, one at a time (export). */
  *events() {
    for (const row of this.db.prepare("SELECT id, ts, session, kind, value, tags FROM events ORDER BY id").iterate()) {
      const r = row;
      yield { ...r, value: parseValue(r.value) };
    }
  }
  /** Aggregates over the last `n` sessions (all when `null`), in SQL. */
  totals(n) {
    return totals(this.db, n);
  }
  /** The few all-time sums `metrics status` shows, in one narrow pass (cheaper than `totals(null)`). */
  allTime() {
    return allTime(this.db);
  }
  /**
   * The value of one event kind for each of the last `n` sessions that has it (the newest such event per
   * session), oldest first.
   */
  query(kind, n) {
    const rows = this.sql(
      `SELECT * FROM (
           SELECT w.key AS session, w.global AS global, w.ended_at AS ended_at, w.seq AS seq,
             (SELECT coalesce(e.value, 'null') FROM events e WHERE e.kind = ? AND e.session = w.key
              ORDER BY e.id DESC LIMIT 1) AS value
           FROM (${windowSql("key, global, ended_at, seq")}) w
         ) WHERE value IS NOT NULL ORDER BY ended_at, seq`
    ).all(kind, limitOf(n));
    return rows.map((row) => ({
      session: row.session,
      global: row.global === null ? null : Number(row.global),
      ended_at: row.ended_at,
      value: parseValue(row.value)
    }));
  }
  /** Whether a transcript of this name (without .gz/.zst) has been recorded, whatever its content. */
  knowsTranscriptName(name) {
    return this.db.prepare("SELECT 1 FROM transcripts WHERE name = ? LIMIT 1").get(name) !== void 0;
  }
  /** Every recorded transcript, oldest first (retention). */
  transcripts() {
    return this.sql(
      "SELECT sha256, name, path, bytes, session, state, recorded_at FROM transcripts ORDER BY recorded_at, rowid"
    ).all().map((row) => ({ ...row }));
  }
  /** Where a transcript is now and in which state (after compressing or deleting it). */
  markTranscript(sha256, name, state, path) {
    transaction(this.db, () => {
      this.sql("UPDATE transcripts SET state = ?, path = ? WHERE sha256 = ? AND name = ?").run(
        state,
        path,
        sha256,
        name
      );
    });
  }
  /**
   * Re-derives every session from the events. With `reextract`, first asks it for each session's new facts (null:
   * unchanged) and appends an event (writer `rebuild`) for each kind whose value changed; then, in one
   * transaction, empties `sessions` and derives every row again.
   */
  async rebuild(reextract, options = {}) {
    const changes = [];
    if (reextract)
      for (const row of this.lastSessions(null)) {
        const facts = await reextract(row);
        if (facts) changes.push({ row, facts });
      }
    return transaction(this.db, () => {
      const ts = this.now();
      const tags = tagsOf("rebuild", options.tags);
      const insert = this.sql("INSERT INTO events (ts, session, kind, value, tags) VALUES (?, ?, ?, ?, ?)");
      for (const { row, facts } of changes) {
        const merged = { ...row, ...facts, key: row.key, seq: row.seq };
        for (const spec of KINDS) {
          if (!columnsOf$1(spec).some((field) => field in facts)) continue;
          const before = JSON.stringify(eventValue(spec, row));
          const after = JSON.stringify(eventValue(spec, merged));
          if (after !== before) insert.run(ts, row.key, spec.kind, after, tags);
        }
      }
      this.db.exec("DELETE FROM sessions");
      const write = this.sql(INSERT_SESSION);
      let sessions = 0;
      const events = this.db.prepare("SELECT id, session, kind, value FROM events ORDER BY session, id").iterate();
      for (const row of deriveAll(events)) {
        write.run(...sessionParams(row));
        sessions++;
      }
      return { sessions, reextracted: changes.length };
    });
  }
  /**
   * Imports the bash loop's tool's database (self-improvement.db, either documented shape): sessions as facts
   * (source `migrate`, key `si:<id>`), improvements with their refs. Importing twice adds nothing.
   */
  importSelfImprovement(path) {
    return importSelfImprovement(path, {
      db: this.db,
      record: (facts) => this.record(facts, "migrate"),
      now: this.now
    });
  }
}
function parseValue(value) {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
function open(path, readonly) {
  if (!readonly) mkdirSync(dirname(resolve(path)), { recursive: true });
  try {
    return openDatabase(path, { readonly });
  } catch (cause) {
    throw error(path, "cannot be opened", cause);
  }
}

const RANK = { debug: 0, info: 1, warn: 2, error: 3 };
function formatValue(value) {
  const text = String(value);
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text);
}
function formatLine(nowMs, level, fields) {
  const tag = `[${level === "debug" ? "DEBUG" : level.toUpperCase()}]`.padEnd(8);
  const pairs = Object.entries(fields).filter((entry) => entry[1] !== void 0).map(([key, value]) => `${key}=${formatValue(value)}`);
  return `[${isoSeconds(nowMs)}] ${tag}${pairs.join(" ")}`;
}
class ConsoleLogger {
  constructor(verbosity, now, out = (line) => process.stdout.write(`${line}
`)) {
    this.verbosity = verbosity;
    this.now = now;
    this.out = out;
    this.min = verbosity === "verbose" ? 0 : verbosity === "quiet" ? 3 : 1;
    if (verbosity === "verbose") this.agentOutput = (chunk) => process.stdout.write(chunk);
  }
  verbosity;
  now;
  out;
  min;
  agentOutput;
  log(level, fields) {
    if (RANK[level] < this.min) return;
    const line = formatLine(this.now(), level, fields);
    this.out(line);
  }
  summary(text) {
    this.out(text);
  }
}

function rank(task) {
  return [task.status === "completed" ? 1 : 0, task.attempts, task.status === "pending" ? 0 : 1];
}
function moreProgress(a, b) {
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
}
function foldOutcome(base, outcome) {
  const known = new Map(base.tasks.map((t) => [t.id, t]));
  const changed = [];
  const unknown = [];
  const better = /* @__PURE__ */ new Map();
  for (const task of outcome.tasks) {
    const current = known.get(task.id);
    if (!current) unknown.push(task.id);
    else if (moreProgress(task, current)) {
      better.set(task.id, task);
      changed.push(`${task.id}: ${current.status} -> ${task.status} (attempts ${task.attempts})`);
    }
  }
  return { file: { ...base, tasks: base.tasks.map((t) => better.get(t.id) ?? t) }, changed, unknown };
}
async function mergeOutcomes(base, paths) {
  let file = base;
  const report = [];
  for (const path of paths) {
    const read = await readTaskFile(path);
    if (!read) {
      report.push(`${path}: not found, skipped`);
      continue;
    }
    const folded = foldOutcome(file, read.file);
    file = folded.file;
    for (const line of folded.changed) report.push(`${path}: ${line}`);
    if (folded.unknown.length > 0)
      report.push(`${path}: ignored tasks not in the main file: ${folded.unknown.join(", ")}`);
    if (folded.changed.length === 0) report.push(`${path}: nothing new`);
  }
  return { file, report };
}

const MAX_ID_LENGTH = 128;
function unsafeIdReason(id) {
  if (id === "") return "it is empty";
  if (id.length > MAX_ID_LENGTH) return `it is longer than ${MAX_ID_LENGTH} characters`;
  if (id.includes("/") || id.includes("\\")) return "it contains a path separator";
  if (/[\u0000-\u001f\u007f]/.test(id)) return "it contains a control character";
  if (id.startsWith(".")) return 'it starts with "."';
  if (id.startsWith("-")) return 'it starts with "-"';
  if (id.trim() !== id) return "it starts or ends with whitespace";
  return void 0;
}
const SAFE_ID_PATTERN = new RegExp(
  `^(?![.-])(?!\\s)[^/\\\\\\u0000-\\u001f\\u007f]{1,${MAX_ID_LENGTH}}(?<!\\s)$`
);
const SAFE_ID_EXPECTATION = `a safe file name (no "/", "\\\\", control characters or surrounding whitespace, not starting with "." or "-", 1 to ${MAX_ID_LENGTH} characters)`;

const PHASES = ["plan", "develop", "review"];
const ROLE_OF_PHASE = {
  plan: "planner",
  develop: "developer",
  review: "architect"
};
PHASES.map((phase) => ROLE_OF_PHASE[phase]);
class UnsafeIdError extends HarnessError {
  constructor(kind, id, reason) {
    super(`${kind} ${JSON.stringify(id)} cannot be used as a file name: ${reason}`, EXIT.planInvalid);
    this.kind = kind;
    this.id = id;
    this.reason = reason;
  }
  kind;
  id;
  reason;
  name = "UnsafeIdError";
}
function segment(kind, id) {
  const reason = unsafeIdReason(id);
  if (reason !== void 0) throw new UnsafeIdError(kind, id, reason);
  return id;
}
const harnessDir = (cwd) => join(cwd, ".harness");
const promptTemplateFile = (phase) => `prompts/${phase}.md.tmpl`;
const personaFile = (role) => `personas/${role}.md`;
const techdebtPath = (cwd) => join(harnessDir(cwd), "techdebt.md");
const logPath = (cwd) => join(harnessDir(cwd), "log.md");
const plansDir = (cwd) => join(harnessDir(cwd), "plans");
const planDir = (cwd, id) => join(plansDir(cwd), segment("plan id", id));
const planfilePath = (cwd, id) => join(planDir(cwd, id), "planfile.json");
const mistakesPath = (cwd, id) => join(planDir(cwd, id), "mistakes.json");
const reviewsDir = (cwd, id) => join(planDir(cwd, id), "reviews");
function reviewStem(cwd, id, taskId, n) {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`review number must be an integer >= 1, got ${n}`);
  return join(reviewsDir(cwd, id), `${segment("task id", taskId)}-${n}`);
}
const reviewPath = (cwd, id, taskId, n) => `${reviewStem(cwd, id, taskId, n)}-review.md`;
const reviewMistakesPath = (cwd, id, taskId, n) => `${reviewStem(cwd, id, taskId, n)}-mistakes.json`;

export { toJSONSchema as $, compressionOf as A, decompressorFor as B, ConsoleLogger as C, TAIL_BYTES as D, decodeTail as E, FileEventLog as F, transcriptName as G, sha256File as H, withCookie as I, terminateGroup as J, KIND_NAMES as K, endCarriers as L, MetricsStore as M, DEFAULT_BASE_URLS as N, namingFile as O, PROGRESS_FILE as P, describeCause as Q, fatalWriteKind as R, SESSION_COLUMNS as S, TASK_FILE as T, within as U, strictObject as V, WIDE_TAIL_BYTES as W, int$1 as X, literal as Y, array as Z, union as _, readStatus as a, agentEnvironment as a$, unknown as a0, HarnessFileError as a1, acquireInstanceLock as a2, parseHolder as a3, judgeHolderOf as a4, AlreadyRunningError as a5, sweepStaleTemps as a6, COOKIE_VAR as a7, formatLine as a8, configSchema as a9, asString as aA, asObject as aB, lastJsonEvent as aC, lastChars as aD, tailRecords as aE, truncate as aF, asNumber as aG, asText as aH, TEXT_WINDOW_CHARS as aI, findEmbeddedObjects as aJ, parseLineLenient as aK, RESULT_TEXT_CHARS as aL, errorMessages as aM, tailLines as aN, lastNonEmptyLine as aO, lastLines as aP, runGit as aQ, sweepLeftIsolations as aR, startRunRecord as aS, agentUserName as aT, createAgentUser as aU, grantTree as aV, removeAgentUser as aW, endAgentProcesses as aX, handBack as aY, asAgentUser as aZ, OWNER_PLACES as a_, newCookie as aa, killCarriersNow as ab, git as ac, object as ad, NEVER as ae, AGENT_ISOLATION as af, TIMER_LIMIT_REASON as ag, forbiddenPassName as ah, MAX_TIMER_MINS as ai, MAX_TIMER_SECS as aj, resumeNumbering as ak, _isoDateTime as al, ZodISODateTime as am, ConfigError as an, formatValue$1 as ao, tomlSyntaxHint as ap, PHASES$1 as aq, DEFAULT_AGENT_ARGS as ar, formatProblem as as, unknownKeyProblem as at, formatKeyPath as au, mismatchProblem as av, findExecutable as aw, cgroupSetting as ax, CGROUP_VAR as ay, parseObject as az, readCounter as b, techdebtPath as b$, agentUserEnv as b0, probePrivilege as b1, harnessFiles as b2, inFamily as b3, revokeTree as b4, AgentProcesses as b5, terminateAgent as b6, endCarriersSaying as b7, strongerEnd as b8, writeCounter as b9, TaskFileError as bA, harnessGitView as bB, formatStats as bC, escapes as bD, transcriptFiles as bE, zstdAvailable as bF, compressFile as bG, sqliteModule as bH, writeFileAtomicSync as bI, _enum as bJ, getAugmentedNamespace as bK, commonjsGlobal as bL, getDefaultExportFromCjs as bM, readEventLog as bN, notPrivate as bO, writePrivateFile as bP, removePrivateFile as bQ, runGitSync as bR, hasIsolationRecords as bS, isolationRecordDir as bT, plansDir as bU, foldOutcome as bV, promptTemplateFile as bW, personaFile as bX, PHASES as bY, reviewMistakesPath as bZ, reviewPath as b_, readTail as ba, writeStatus as bb, recoverPreviousRun as bc, runName as bd, parseScopeUnit as be, orphanRuns as bf, scopeUnit as bg, cgroupDir as bh, endCgroup as bi, inScope as bj, processStart as bk, readFacts as bl, chooseContainment as bm, BASE_NAME as bn, subdirectories as bo, removeCgroup as bp, pidNamespace as bq, sessionName as br, moveInto as bs, isPopulated as bt, gitFailure as bu, DEPENDENCY_TAG as bv, isRetryable as bw, hasDependencyError as bx, processIdentity as by, judgeLockHolder as bz, TASK_ID as c, reviewsDir as c0, logPath as c1, SAFE_ID_PATTERN as c2, SAFE_ID_EXPECTATION as c3, ZodDefault as c4, ZodOptional as c5, ZodObject as c6, ZodArray as c7, boolean as c8, planDir as c9, mistakesPath as ca, PRIORITIES as d, readTaskFile as e, writeFileAtomic as f, looseObject as g, harnessDir as h, isPermanentlyFailed as i, record as j, number$1 as k, loadTasksForRead as l, mergeOutcomes as m, newTaskFile as n, string as o, processAlive as p, planfilePath as q, resolvePaths as r, systemClock as s, taskStats as t, nullEventSink as u, valueAt as v, writeTaskFile as w, isoSeconds as x, TARGET_METRICS as y, TARGET_RULE as z };
