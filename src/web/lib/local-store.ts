import { useSyncExternalStore } from 'react';

/**
 * A value kept in localStorage, shared by every component that reads it and kept in sync
 * across tabs. A missing, corrupt or invalid stored value falls back to `initial` instead
 * of breaking the page.
 */
export type LocalStore<T> = {
  get: () => T;
  set: (next: T | ((current: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
  use: () => T;
};

/** What a store validates its stored value with: a zod schema or a first-load validator (both have `safeParse`). */
export type StoredValueSchema<T> = { safeParse: (data: unknown) => { success: true; data: T } | { success: false } };

export function createLocalStore<T>(key: string, schema: StoredValueSchema<T>, initial: T): LocalStore<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue: T = initial;

  function read(): T {
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      return cachedValue;
    }
    if (raw === cachedRaw) return cachedValue;
    cachedRaw = raw;
    cachedValue = initial;
    if (raw !== null) {
      try {
        const parsed = schema.safeParse(JSON.parse(raw));
        if (parsed.success) cachedValue = parsed.data;
        else console.warn(`Ignoring invalid stored value for "${key}"`);
      } catch {
        console.warn(`Ignoring unreadable stored value for "${key}"`);
      }
    }
    return cachedValue;
  }

  function emit(): void {
    for (const listener of listeners) listener();
  }

  function set(next: T | ((current: T) => T)): void {
    const value = typeof next === 'function' ? (next as (current: T) => T)(read()) : next;
    const raw = JSON.stringify(value);
    cachedRaw = raw;
    cachedValue = value;
    try {
      window.localStorage.setItem(key, raw);
    } catch (error) {
      console.warn(`Could not save "${key}"`, error);
    }
    emit();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  return {
    get: read,
    set,
    subscribe,
    use: () => useSyncExternalStore(subscribe, read, () => initial),
  };
}
