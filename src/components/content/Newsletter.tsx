import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { notify } from '../../lib/toast.ts';
import { firstError, isEmail, NEWSLETTER_MESSAGES } from './form-checks.ts';

type Props = { title?: string; text?: string };

/** The newsletter band that ends the public pages. It validates but makes no call (SPEC.md §7). */
export default function Newsletter({
  title = 'Subscribe to our newsletter',
  text = 'New listings, tips for selling faster and marketplace news.',
}: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const error = firstError([
      [email.trim() !== '', NEWSLETTER_MESSAGES.email],
      [isEmail(email), NEWSLETTER_MESSAGES.emailFormat],
    ]);
    if (error) return notify.error(error);
    notify.success(NEWSLETTER_MESSAGES.done);
    setEmail('');
  };
  return (
    // -mb-16 meets the footer (which keeps mt-16 for pages that end without this band).
    <section aria-labelledby={`${id}-title`} className="-mb-16 bg-primary text-primary-fg">
      <div className="mx-auto flex max-w-[1200px] flex-col items-start gap-6 px-4 py-10 md:flex-row md:items-center md:justify-between">
        <div className="flex items-start gap-4">
          <span className="hidden h-12 w-12 shrink-0 place-items-center rounded-full bg-white/15 sm:grid">
            <Mail className="h-6 w-6" aria-hidden="true" />
          </span>
          <div>
            <h2 id={`${id}-title`} className="text-xl font-bold">
              {title}
            </h2>
            <p className="mt-1 opacity-90">{text}</p>
          </div>
        </div>
        <form onSubmit={submit} noValidate className="flex w-full max-w-md gap-2">
          <label htmlFor={`${id}-email`} className="sr-only">
            Email address
          </label>
          <input
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="Enter your email"
            autoComplete="email"
            className="min-w-0 flex-1 rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:ring-white focus:outline-none"
          />
          <button
            type="submit"
            className="shrink-0 rounded-lg bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-slate-800"
          >
            Subscribe Now
          </button>
        </form>
      </div>
    </section>
  );
}
