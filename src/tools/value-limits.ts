/**
 * What a JSON value from a model may be, checked without recursion (so a hostile value cannot
 * overflow the stack while being checked): nested at most `maxValueDepth` levels, and every number
 * finite. `1e400` parses to `Infinity` and JSON cannot carry it back (the store would keep `null`);
 * a value nested thousands of levels deep crashes every recursive walk after it (validation,
 * redaction, the store). Both are corrections for the model, never a crash.
 */

/** Deepest nesting of objects and arrays accepted in a model's output (the decision object is level 1). */
export const maxValueDepth = 64;

interface Visit {
  value: unknown;
  depth: number;
  parent?: Visit;
  key?: string;
}

/**
 * The first problem of `value`, as a short line for a correction (the path is the JSON Pointer
 * of the offending value, sanitized), or undefined when the value is fine.
 */
export function findValueProblem(value: unknown, depthLimit = maxValueDepth): string | undefined {
  // Nearly every value is fine: a walk that keeps no paths says so; only a value with a problem is
  // walked again to name where it is.
  return hasValueProblem(value, depthLimit) ? describeValueProblem(value, depthLimit) : undefined;
}

/**
 * The check of `findValueProblem` without the path, allocating nothing. Recursive, yet bounded:
 * it never descends past `depthLimit` levels (a value nested deeper is a problem found at that
 * level), so a hostile value cannot take more than `depthLimit` frames of the stack.
 */
export function hasValueProblem(value: unknown, depthLimit: number, depth = 0): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value !== 'object' || value === null) return false;
  if (depth >= depthLimit) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (hasValueProblem(value[index], depthLimit, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && hasValueProblem((value as Record<string, unknown>)[key], depthLimit, depth + 1)) return true;
  }
  return false;
}

/** The first problem of `value` named by its path (the slow walk `findValueProblem` takes only for a value with one). */
export function describeValueProblem(value: unknown, depthLimit: number): string | undefined {
  const stack: Visit[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return `${where(visit)} must be a finite number (got ${String(current)}; JSON numbers cannot be infinite or NaN)`;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (visit.depth >= depthLimit) return `${where(visit)} is nested more than ${depthLimit} levels deep`;
    const depth = visit.depth + 1;
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push({ value: current[index], depth, parent: visit, key: String(index) });
    } else {
      const keys = Object.keys(current);
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index]!;
        stack.push({ value: (current as Record<string, unknown>)[key], depth, parent: visit, key });
      }
    }
  }
  return undefined;
}

/** True when `value` nests objects and arrays more than `limit` levels deep (iterative, stops early). */
export function exceedsDepth(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return true;
    for (const item of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof item === 'object' && item !== null) stack.push({ value: item, depth: depth + 1 });
    }
  }
  return false;
}

/** The JSON Pointer of a visit, sanitized and capped for a prompt; `the value` for the root. */
function where(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  if (keys.length === 0) return 'the value';
  const safe = `/${keys.reverse().join('/')}`.replace(/[^A-Za-z0-9_.\-/]/g, '').slice(0, 64);
  return `\`${safe}\``;
}
