import Section from './Section.tsx';
import type { TAccount } from './types.ts';

/** The current plan with its live limits, and a pending request if there is one. */
export default function PlanSection({ account }: { account: TAccount }) {
  const { plan, pendingRequest } = account;
  const limits = [
    ['Photos per ad', String(plan.photos)],
    ['Ads per day', plan.adsPerDay === null ? 'Unlimited' : String(plan.adsPerDay)],
    ['Days an ad stays up', String(plan.expiryDays)],
    ['Featured ads', plan.featured ? 'Included' : 'Not included'],
  ];
  return (
    <Section title="Membership plan">
      <p className="text-sm text-slate-700">
        Your plan:{' '}
        <strong data-testid="account-plan" className="text-slate-900">
          {plan.name}
        </strong>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {limits.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-base font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {pendingRequest ? (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Your request for the {pendingRequest.planName} plan is waiting for our team. We will contact you to arrange
          payment.
        </p>
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          Need more?{' '}
          <a href="/membership" className="font-medium text-primary-ink underline">
            Compare the membership plans
          </a>
          .
        </p>
      )}
    </Section>
  );
}
