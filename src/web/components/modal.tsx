import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from '../../ui/icon';
import { ToastHost } from './toast';

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
  /** `sheet`: a bottom sheet, the full width of a phone's screen at its foot (the board editor's open square). */
  placement?: 'centre' | 'sheet';
  /**
   * A row pinned to the dialog's bottom edge (the product window's options summary and Add to
   * cart): the title bar stays pinned too and only the body between them scrolls.
   */
  footer?: ReactNode;
  /**
   * Show the app's toasts inside the dialog. A modal dialog makes the rest of the page inert and
   * covers it, so the shell's toast region is neither seen nor announced while it is open.
   */
  toasts?: boolean;
};

/**
 * A real modal dialog built on <dialog>.showModal(): the rest of the page is inert, so focus is
 * trapped inside; Escape and the close button close it; focus returns to the opener.
 */
export function Modal({
  name,
  title,
  open,
  onClose,
  children,
  hideTitle = false,
  size = 'md',
  placement = 'centre',
  footer,
  toasts = false,
}: ModalProps) {
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
  const pinned = footer !== undefined;
  const titleBar = (
    <div
      className={
        pinned
          ? 'flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6 dark:border-slate-700'
          : 'mb-4 flex items-start justify-between gap-4'
      }
    >
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
  );
  return (
    <dialog
      ref={ref}
      data-modal={name}
      aria-labelledby={titleId}
      onClose={handleClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) ref.current?.close();
      }}
      className={`${
        placement === 'sheet'
          ? 'mx-0 mt-auto mb-0 max-h-[85dvh] w-full max-w-none overflow-y-auto overscroll-contain rounded-t-2xl border-x-0 border-t border-b-0'
          : `m-auto w-[calc(100%-2rem)] ${size === 'lg' ? 'max-w-3xl' : 'max-w-lg'} rounded-2xl border`
      } ${pinned ? 'max-h-[calc(100dvh-2rem)] overflow-hidden open:flex open:flex-col' : ''} border-slate-300 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-black/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
    >
      {open &&
        (pinned ? (
          <>
            {titleBar}
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-6" data-testid="modal-body">
              {children}
            </div>
            <div className="border-t border-slate-200 px-5 py-3 sm:px-6 dark:border-slate-700" data-testid="modal-footer">
              {footer}
            </div>
          </>
        ) : (
          <div className="p-5 sm:p-6">
            {titleBar}
            {children}
          </div>
        ))}
      {open && toasts && <ToastHost placement="dialog" />}
    </dialog>
  );
}
