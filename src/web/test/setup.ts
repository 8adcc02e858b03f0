import { afterEach, beforeAll, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait for the app's own signals; on a loaded machine 1 s is not enough for a
// jsdom render, so they wait up to 15 s (a passing test returns as soon as the signal is there).
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no modal dialogs; the Modal component only needs open/close to flip `open`. Nor object
// URLs: a poster preview gets a fixed one (a test that reads them installs its own).
beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:poster-preview';
  URL.revokeObjectURL ??= () => undefined;
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

// A console.error nobody expected (React's act() and key warnings, a failed fetch, an error
// boundary) fails the test that caused it. A test that expects one spies on console.error
// itself (`vi.spyOn(console, 'error').mockImplementation(() => {})`) and asserts on the spy.
let unexpected: unknown[][] = [];
const originalError = console.error.bind(console);

beforeEach(() => {
  unexpected = [];
  console.error = (...args: unknown[]) => {
    unexpected.push(args);
    originalError(...args);
  };
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  const errors = unexpected;
  unexpected = [];
  console.error = originalError;
  if (errors.length > 0) {
    throw new Error(`Unexpected console.error during the test:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
