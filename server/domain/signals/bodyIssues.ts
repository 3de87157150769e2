import type { z } from 'zod';
import type { FieldError } from '../../../contract/errors';

type Issue = z.core.$ZodIssue;
type Path = (string | number)[];

/** A branch that failed only because the value is of another kind altogether (a number where an array goes). */
const isKindMismatch = (issues: readonly Issue[]) => issues.every((issue) => issue.code === 'invalid_type' && issue.path.length === 0);

/**
 * A union's failure, as precise as the input allows. A strategy expression operand is a number,
 * a name or a nested expression; for a nested expression with a bad part, zod reports only
 * "must be an indicator name, a number or a nested expression" at the operand. When exactly one
 * branch matched the kind of value given (the array), its own errors are the real ones:
 * `rules[0].when[1][2]: must be an indicator name…` instead of a vague error one level up.
 */
function unwrap(issue: Issue, at: Path): { path: Path; issue: Issue }[] {
  const path = [...at, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
  if (issue.code === 'invalid_union' && 'errors' in issue && Array.isArray(issue.errors)) {
    const fitting = issue.errors.filter((branch) => !isKindMismatch(branch));
    if (fitting.length === 1) return fitting[0]!.flatMap((inner) => unwrap(inner, path));
  }
  return [{ path, issue }];
}

/** Zod issues as the API's field errors under `prefix` (`["body"]`), unknown keys named one by one. */
export function toFieldErrors(issues: readonly Issue[], prefix: Path): FieldError[] {
  const errors = issues.flatMap((issue) => unwrap(issue, []));
  return errors.flatMap(({ path, issue }) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ loc: [...prefix, ...path, key], msg: 'unknown field', type: 'unrecognized_keys' }));
    }
    return [{ loc: [...prefix, ...path], msg: issue.message, type: issue.code ?? 'invalid' }];
  });
}
