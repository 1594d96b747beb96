/** Dark backdrop, white spinner, layer 99999. `inline` for small areas. */
export default function Spinner({ overlay = false, label = 'Loading…' }: { overlay?: boolean; label?: string }) {
  const wheel = (
    <span role="status" aria-live="polite" className="inline-flex items-center gap-3">
      <span
        className={`h-8 w-8 animate-spin rounded-full border-4 ${overlay ? 'border-white/30 border-t-white' : 'border-slate-200 border-t-primary'}`}
        aria-hidden="true"
      />
      <span className={overlay ? 'sr-only' : 'text-sm text-slate-500'}>{label}</span>
    </span>
  );
  if (!overlay) return <div className="flex justify-center py-10">{wheel}</div>;
  return <div className="fixed inset-0 z-[99999] grid place-items-center bg-black/60">{wheel}</div>;
}
