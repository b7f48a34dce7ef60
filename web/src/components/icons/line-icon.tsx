import type { SVGProps } from 'react';

// The app's icons are drawn inline (no icon library: the landing route has a strict size budget).
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * The frame of every line icon: a 24-unit square stroked in the text colour. Decorative by
 * default; give an aria-label where an icon is the only content of a control.
 */
export function LineIcon({ size = 20, strokeWidth = 2, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** A set of line icons drawn from path data; the set fixes their stroke weight and default size. */
export const lineIconSet =
  (style: { strokeWidth: number; size: number }) =>
  (...paths: string[]) =>
  ({ size = style.size, ...rest }: IconProps) => (
    <LineIcon size={size} strokeWidth={style.strokeWidth} {...rest}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </LineIcon>
  );
