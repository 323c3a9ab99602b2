/**
 * Request parameters of the mock WordPress: PHP-style query parsing (`a[]=1`, `a[b]=2`) and the
 * small subset of JSON-schema argument validation WordPress runs before permission checks.
 *
 * @module
 */
import { invalidParams, missingParams, type ParamProblem } from './responses.js';

/** A parsed parameter bag (query string or body). */
export type Params = Record<string, unknown>;

/**
 * Parses a query string the way PHP does: `include[]=1&include[]=2` → `{include:['1','2']}`,
 * `a[b]=1` → `{a:{b:'1'}}`, a repeated plain key keeps the last value.
 */
export function parseQuery(search: URLSearchParams): Params {
  const out: Params = {};
  for (const [rawKey, value] of search) {
    const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(rawKey);
    if (!match || !match[2]) {
      out[rawKey] = value;
      continue;
    }
    const base = match[1] as string;
    const parts = [...match[2].matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] as string);
    let container: Params = out;
    let key = base;
    for (const part of parts) {
      let next = container[key];
      if (part === '') {
        if (!Array.isArray(next)) {
          next = [];
          container[key] = next;
        }
      } else if (typeof next !== 'object' || next === null) {
        next = {};
        container[key] = next;
      }
      if (Array.isArray(next)) {
        if (part === '') {
          key = String(next.length);
        } else {
          key = part;
        }
        container = next as unknown as Params;
      } else {
        container = next as Params;
        key = part;
      }
    }
    container[key] = value;
  }
  return out;
}

/** The argument types the mock validates. */
export type ArgType = 'integer' | 'string' | 'boolean' | 'array' | 'object' | 'number';

/** One argument of an endpoint (a subset of WordPress's JSON schema args). */
export interface ArgSpec {
  /** The JSON type. */
  type?: ArgType | ArgType[];
  /** Allowed values. */
  enum?: readonly string[];
  /** Inclusive minimum for numbers. */
  minimum?: number;
  /** Inclusive maximum for numbers. */
  maximum?: number;
  /** The parameter must be present. @default false */
  required?: boolean;
  /** Default value, shown in OPTIONS. */
  default?: unknown;
  /** Description, shown in OPTIONS. */
  description?: string;
  /** Schema of array items. */
  items?: ArgSpec & { properties?: Record<string, ArgSpec> };
  /** Maximum array length. */
  maxItems?: number;
  /** Object properties (documentation only). */
  properties?: Record<string, ArgSpec>;
  /**
   * A custom check run after the type checks; returns a problem or null. `request` is the route
   * request being validated (typed loosely to keep this module free of router types).
   */
  validate?: (value: unknown, name: string, request?: unknown) => ParamProblem | null;
  /** Skip the `enum` check when this returns true (WordPress's `check_status` keeps a post's own status). */
  allowValue?: (value: unknown, request?: unknown) => boolean;
}

/** Arguments of an endpoint, by name. */
export type ArgSpecs = Record<string, ArgSpec>;

function isIntegerLike(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  return typeof value === 'string' && /^-?\d+$/.test(value.trim());
}

function isBooleanLike(value: unknown): boolean {
  return (
    typeof value === 'boolean' ||
    value === 'true' ||
    value === 'false' ||
    value === '1' ||
    value === '0' ||
    value === 1 ||
    value === 0
  );
}

function matchesType(value: unknown, type: ArgType): boolean {
  switch (type) {
    case 'integer':
      return isIntegerLike(value);
    case 'number':
      return (
        typeof value === 'number' ||
        (typeof value === 'string' && value.trim() !== '' && !isNaN(Number(value)))
      );
    case 'boolean':
      return isBooleanLike(value);
    case 'string':
      return typeof value === 'string' || typeof value === 'number';
    case 'array':
      return Array.isArray(value) || typeof value === 'string';
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}

/** Joins a list the way `wp_sprintf_l` does in English: `a, b, and c`; `a and b`. */
export function sentenceList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0] as string} and ${items[1] as string}`;
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1] as string}`;
}

/** The `rest_not_in_enum` problem `rest_validate_enum` reports. */
export function enumProblem(name: string, allowed: readonly string[]): ParamProblem {
  const message =
    allowed.length === 1
      ? `${name} is not ${allowed[0] as string}.`
      : `${name} is not one of ${sentenceList(allowed)}.`;
  return { code: 'rest_not_in_enum', message };
}

/** Checks one value against its spec, the way `rest_validate_value_from_schema` words its errors. */
export function checkValue(
  value: unknown,
  spec: ArgSpec,
  name: string,
  request?: unknown,
): ParamProblem | null {
  if (spec.allowValue?.(value, request)) return null;
  if (spec.type !== undefined) {
    const types = Array.isArray(spec.type) ? spec.type : [spec.type];
    if (!types.some((t) => matchesType(value, t))) {
      return {
        code: 'rest_invalid_type',
        message: `${name} is not of type ${types.join(',')}.`,
        data: { param: name },
      };
    }
  }
  if (spec.enum !== undefined) {
    const values = Array.isArray(value)
      ? value
      : typeof value === 'string' && spec.type === 'array'
        ? value.split(',')
        : [value];
    for (const v of values) {
      if (!spec.enum.includes(String(v))) return enumProblem(name, spec.enum);
    }
  }
  if (spec.minimum !== undefined || spec.maximum !== undefined) {
    const n = Number(value);
    const tooLow = spec.minimum !== undefined && n < spec.minimum;
    const tooHigh = spec.maximum !== undefined && n > spec.maximum;
    if (tooLow || tooHigh) {
      let message: string;
      if (spec.minimum !== undefined && spec.maximum !== undefined) {
        message = `${name} must be between ${spec.minimum} (inclusive) and ${spec.maximum} (inclusive)`;
      } else if (spec.minimum !== undefined) {
        message = `${name} must be greater than or equal to ${spec.minimum}`;
      } else {
        message = `${name} must be less than or equal to ${String(spec.maximum)}`;
      }
      return { code: 'rest_out_of_bounds', message };
    }
  }
  if (spec.maxItems !== undefined && Array.isArray(value) && value.length > spec.maxItems) {
    return { code: 'rest_too_many_items', message: `${name} must contain at most ${spec.maxItems} items.` };
  }
  return spec.validate ? spec.validate(value, name, request) : null;
}

/**
 * Validates request parameters against endpoint args: missing required params first
 * (`rest_missing_callback_param`), then every present param (`rest_invalid_param`).
 */
export function validateArgs(args: ArgSpecs, get: (name: string) => unknown, request?: unknown): void {
  const missing = Object.keys(args).filter((name) => args[name]?.required && get(name) === undefined);
  if (missing.length > 0) throw missingParams(missing);
  const problems: Record<string, ParamProblem> = {};
  for (const [name, spec] of Object.entries(args)) {
    const value = get(name);
    if (value === undefined) continue;
    const problem = checkValue(value, spec, name, request);
    if (problem) problems[name] = problem;
  }
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
}

/** Reads an integer parameter (string or number); `fallback` when absent. */
export function intParam(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'number' ? value : parseInt(String(value), 10);
  return Number.isNaN(n) ? fallback : n;
}

/** Reads a boolean parameter the way WordPress does (`'true'`, `'1'`, `true`). */
export function boolParam(value: unknown): boolean {
  return value === true || value === 'true' || value === '1' || value === 1;
}

/** Reads a list parameter: an array, or a comma-separated string. */
export function listParam(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'object') return Object.values(value as Params).map(String);
  return String(value)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Reads a list of integer ids. */
export function idListParam(value: unknown): number[] {
  return listParam(value)
    .map((s) => parseInt(s, 10))
    .filter((n) => !Number.isNaN(n));
}

/** The standard `context` argument of a route. */
export function contextArg(def: 'view' | 'edit' | 'embed' = 'view'): ArgSpec {
  return {
    type: 'string',
    enum: ['view', 'embed', 'edit'],
    default: def,
    description: 'Scope under which the request is made; determines fields present in response.',
  };
}

/** The `page`, `per_page` and `context` arguments of a paginated collection. */
export function collectionArgs(): ArgSpecs {
  return {
    context: contextArg(),
    page: { type: 'integer', minimum: 1, default: 1, description: 'Current page of the collection.' },
    per_page: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 10,
      description: 'Maximum number of items to be returned in result set.',
    },
    search: { type: 'string', description: 'Limit results to those matching a string.' },
  };
}
