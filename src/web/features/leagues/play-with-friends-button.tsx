import { lazy, Suspense, useState } from 'react';

// The dialog (the contract's schemas, the invite, its QR code) loads on the first click, off Home's first load.
const PlayWithFriendsDialog = lazy(() =>
  import('./play-with-friends-dialog').then((module) => ({ default: module.PlayWithFriendsDialog })),
);

/** Home's "Play with friends", beside "Share {year}": makes a league for the selected year's board. */
export function PlayWithFriendsButton({ year }: { year: number | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={() => setOpen(true)} disabled={year === null}>
        Play with friends
      </button>
      {open && year !== null && (
        <Suspense fallback={null}>
          <PlayWithFriendsDialog year={year} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
