import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { adToValues, galleryNames, type TValues } from './ad-form-values.ts';

type TCategory = NonNullable<TApiData<'/api/get-settings'>['data'][number]['categories']>[number];
export type TLimit = Omit<TApiData<'/api/get-limit'>, 'success'>;

/**
 * What the ad form shows besides its fields: the categories, the caller's plan limits and, on
 * edit, the ad (its values put into the form, its photos). The photos chosen and removed live
 * here too, because loading the ad resets them.
 */
export function useAdFormData(id: string | undefined, form: UseFormReturn<TValues>) {
  const isEdit = id !== undefined;
  const [categories, setCategories] = useState<TCategory[]>([]);
  const [limit, setLimit] = useState<TLimit | null>(null);
  const [image, setImage] = useState<File[]>([]);
  const [gallery, setGallery] = useState<File[]>([]);
  const [currentImage, setCurrentImage] = useState<string>('');
  const [existing, setExisting] = useState<string[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [loading, setLoading] = useState(isEdit);
  const [loadError, setLoadError] = useState<string | null>(null);
  // An ad featured earlier keeps its placement whatever the plan says now.
  const [wasFeatured, setWasFeatured] = useState(false);

  /** The caller's plan limits (GET /api/get-limit); `live` false: the form has gone meanwhile. */
  const reloadLimit = async (live: () => boolean = () => true) => {
    const res = await apiFetch('/api/get-limit');
    if (!live()) return;
    if (res.success)
      setLimit({
        photolimit: res.photolimit,
        adsPerDay: res.adsPerDay,
        adsLeftToday: res.adsLeftToday,
        resetsAt: res.resetsAt,
        featured: res.featured,
        expiryDays: res.expiryDays,
      });
    else notify.error(res.error, 'Error');
  };

  // The categories from settings and the caller's photo limit (GET /api/get-limit), both
  // fetched when the form opens; a failure is an Error toast with the server's text.
  useEffect(() => {
    let live = true;
    void apiFetch('/api/get-settings').then((res) => {
      if (!live) return;
      if (res.success) setCategories(res.data[0]?.categories ?? []);
      else notify.error(res.error, 'Error');
    });
    void reloadLimit(() => live);
    return () => {
      live = false;
    };
  }, []);

  // A select shows its value only once that option exists: when the categories arrive after
  // the ad was loaded into the form, put the ad's category back on the select.
  useEffect(() => {
    if (categories.length) form.setValue('category', form.getValues('category'));
  }, [categories, form]);

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    setLoading(true);
    void apiFetch(`/api/ads/${encodeURIComponent(id)}`).then((res) => {
      if (!live) return;
      if (!res.success) {
        setLoadError(res.message);
        notify.error(res.message);
        setLoading(false);
        return;
      }
      const ad = res.adsData;
      form.reset(adToValues(ad));
      setWasFeatured(ad.make_as_featured === 'Y');
      setCurrentImage(ad.image);
      setExisting(galleryNames(ad));
      setRemoved([]);
      setImage([]);
      setGallery([]);
      setLoadError(null);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [id]);

  /** A stored gallery photo taken off: it leaves the list and is sent as removed. */
  const removeExisting = (name: string) => {
    setExisting((list) => list.filter((n) => n !== name));
    setRemoved((list) => [...list, name]);
  };

  return {
    categories,
    limit,
    reloadLimit,
    loading,
    loadError,
    wasFeatured,
    currentImage,
    existing,
    removed,
    removeExisting,
    image,
    setImage,
    gallery,
    setGallery,
  };
}
