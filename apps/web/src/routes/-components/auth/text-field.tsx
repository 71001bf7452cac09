import { useId, type InputHTMLAttributes } from 'react';

export function TextField({ label, ...props }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        className="mt-1 block w-full rounded-lg border border-gray-300 bg-surface px-3 py-2 text-ink shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
        {...props}
      />
    </div>
  );
}
