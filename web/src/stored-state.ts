/**
 * Settings that outlive a reload: a piece of state kept in the browser's local storage under
 * `gridmind:KEY`, as JSON.
 */
import { useState } from 'preact/hooks';

const PREFIX = 'gridmind:';

/** Whether `stored` may stand where `fallback` stands: the same JSON type, or anything but undefined where the fallback is null. */
const sameKind = (stored: unknown, fallback: unknown) =>
  fallback === null || (stored !== null && typeof stored === typeof fallback && Array.isArray(stored) === Array.isArray(fallback));

/**
 * The value a stored setting gives back, shaped by `fallback` (what the page starts with when nothing is
 * stored): a value of another kind gives `fallback`; for a plain object, each of `fallback`'s fields is
 * the stored one when it is of the same kind, and fields the page no longer has are dropped. A page that
 * grows a field, or a browser that kept a setting from an older version, so starts from a sound value.
 */
export function restoredValue<T>(stored: unknown, fallback: T): T {
  if (!sameKind(stored, fallback)) return fallback;
  if (fallback === null || typeof fallback !== 'object' || Array.isArray(fallback)) return stored as T;
  const fields = stored as Record<string, unknown>;
  const shaped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fallback)) shaped[key] = key in fields ? restoredValue(fields[key], value) : value;
  return shaped as T;
}

/** What is stored under `key`, or undefined (nothing stored, unreadable JSON, or no storage allowed). */
function readStored(key: string): unknown {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Stores `value` under `key`; a browser that refuses storage (private mode, full) only forgets it. */
function storeValue(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Nothing to lose but the convenience: the page goes on with the value in memory.
  }
}

/** `useState` whose value is kept under `key` across reloads (see {@link restoredValue} for how it is read back). */
export function useStoredState<T>(key: string, fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = readStored(key);
    return stored === undefined ? fallback : restoredValue(stored, fallback);
  });
  const set = (next: T) => {
    storeValue(key, next);
    setValue(next);
  };
  return [value, set];
}
