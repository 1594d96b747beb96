import { Mail, MapPin, Menu, Phone, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { logout } from '../lib/logout.ts';

type Props = {
  menu: { href: string; label: string }[];
  signedIn: boolean;
  address: string;
  phone: string;
  email: string;
  socialLinks: { icon: string; url: string }[];
};

/** The slide-out menu below 1024px. Escape closes it; focus moves in and back out. */
export default function MobileMenu({ menu, signedIn, address, phone, email, socialLinks }: Props) {
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
      openerRef.current?.focus();
    };
  }, [open]);

  return (
    <div className="lg:hidden">
      <button
        ref={openerRef}
        type="button"
        className="grid h-10 w-10 place-items-center rounded-md text-slate-700 hover:bg-slate-100"
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen(true)}
      >
        <Menu className="h-6 w-6" aria-hidden="true" />
      </button>
      {open && (
        <div className="fixed inset-0 z-50" role="dialog" aria-modal="true" aria-label="Menu" id="mobile-menu">
          <button
            type="button"
            aria-label="Close menu"
            tabIndex={-1}
            className="absolute inset-0 bg-slate-900/50"
            onClick={() => setOpen(false)}
          />
          <div className="absolute inset-y-0 right-0 flex w-[85vw] max-w-sm flex-col overflow-y-auto bg-white p-5 shadow-xl">
            <div className="mb-4 flex items-center justify-between">
              <span className="text-lg font-semibold">Menu</span>
              <button
                ref={closeRef}
                type="button"
                aria-label="Close menu"
                className="grid h-10 w-10 place-items-center rounded-md hover:bg-slate-100"
                onClick={() => setOpen(false)}
              >
                <X className="h-6 w-6" aria-hidden="true" />
              </button>
            </div>
            <nav aria-label="Mobile">
              <ul className="space-y-1">
                {menu.map((m) => (
                  <li key={m.href}>
                    <a
                      href={m.href}
                      className="block rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-slate-100"
                    >
                      {m.label}
                    </a>
                  </li>
                ))}
                {signedIn ? (
                  <>
                    <li>
                      <a
                        href="/admin/dashboard"
                        className="block rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-slate-100"
                      >
                        Account
                      </a>
                    </li>
                    <li>
                      <button
                        type="button"
                        onClick={() => void logout()}
                        className="block w-full rounded-md px-3 py-2 text-left font-medium text-slate-800 hover:bg-slate-100"
                      >
                        Logout
                      </button>
                    </li>
                  </>
                ) : (
                  <li>
                    <a
                      href="/sign-in"
                      className="block rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-slate-100"
                    >
                      Sign In
                    </a>
                  </li>
                )}
              </ul>
            </nav>
            <div className="mt-6 space-y-3 border-t border-slate-200 pt-4 text-sm text-slate-600">
              {address && (
                <p className="flex gap-2">
                  <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
                  {address}
                </p>
              )}
              {phone && (
                <a className="flex gap-2" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                  <Phone className="h-4 w-4" aria-hidden="true" />
                  {phone}
                </a>
              )}
              {email && (
                <a className="flex gap-2" href={`mailto:${email}`}>
                  <Mail className="h-4 w-4" aria-hidden="true" />
                  {email}
                </a>
              )}
              {socialLinks.length > 0 && (
                <ul className="flex flex-wrap gap-3 pt-2">
                  {socialLinks.map((s) => (
                    <li key={`${s.icon}${s.url}`}>
                      <a href={s.url} target="_blank" rel="noopener nofollow" className="text-primary-ink underline">
                        {s.icon.replace(/fa-(brands|solid)\s*/g, '').replace(/fa-/g, '') || 'link'}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
