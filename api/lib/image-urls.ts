/** Pure helpers for image URLs; safe to import from browser code. */
export const RENDITION_WIDTHS = [400, 1200] as const;

export function renditionName(name: string, width: (typeof RENDITION_WIDTHS)[number]) {
  return `${name.replace(/\.webp$/, '')}-${width}.webp`;
}

/** /uploads/{file}, or the placeholder when there is no image. */
export function uploadUrl(name: string | null | undefined, width?: (typeof RENDITION_WIDTHS)[number]) {
  if (!name) return '/placeholder.svg';
  if (width && name.endsWith('.webp') && !name.startsWith('http')) return `/uploads/${renditionName(name, width)}`;
  return name.startsWith('http') || name.startsWith('/') ? name : `/uploads/${name}`;
}

/** srcset over the WebP renditions of an image stored by storeImage(). */
export function imageSrcSet(name: string | null | undefined): string | undefined {
  if (!name?.endsWith('.webp')) return undefined;
  return RENDITION_WIDTHS.map((w) => `/uploads/${renditionName(name, w)} ${w}w`).join(', ');
}
