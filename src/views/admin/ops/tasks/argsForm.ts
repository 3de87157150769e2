import { z } from 'zod';
import type { TaskName } from '../../../../../contract/codes';
import { taskArgs } from '../../../../../contract/system/tasks';
import { issuesByPath, type FieldErrors } from '../../../signals/fieldErrors';

/**
 * The start form of a task, read from the JSON Schema of its arguments (`z.toJSONSchema`), so a
 * task added to the contract gets a form without touching the screen. A free-form schema
 * (`strategy.backtest` takes any request fields) is edited as a JSON text instead.
 */

export type ArgField =
  | { key: string; kind: 'enum'; options: string[]; required: boolean }
  | { key: string; kind: 'enumList'; options: string[]; required: boolean }
  | { key: string; kind: 'list'; required: boolean }
  | { key: string; kind: 'boolean'; required: boolean }
  | { key: string; kind: 'number'; integer: boolean; min?: number; max?: number; required: boolean }
  /** Epoch-ms bounds (`from`, `to`), entered as local date and time. */
  | { key: string; kind: 'datetime'; required: boolean }
  | { key: string; kind: 'text'; email: boolean; multiline: boolean; required: boolean };

export type ArgsForm = { kind: 'fields'; fields: ArgField[] } | { kind: 'json' };

/** What the inputs hold: text for text-like inputs, on/off for switches, chosen options for lists of options. */
export type ArgValue = string | boolean | string[];
export type ArgValues = Record<string, ArgValue>;

interface JsonSchemaNode {
  type?: string;
  enum?: unknown[];
  items?: JsonSchemaNode;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  default?: unknown;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  additionalProperties?: unknown;
}

const TIME_FIELDS = new Set(['from', 'to']);
/** Past this length a text is a message body, not a line. */
const MULTILINE_AFTER = 500;
/** JSON Schema's bound for "any safe integer": not worth showing as a limit. */
const SAFE_LIMIT = Number.MAX_SAFE_INTEGER;

function schemaOf(name: TaskName): JsonSchemaNode {
  return z.toJSONSchema(taskArgs[name], { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
}

function fieldOf(key: string, node: JsonSchemaNode, required: boolean): ArgField {
  if (node.enum) return { key, kind: 'enum', options: node.enum.map(String), required };
  if (node.type === 'array') {
    return node.items?.enum ? { key, kind: 'enumList', options: node.items.enum.map(String), required } : { key, kind: 'list', required };
  }
  if (node.type === 'boolean') return { key, kind: 'boolean', required };
  if (node.type === 'integer' || node.type === 'number') {
    if (TIME_FIELDS.has(key)) return { key, kind: 'datetime', required };
    const min = node.minimum ?? (node.exclusiveMinimum === undefined ? undefined : node.exclusiveMinimum + 1);
    const max = node.maximum === SAFE_LIMIT ? undefined : node.maximum;
    return { key, kind: 'number', integer: node.type === 'integer', min, max, required };
  }
  return { key, kind: 'text', email: node.format === 'email', multiline: (node.maxLength ?? 0) > MULTILINE_AFTER, required };
}

export function argsFormOf(name: TaskName): ArgsForm {
  const schema = schemaOf(name);
  if (schema.additionalProperties !== false) return { kind: 'json' };
  const required = new Set(schema.required ?? []);
  return { kind: 'fields', fields: Object.entries(schema.properties ?? {}).map(([key, node]) => fieldOf(key, node, required.has(key))) };
}

/** The form's first values: each field's default from the schema, else empty. */
export function initialValues(name: TaskName): ArgValues {
  const schema = schemaOf(name);
  const values: ArgValues = {};
  for (const [key, node] of Object.entries(schema.properties ?? {})) {
    if (node.type === 'boolean') values[key] = node.default === true;
    else if (node.type === 'array' && node.items?.enum) values[key] = [];
    else values[key] = node.default === undefined ? '' : String(node.default);
  }
  return values;
}

/** The JSON text a free-form task starts from. */
export const initialJson = (name: TaskName) => (name === 'strategy.backtest' ? '{\n  "strategy_id": 1\n}' : '{}');

/** `2026-01-01T10:00` in the browser's zone → epoch ms; junk stays text so the schema names it. */
const localToEpoch = (local: string): number | string => {
  const ms = Date.parse(local);
  return Number.isNaN(ms) ? local : ms;
};

/** A number as typed; what is not one stays text so the schema's "expected number" shows. */
const toNumber = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

/** The `args` object of these values: empty optional fields left out. */
export function toArgs(fields: readonly ArgField[], values: ArgValues): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.kind === 'boolean') {
      args[field.key] = value === true;
      continue;
    }
    if (field.kind === 'enumList') {
      if (Array.isArray(value) && value.length) args[field.key] = value;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text) continue;
    if (field.kind === 'list') args[field.key] = text.split(/[\s,،]+/).filter(Boolean);
    else if (field.kind === 'number') args[field.key] = toNumber(text);
    else if (field.kind === 'datetime') args[field.key] = localToEpoch(text);
    else args[field.key] = text;
  }
  return args;
}

/** Parses the JSON text of a free-form task; a syntax error is reported on the whole document (`""`). */
export function parseJsonArgs(text: string): { args: Record<string, unknown> | null; errors: FieldErrors } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { args: parsed as Record<string, unknown>, errors: {} };
    return { args: null, errors: { '': ['must be a JSON object, e.g. {"strategy_id": 1}'] } };
  } catch (error) {
    return { args: null, errors: { '': [error instanceof Error ? error.message : 'not valid JSON'] } };
  }
}

/** The schema's own messages for these arguments, by field path (`symbols[0]`). */
export function checkArgs(name: TaskName, args: Record<string, unknown>): FieldErrors {
  const parsed = taskArgs[name].safeParse(args);
  return parsed.success ? {} : issuesByPath(parsed.error.issues);
}
