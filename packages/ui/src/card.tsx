import type { HTMLAttributes, ReactNode } from 'react';
import { classNames } from './class-names.ts';

export type CardElement = 'div' | 'section' | 'article' | 'aside' | 'li';

export type CardProps = HTMLAttributes<HTMLElement> & {
  /** The element to render; `section`/`article` when the card has its own heading. Default `div`. */
  as?: CardElement;
  children?: ReactNode;
};

/**
 * A white, bordered, rounded surface that groups related content. Padding and layout come
 * from `className` (e.g. "p-5 flex flex-col"), so there is no default to fight with; add
 * "overflow-hidden" for an edge-to-edge cover image.
 */
export function Card({ as: Element = 'div', className, ...props }: CardProps) {
  return (
    <Element
      className={classNames('rounded-xl border border-slate-200 bg-surface text-ink shadow-sm', className)}
      {...props}
    />
  );
}
