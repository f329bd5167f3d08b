import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** id for the heading, which names the dialog. */
  id: string;
  title: string;
  children: ComponentChildren;
  footer?: ComponentChildren;
}

/**
 * A modal on the native <dialog>: showModal() traps focus and makes the page inert, Esc closes
 * it (the browser fires "close"), and focus goes back to whatever opened it.
 */
export function Dialog({ open, onClose, id, title, children, footer }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const handleClose = () => {
    opener.current?.focus();
    opener.current = null;
    if (open) onClose();
  };

  return (
    <dialog ref={ref} aria-labelledby={`${id}-title`} onClose={handleClose}>
      <article>
        <header>
          <button type="button" class="close" aria-label={t('common.close')} onClick={() => ref.current?.close()} />
          <h2 id={`${id}-title`}>{title}</h2>
        </header>
        {children}
        {footer && <footer>{footer}</footer>}
      </article>
    </dialog>
  );
}
