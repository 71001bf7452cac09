import type { SVGProps } from 'react';

// Outline icons for the seven interest categories, by the catalogue's icon names.
const paths: Record<string, string> = {
  utensils: 'M7 3v8a2 2 0 0 1-4 0V3m2 0v18M17 21V3a4 4 0 0 0-4 4v6h4',
  hiking: 'M13 4a2 2 0 1 0 0-.01M10 21l2-7 3 3v4m-5-10 2-3 3 3 3 1M9 11 7 21m12-10v10',
  landmark: 'M3 21h18M4 10h16M12 3l8 5H4l8-5ZM6 10v8m4-8v8m4-8v8m4-8v8',
  bed: 'M3 18V6m0 8h18v4M3 14V11a2 2 0 0 1 2-2h5v5m0-5h7a4 4 0 0 1 4 4v1',
  'shopping-bag': 'M5 8h14l-1 13H6L5 8Zm4 0V6a3 3 0 0 1 6 0v2',
  tree: 'M12 21v-5m0 0-5 0 5-13 5 13h-5Z',
  'volleyball-ball': 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-18a9 9 0 0 0 0 9m0 0a9 9 0 0 0 8 5M12 12a9 9 0 0 1-8 5',
};

export function CategoryIcon({ name, className = 'size-4', ...props }: { name: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
      {...props}
    >
      <path d={paths[name] ?? paths['landmark']} />
    </svg>
  );
}
