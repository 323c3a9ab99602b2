import { useEffect, useId, useRef, type ReactNode } from 'react';

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** The dialog's heading (its accessible name). */
  title: string;
  /** Called when it closes: Escape, the Close button, or a click outside. */
  onClose(): void;
  children: ReactNode;
  /** Extra class for sizing. @default undefined */
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>`: it takes focus when it opens, keeps Tab inside, closes
 * on Escape, and gives focus back to what had it before.
 */
export function Dialog({ title, onClose, children, className }: DialogProps) {
  const element = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = element.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={element}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === element.current) close.current();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon" aria-label="Close" onClick={() => close.current()}>
          ✕
        </button>
      </div>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
