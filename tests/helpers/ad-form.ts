/**
 * The multipart body of the ad form (POST /api/ads/add and /ads/update) with every required
 * field filled: `values` override them, `files` add images ("image", "gallery").
 */
export function adForm(
  category: string,
  values: Record<string, string> = {},
  files: { name: 'image' | 'gallery'; file: File }[] = [],
) {
  const form = new FormData();
  const fields: Record<string, string> = {
    heading: 'Garden bench',
    description: '<p>Teak, seats three.</p>',
    category,
    price: '120',
    rating: '4',
    location: 'Bergen',
    features: '[]',
    make_as_featured: 'N',
    ...values,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.name, f.file);
  return form;
}
