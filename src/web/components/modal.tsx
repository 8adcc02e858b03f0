import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './icon';

type ModalProps = {
  /** The modal's name from the specification (movieCard, productDetails, auth, …), exposed as data-modal. */
  name: string;
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Hide the visible title (it still labels the dialog). */
  hideTitle?: boolean;
  size?: 'md' | 'lg';
};

/**
 * A real modal dialog built on <dialog>.showModal(): the rest of the page is inert, so focus is
 * trapped inside; Escape and the close button close it; focus returns to the opener.
 */
export function Modal({ name, title, open, onClose, children, hideTitle = false, size = 'md' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open === true) dialog.close();
    };
  }, []);

  const handleClose = () => {
    const opener = returnFocusTo.current;
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    if (open) onClose();
  };

  const titleId = `modal-title-${name}`;
  return (
    <dialog
      ref={ref}
      data-modal={name}
      aria-labelledby={titleId}
      onClose={handleClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) ref.current?.close();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${size === 'lg' ? 'max-w-3xl' : 'max-w-lg'} rounded-2xl border border-slate-300 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-black/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
    >
      {open && (
        <div className="p-5 sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-xl font-bold'}>
              {title}
            </h2>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="-m-1 ml-auto rounded-full p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
              aria-label="Close"
            >
              <Icon name="close" />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
