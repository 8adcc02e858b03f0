import type { Connection } from './use-league-live';

/** "Live" while the stream is open, "Reconnecting…" otherwise: announced politely. */
export function ConnectionStatus({ connection }: { connection: Connection | null }) {
  return (
    <p role="status" aria-live="polite" className="flex items-center gap-1.5 text-sm font-semibold" data-testid="connection">
      {connection !== null && (
        <>
          <span aria-hidden="true" className={`size-2.5 rounded-full ${connection === 'live' ? 'bg-emerald-500' : 'bg-amber-500'}`} />
          {connection === 'live' ? 'Live' : 'Reconnecting…'}
        </>
      )}
    </p>
  );
}
