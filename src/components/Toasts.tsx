import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { showFlash } from '../lib/toast.ts';

/** The one toast outlet of a page (SPEC.md §9: 5 s, top-right, newest on top). */
export default function Toasts() {
  useEffect(() => {
    showFlash();
  }, []);
  return (
    <Toaster
      position="top-right"
      reverseOrder={false}
      toastOptions={{ duration: 5000, style: { whiteSpace: 'pre-line', maxWidth: 380 }, className: 'text-sm' }}
    />
  );
}
