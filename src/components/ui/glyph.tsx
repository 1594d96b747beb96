import type { SVGProps } from 'react';

/** A lucide icon's shapes as its per-icon module exports them (`lucide-react/icons/<name>`). */
type TIconData = { name: string; node: [tag: string, attributes: Record<string, string>][] };

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The icon's shapes as markup: lucide's fixed data, every attribute value escaped. */
function iconShapes(data: TIconData): string {
  return data.node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([name]) => name !== 'key')
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      return `<${tag}${attrs}></${tag}>`;
    })
    .join('');
}

/**
 * A lucide icon for components the server renders many times a page (each ad card, the filter
 * panel, the pager): the same <svg> lucide-react renders, with the icon's shapes written once
 * as markup instead of a React element per path. On the home page lucide-react's per-render
 * work (class merging, building each shape's props) and React's rendering of the shapes were a
 * fifth of the island's server rendering (docs/PERFORMANCE.md). `icon`: the module of
 * `lucide-react/icons/<name>` (its `__iconData`, which the package's types leave out).
 */
export function glyph(icon: object) {
  const data = (icon as { __iconData: TIconData }).__iconData;
  const shapes = iconShapes(data);
  const classes = `lucide lucide-${data.name}`;
  return function Glyph({ className, fill = 'none', ...rest }: SVGProps<SVGSVGElement>) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill={fill}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${classes} ${className}` : classes}
        {...rest}
        dangerouslySetInnerHTML={{ __html: shapes }}
      />
    );
  };
}
