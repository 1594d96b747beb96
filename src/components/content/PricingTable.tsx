import { useState } from 'react';
import { formatPrice } from '../ads/format.ts';
import MembershipModal from './MembershipModal.tsx';

type TPlan = { id: number; plan_name: string; subscription_type: string; price: number | null };

/** SPEC.md §3, §9: type 'NA' and a missing (or zero) price show FREE. */
export const planType = (t: string) => (t.trim().toUpperCase() === 'NA' || !t.trim() ? 'FREE' : t);
export const planPrice = (p: number | null) => (p === null || Number(p) === 0 ? 'FREE' : formatPrice(p));

/** The membership pricing table (About Us and Membership Plan); Select opens the Membership Form. */
export default function PricingTable({ plans }: { plans: TPlan[] }) {
  const [chosen, setChosen] = useState<string | null>(null);
  if (!plans.length) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        No membership plans are available right now.
      </p>
    );
  }
  return (
    <>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs tracking-wider text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-3 sm:px-5 font-semibold">
                Level
              </th>
              <th scope="col" className="px-3 py-3 sm:px-5 font-semibold">
                Type
              </th>
              <th scope="col" className="px-3 py-3 sm:px-5 font-semibold">
                Price
              </th>
              <th scope="col" className="px-3 py-3 sm:px-5 text-right font-semibold">
                Action
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {plans.map((p) => (
              <tr key={p.id} className="even:bg-slate-50/60">
                <th scope="row" className="px-3 py-4 sm:px-5 text-base font-semibold text-slate-900">
                  {p.plan_name}
                </th>
                <td className="px-3 py-4 sm:px-5 text-slate-700">{planType(p.subscription_type)}</td>
                <td className="px-3 py-4 sm:px-5 text-lg font-bold text-slate-900">{planPrice(p.price)}</td>
                <td className="px-3 py-4 sm:px-5 text-right">
                  <button
                    type="button"
                    onClick={() => setChosen(p.plan_name)}
                    className="rounded-lg bg-primary px-3 py-2 text-sm sm:px-4 font-semibold text-primary-fg hover:brightness-110"
                    aria-label={`Select ${p.plan_name}`}
                  >
                    Select
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MembershipModal planName={chosen} onClose={() => setChosen(null)} />
    </>
  );
}
