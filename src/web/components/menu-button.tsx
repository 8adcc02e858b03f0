import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router';

/** The focusable items (links and buttons) inside a menu panel, in document order. */
function menuItems(panel: HTMLElement | null): HTMLElement[] {
  if (panel === null) return [];
  return [...panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
}

/**
 * A disclosure menu for site navigation (WAI-ARIA "disclosure navigation"): a real button with
 * `aria-expanded` that shows a list of links below it. ArrowDown on the button opens it and focuses
 * the first item; ArrowUp/ArrowDown/Home/End move between items; Escape closes it and returns focus
 * to the button; a click outside, leaving it with Tab, or following one of its links closes it.
 */
export function MenuButton({
  label,
  icon,
  labelClassName = '',
  buttonClassName = 'nav-link',
  panelClassName = '',
  children,
}: {
  label: string;
  icon: React.ReactNode;
  /** Classes for the visible label, e.g. `sr-only` for an icon-only button. */
  labelClassName?: string;
  buttonClassName?: string;
  panelClassName?: string;
  children: React.ReactNode;
}) {
  const panelId = useId();
  const location = useLocation();
  // Open for one location only: following a link (or any navigation) closes the menu without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target) === true) return;
      setOpenAt(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpenAt(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    // Shown synchronously so that its first item can take the focus now.
    flushSync(() => setOpenAt(location.key));
    menuItems(panelRef.current)[0]?.focus();
  };

  const onPanelKeyDown = (event: React.KeyboardEvent) => {
    const items = menuItems(panelRef.current);
    const index = items.findIndex((item) => item === document.activeElement);
    const moveTo = (next: number) => {
      event.preventDefault();
      items[(next + items.length) % items.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'ArrowDown') moveTo(index + 1);
    else if (event.key === 'ArrowUp') moveTo(index - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(items.length - 1);
  };

  const onBlur = (event: React.FocusEvent) => {
    if (event.relatedTarget instanceof Node && rootRef.current?.contains(event.relatedTarget) === true) return;
    if (event.relatedTarget === null) return; // focus left the page (or a click on nothing focusable): the pointer handler decides
    setOpenAt(null);
  };

  return (
    <div ref={rootRef} className="relative" onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenAt(open ? null : location.key)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.preventDefault();
            close(true);
          } else onButtonKeyDown(event);
        }}
      >
        {icon}
        <span className={labelClassName}>{label}</span>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        onKeyDown={onPanelKeyDown}
        className={`absolute top-full right-0 z-30 mt-2 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900 ${panelClassName}`}
      >
        {children}
      </div>
    </div>
  );
}
