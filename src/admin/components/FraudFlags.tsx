import { uploadUrl } from '../../../api/lib/image-urls.ts';
import AdStateBadge from '../../components/ads/AdStateBadge.tsx';
import { formatPrice } from '../../components/ads/format.ts';
import { Button } from '../../components/ui/controls.tsx';
import type { TApiData } from '../../lib/api.ts';

type TQueueAd = TApiData<'/api/moderation'>['pendingAds'][number];
export type TFraudFlag = TQueueAd['fraudFlags'][number];
type TSide = {
  id: number;
  slug: string;
  heading: string;
  image: string;
  status: TQueueAd['status'];
  owner: { name: string; banned: boolean };
  price?: number;
};

/** One ad of a matched pair: its photo large enough to compare, heading, state and seller. */
function AdSide({ label, ad }: { label: string; ad: TSide }) {
  return (
    <figure className="min-w-0 space-y-2 rounded-lg border border-slate-200 bg-white p-2">
      {ad.image ? (
        <img
          src={uploadUrl(ad.image, 400)}
          alt={ad.heading}
          className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover"
        />
      ) : (
        <div className="flex aspect-[4/3] w-full items-center justify-center rounded-md bg-slate-100 text-xs text-slate-500">
          No photo
        </div>
      )}
      <figcaption className="space-y-1 text-sm">
        <span className="block text-xs font-medium uppercase tracking-wide text-slate-500">{label}</span>
        <span className="flex flex-wrap items-center gap-2">
          <a
            href={`/add-details/${encodeURIComponent(ad.slug)}`}
            className="break-words font-semibold text-slate-900 hover:underline"
          >
            {ad.heading}
          </a>
          <AdStateBadge status={ad.status} />
        </span>
        <span className="block text-slate-600">
          By {ad.owner.name}
          {ad.owner.banned ? ' (banned)' : ''}
          {ad.price !== undefined ? ` · ${formatPrice(ad.price)}` : ''}
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * An ad's open fraud signals on the moderation screen (docs/MODERATION.md, Fraud signals):
 * each reason, and for a photo or text match the two ads side by side, with a button to
 * dismiss a false match so it is not raised again.
 */
export default function FraudFlags({
  ad,
  busy,
  onDismiss,
}: {
  ad: TQueueAd;
  busy: boolean;
  onDismiss: (flag: TFraudFlag) => void;
}) {
  if (!ad.fraudFlags.length) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label="Fraud signals">
      {ad.fraudFlags.map((flag) => (
        <li key={flag.id} className="rounded-lg border border-rose-200 bg-rose-50 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 break-words text-sm font-semibold text-rose-900">{flag.reason}</p>
            <Button variant="secondary" disabled={busy} onClick={() => onDismiss(flag)}>
              Dismiss flag
            </Button>
          </div>
          {flag.match && (
            <div className="mt-2 grid max-w-2xl gap-2 sm:grid-cols-2">
              <AdSide label="This ad" ad={ad} />
              <AdSide label={`Ad ${flag.match.id}`} ad={flag.match} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
