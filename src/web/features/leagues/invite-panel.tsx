import { lazy, Suspense, useState } from 'react';
import { copyText } from '../../lib/copy-text';

const QrCode = lazy(() => import('./qr-code').then((module) => ({ default: module.QrCode })));

export const QR_SIZE = 176;

/** A QR code of `text`, its place kept while its code loads (nothing moves when it arrives). */
export function LazyQrCode({ text, label }: { text: string; label: string }) {
  return (
    <Suspense fallback={<span className="block rounded-lg bg-white" style={{ width: QR_SIZE, height: QR_SIZE }} aria-hidden="true" />}>
      <QrCode text={text} label={label} size={QR_SIZE} />
    </Suspense>
  );
}

type Invite = { code: string; name: string; joinUrl: string };

/**
 * A league's invite: the join link with Copy, the 6-character code to read aloud, the link's QR
 * code, and the system share sheet where the browser has one (phones).
 */
export function InvitePanel({ invite }: { invite: Invite }) {
  const [status, setStatus] = useState('');
  const canShare = typeof navigator.share === 'function';
  const copy = () => {
    void copyText(invite.joinUrl).then((copied) => setStatus(copied ? 'Link copied.' : 'Select the link and copy it.'));
  };
  // Nothing is awaited before navigator.share: it must run within the click's user gesture.
  const share = () => {
    navigator
      .share({ title: `${invite.name} · MINGO`, text: `Play MINGO with me in ${invite.name}: code ${invite.code}`, url: invite.joinUrl })
      .then(
        () => setStatus('Shared.'),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          console.warn('Sharing failed', error);
          setStatus('Sorry, that did not work. Copy the link instead.');
        },
      );
  };
  return (
    <div className="flex flex-col gap-3" data-testid="invite">
      <div className="flex flex-col gap-1">
        <label htmlFor="invite-link" className="text-sm font-semibold">
          Join link
        </label>
        <div className="flex gap-2">
          <input
            id="invite-link"
            readOnly
            value={invite.joinUrl}
            className="input min-w-0 flex-1"
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="btn-secondary" onClick={copy}>
            Copy
          </button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <LazyQrCode text={invite.joinUrl} label={`QR code of the join link of ${invite.name}`} />
        <div className="flex flex-col gap-2">
          <p className="text-sm">
            Code{' '}
            <strong className="font-mono text-2xl tracking-widest" data-testid="invite-code">
              {invite.code}
            </strong>
          </p>
          <p className="max-w-56 text-sm text-slate-600 dark:text-slate-300">
            Friends scan the QR code or open the link, or type the code under Leagues → Join with a code.
          </p>
          {canShare && (
            <button type="button" className="btn-primary self-start" onClick={share}>
              Share…
            </button>
          )}
        </div>
      </div>
      <p role="status" className="min-h-5 text-sm">
        {status}
      </p>
    </div>
  );
}
