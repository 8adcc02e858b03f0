import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';

/** Runs one of a league page's calls: busy (by name) while it is out, its error said in the page's alert. */
export function useAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (name: string, work: () => Promise<void>) => {
    setBusy(name);
    setError(null);
    work()
      .catch((failure: unknown) => setError(errorMessage(failure, 'That did not work. Please try again.')))
      .finally(() => setBusy(null));
  };
  return { busy, error, run };
}
