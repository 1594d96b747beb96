import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { resolveValue, ToastBar, Toaster } from 'react-hot-toast';
import { showFlash } from '../lib/toast.ts';

/** The one toast outlet of a page: 5 s, top-right, newest on top, no duplicates (docs/SCREENS.md, Toasts). */
export default function Toasts() {
  useEffect(() => {
    showFlash();
  }, []);
  return (
    <Toaster
      position="top-right"
      reverseOrder={false}
      gutter={10}
      containerStyle={{ top: 16, right: 16 }}
      toastOptions={{
        duration: 5000,
        className: 'text-sm',
        style: {
          whiteSpace: 'pre-line',
          maxWidth: 380,
          borderRadius: 12,
          padding: '10px 14px',
          color: '#0f172a',
          boxShadow: '0 10px 30px -10px rgba(15, 23, 42, 0.35), 0 0 0 1px rgba(15, 23, 42, 0.06)',
        },
      }}
    >
      {(t) => (
        <ToastBar toast={t}>
          {({ icon, message }) => {
            // notify(message, title) sends 'Title\nMessage': the title reads as a bold first line.
            const text = resolveValue(t.message, t);
            const [title, ...rest] = typeof text === 'string' ? text.split('\n') : [];
            return (
              <>
                {icon}
                {rest.length > 0 ? (
                  <div {...t.ariaProps} className="mx-2.5 my-1 flex-1 leading-snug">
                    <strong className="block font-semibold">{title}</strong>
                    {rest.join('\n')}
                  </div>
                ) : (
                  message
                )}
              </>
            );
          }}
        </ToastBar>
      )}
    </Toaster>
  );
}

/**
 * Mounts the outlet once. Layout.astro calls this only on pages that can toast (they have
 * islands, or a flash is waiting), so text pages load no React at all. Toasts raised before
 * the outlet mounts are kept by react-hot-toast and shown when it does.
 */
export function mountToasts() {
  if (document.getElementById('toasts')) return;
  const el = document.createElement('div');
  el.id = 'toasts';
  document.body.append(el);
  createRoot(el).render(<Toasts />);
}
