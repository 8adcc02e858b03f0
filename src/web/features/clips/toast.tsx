import { useEffect, useState } from 'react';
import { Icon } from '../../components/icon';

const TOAST_MS = 3500;

export type ToastMessage = { id: number; text: string; tone: 'success' | 'error' };

/** A short confirmation in the corner, announced to screen readers, gone after a few seconds. */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  useEffect(() => {
    if (toast === null) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return { toast, show: (text: string, tone: ToastMessage['tone'] = 'success') => setToast({ id: Date.now(), text, tone }) };
}

export function Toast({ toast }: { toast: ToastMessage | null }) {
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed right-4 bottom-4 z-40 max-w-sm">
      {toast !== null && (
        <p
          key={toast.id}
          className={`${toast.tone === 'success' ? 'alert-success' : 'alert-error'} flex items-center gap-2 break-all shadow-lg`}
        >
          <Icon name={toast.tone === 'success' ? 'check_circle' : 'error'} />
          {toast.text}
        </p>
      )}
    </div>
  );
}
