import { Description, DialogBackdrop, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import { type ReactNode, useEffect } from 'react';
import { classNames } from './class-names.ts';
import { dismissToast } from './toast.tsx';

export type DialogProps = {
  open: boolean;
  /** Called on Escape, on a click outside the panel and on the close button. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions, usually Buttons; laid out at the end, stacked on narrow screens. */
  footer?: ReactNode;
  /** Panel width. Default md (max-w-lg). */
  size?: 'sm' | 'md' | 'lg';
  /** Hide the corner close button (e.g. when the footer already has Cancel). Default false. */
  hideCloseButton?: boolean;
};

const widths = { sm: 'sm:max-w-sm', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' } as const;

/**
 * A modal dialog (Headless UI): focus is trapped inside and returned afterwards, Escape
 * and a click on the backdrop close it, the rest of the page is inert. On small screens
 * it docks to the bottom and its body scrolls.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideCloseButton = false,
}: DialogProps) {
  // A toast from before the dialog would cover its footer; one the dialog itself raises stays.
  useEffect(() => {
    if (open) dismissToast();
  }, [open]);
  return (
    <HeadlessDialog open={open} onClose={() => onClose()} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-ink/50 transition-opacity duration-200 data-closed:opacity-0 motion-reduce:transition-none"
      />
      <div className="fixed inset-0 flex items-end justify-center p-2 sm:items-center sm:p-4">
        <DialogPanel
          transition
          className={classNames(
            'flex max-h-[calc(100dvh-1rem)] w-full flex-col overflow-hidden rounded-xl bg-surface text-ink shadow-xl sm:max-h-[calc(100dvh-2rem)]',
            'transition duration-200 data-closed:translate-y-4 data-closed:opacity-0 motion-reduce:transition-none',
            widths[size],
          )}
        >
          <div className="flex items-start gap-4 border-b border-slate-200 px-4 py-4 sm:px-6">
            <div className="min-w-0 flex-1">
              <DialogTitle className="font-display text-lg font-semibold text-ink">{title}</DialogTitle>
              {description ? <Description className="mt-1 text-sm text-muted">{description}</Description> : null}
            </div>
            {hideCloseButton ? null : (
              <button
                type="button"
                aria-label="Close"
                onClick={() => onClose()}
                className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5">
                  <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
          {children ? <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div> : null}
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-200 bg-canvas px-4 py-3 sm:flex-row sm:justify-end sm:px-6">
              {footer}
            </div>
          ) : null}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
