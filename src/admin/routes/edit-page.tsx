/** Placeholder until this screen's issue lands. */
export default function ComingSoon() {
  return <p className="text-slate-600">This section is coming soon.</p>;
}
