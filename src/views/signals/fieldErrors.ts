/**
 * Field errors in one form for the editors: a path string (`rules[2].when[1]`, `name`) mapped to
 * its messages, whether they come from the contract's schema as the user types or from the
 * server's 422 on save (`{ detail: [{ loc: ["body", "body", "rules", 2, "when", 1], msg }] }`).
 * Both speak zod's messages over the same schema, so the same path shows the same sentence.
 */

export type FieldErrors = Record<string, string[]>;
type PathPart = string | number | symbol;

/** `["rules", 2, "when", 1]` → `rules[2].when[1]`; the empty path is `""` (the whole document). */
export function formatPath(path: readonly PathPart[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text ? `.${String(part)}` : String(part);
  }
  return text;
}

/** Zod issues (`safeParse(...).error.issues`) by path. */
export function issuesByPath(issues: readonly { path: readonly PathPart[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[formatPath(issue.path)] ??= []).push(issue.message);
  return errors;
}

/**
 * A 422's field errors by path, the `prefix` of each `loc` (`["body"]`, or `["body", "body"]` for a
 * strategy's body inside the request body) removed; errors outside the prefix are left out.
 */
export function serverFieldErrors(error: unknown, prefix: readonly (string | number)[]): FieldErrors {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data: unknown }).data : undefined;
  const status = error && typeof error === 'object' && 'status' in error ? (error as { status: unknown }).status : undefined;
  const detail = data && typeof data === 'object' && 'detail' in data ? (data as { detail: unknown }).detail : undefined;
  if (status !== 422 || !Array.isArray(detail)) return {};
  const errors: FieldErrors = {};
  for (const item of detail) {
    if (!item || typeof item !== 'object' || !Array.isArray(item.loc) || typeof item.msg !== 'string') continue;
    const loc = item.loc as (string | number)[];
    if (!prefix.every((part, i) => loc[i] === part)) continue;
    (errors[formatPath(loc.slice(prefix.length))] ??= []).push(item.msg);
  }
  return errors;
}

/** The errors at `path` and below it (`rules[2]` holds `rules[2].when[1]`). */
export function errorsUnder(errors: FieldErrors, path: string): [string, string[]][] {
  return Object.entries(errors).filter(([at]) => at === path || at.startsWith(`${path}.`) || at.startsWith(`${path}[`));
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;
